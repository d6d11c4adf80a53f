"""10,000-character names, and names full of combining marks, emoji, newlines, markdown and
@everyone, through every surface a name reaches: the lobby, turn lines, panels, look-ups, lap
summaries, the final result, pictures, reminders in the channel and by direct message, the clock's
posts, /boardroom turns, the export, and refusals that name someone.

Discord itself caps a display name at 32 characters; the bot must not rely on it (an old row, an
import, a change of Discord's rules). The fake refuses every message real Discord would (content
over 2,000 characters, labels over 80 or 100, …: ``FakeDiscord.assert_clean`` at teardown), so a
name that blows a message up fails the test there as well as here."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import plugins
from bot.service.words import said
from bot.storage.games import MAX_DISPLAY_NAME, bounded_name
from tests.bot.conftest import ManualClock
from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    GAME_MODULES,
    acked,
    private_reply,
    seated,
)
from tests.e2e.test_turn_clocks import HOUR, MONDAY
from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord, Message
from tests.reliability.helpers import action_id, answer, asked, assert_replays, sessions_of

PNG = b"\x89PNG\r\n\x1a\n"
# e + a combining acute, 5,000 times: 10,000 code points that draw as 5,000 letters.
ZALGO = "@everyone " + "e\u0301" * 4995
# Emoji (some joined by ZWJ), newlines, markdown and a masked link, to 10,000 characters.
MESSY = ("👩\u200d👩\u200d👧 **bold** # not a heading\n> quote ||spoiler|| [x](https://example.com) " * 200)[
    :10_000
]
LONG = "W" * 10_000


def shown(name: str) -> str:
    """How a long name reads inside a message: cut, with a visible ellipsis, and escaped."""
    bounded = bounded_name(name)
    assert bounded is not None and bounded.endswith("…") and len(bounded) == MAX_DISPLAY_NAME
    return said(bounded)


def everything_sent(fake: FakeDiscord) -> list[Message]:
    return [m for m in fake.messages.values() if not m.deleted]


async def test_huge_and_wild_names_stay_within_discords_limits_everywhere(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Demanded: nothing crashes or is refused by Discord; every message stays within its limits
    (the fake checks each); each name is cut in one place with a visible ellipsis, the same way in
    every post; nobody is pinged by a name; pictures are drawn; the game replays."""
    fake = fake_discord
    fake.users["alice"].global_name = ZALGO
    fake.guild.members[fake.users["bob"].id].nick = MESSY
    carol = fake.add_user("carol")
    carol.global_name = LONG
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    clock = ManualClock(MONDAY)
    handle.bot.sessions.store.clock = clock
    sessions = sessions_of(handle)

    # Bob asks for his reminders by direct message.
    acked(await fake.slash("bob", "general", "boardroom me", dm=True), DEFERRED_MESSAGE)
    opened = acked(
        await fake.slash("alice", "games", "game new", game="race", thread=False, speed="normal"),
        DEFERRED_MESSAGE,
    )
    lobby = await opened.wait_response()
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    lobby = await seated(fake, lobby, "bob")
    assert f"<@{fake.users['alice'].id}>" in lobby.content  # people are mentioned there, not named
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    status = await fake.wait_until_async(
        lambda: _started(sessions, fake.games.id), PATIENCE, "the game to start"
    )
    table = status.table
    assert table.names == [bounded_name(ZALGO), bounded_name(MESSY)]

    # The look-ups, and a refusal that names someone who is not playing.
    for command, options in (
        ("game status", {}),
        ("game log", {"n": 40}),
        ("game score", {}),
        ("game board", {}),
        ("game player", {}),
        ("game player", {"player": carol}),
        ("game replace", {"player": carol}),
        ("game expel", {"player": carol}),
    ):
        reply = await answer(await fake.slash("alice", "games", command, **options), timeout=PICTURE_PATIENCE)
        assert reply.content or reply.attachments, command
        assert len(reply.content) <= 2000
    refused = await private_reply(
        acked(await fake.slash("alice", "games", "game player", player=carol), DEFERRED_MESSAGE)
    )
    assert refused.content == "That member is not playing in this game."

    # The clock: bob's reminder by direct message, alice's in the channel, then out of time.
    await _move(fake, sessions, table.id, "alice")
    clock.advance(4 * HOUR)
    assert await handle.bot.scheduler.run_due() >= 1
    await fake.wait_for_message("dm-bob", lambda m: "a reminder" in m.content, what="bob's reminder")
    clock.advance(20 * HOUR)
    await handle.bot.scheduler.run_due()
    await fake.wait_for_message("games", lambda m: "has run out of time" in m.content, what="out of time")
    turns = await private_reply(
        acked(await fake.slash("bob", "general", "boardroom turns"), DEFERRED_MESSAGE)
    )
    assert "Your turn in" in turns.content

    # A lap summary with its picture, then the game to its end.
    async def deciding() -> list[int]:
        progress = (await sessions.reading.status(table.id)).progress
        assert progress is not None
        return progress.decision.seats

    while await deciding():
        await _move(fake, sessions, table.id, None)
    result = await fake.wait_for_message("games", lambda m: "game over" in m.content, what="the result")
    assert shown(ZALGO) in result.content or shown(MESSY) in result.content
    lap = await fake.wait_for_message("games", lambda m: "Lap 1 is over" in m.content, what="lap 1")
    await fake.wait_for_pictures([lap, result])
    assert lap.attachments[0].data.startswith(PNG)
    assert shown(ZALGO) in lap.content

    exported = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom export"), DEFERRED_MESSAGE)
    )
    document = json.loads(exported.attachments[0].data)
    assert [s["display_name"] for s in document["seats"]] == table.names
    await assert_replays(sessions, table.id)

    # A game in a thread of its own: the thread is named after its players.
    tables = fake.add_channel(fake.guild, "tables")
    opened = await fake.slash("alice", tables, "game new", game="race", thread=True)
    lobby = await opened.wait_response()
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    lobby = await seated(fake, lobby, "bob")
    acked(await fake.click_button("alice", lobby, "Start"), DEFERRED_UPDATE)
    thread = await fake.wait_until(
        lambda: next((c for c in fake.channels.values() if c.parent_id == tables.id), None),
        PATIENCE,
        "the thread",
    )
    assert len(thread.name) <= 100 and (bounded_name(ZALGO) or "")[:20] in thread.name

    await fake.settle(quiet=0.2, timeout=10)
    assert not fake.problems, fake.problems
    for message in everything_sent(fake):
        assert len(message.content) <= 2000
        assert LONG[:200] not in message.content and ZALGO[:200] not in message.content
    # A name never pings: @everyone in it is text, and nothing allowed "everyone".
    for request in fake.requests:
        if isinstance(request.json, dict) and "allowed_mentions" in request.json:
            assert "everyone" not in (request.json["allowed_mentions"].get("parse") or [])


async def _started(sessions: Any, channel_id: int) -> Any:
    try:
        status = await sessions.reading.status_in_channel(channel_id)
    except Exception:
        return None
    return status if status.progress is not None and status.table.game.snapshot else None


async def _move(fake: FakeDiscord, sessions: Any, game_id: int, who: str | None) -> None:
    status = await sessions.reading.status(game_id)
    seat = status.progress.decision.seats[0]
    user = who or ("alice" if seat == 0 else "bob")
    outcome = await fake.press(user, "games", action_id(status.table, seat, "step 2"))
    await answer(outcome)
    await asked(fake, sessions, game_id)


@pytest.mark.parametrize("game_name", ["carnegie", "nipron"])
def test_every_picture_is_drawn_with_wild_names_at_its_usual_size(game_name: str) -> None:
    """Every picture of both games, drawn with the names as the bot keeps them (bounded) and with
    plain ones. Demanded: a PNG of the same dimensions and within the upload budget (1.5 MB), so a
    name can neither grow a picture nor break its drawing."""
    found = plugins.plugin(game_name)
    assert found.pictures is not None
    game = found.rules
    state = game.new_game(4, 5, {})
    wild = [bounded_name(name) or "" for name in (ZALGO, MESSY, "\ufdfd" * 10_000, LONG)]
    plain = ["Ann", "Bo", "Cy", "Di"]
    found.pictures.warm_up()
    for spec in found.pictures.specs:
        seat = 0 if spec.per_seat else None
        view, score = game.view(state, seat), game.score(state)
        drawn = found.pictures.draw(spec.key, view, seat, wild, score)
        usual = found.pictures.draw(spec.key, view, seat, plain, score)
        assert drawn.startswith(PNG) and len(drawn) <= 1_500_000, spec.key
        assert Image.open(io.BytesIO(drawn)).size == Image.open(io.BytesIO(usual)).size, spec.key
