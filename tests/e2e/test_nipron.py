"""Nipron on Discord (issue 15), end to end through the real discord.py client: ``/game new
game:nipron``, Join, Start, every decision taken from the turn line's private panel by clicking
(sometimes undoing one's own step), a summary with the board picture at every scoring and when the
final turns begin, the final ranked result with the board, the look-ups answered by Nipron's guide
and pictures, a seat handed to the bot, and a restart with an old panel still working."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Status
from bot.storage import games as game_rows
from engine.nipron import GAME
from engine.nipron.state import NipronState
from tests.e2e.carnegie_play import (
    TAKE_MY_TURN,
    Played,
    check_final_images,
    check_image,
    seeded,
    sessions_of,
    take_turn,
)
from tests.e2e.test_lobby import DEFERRED_MESSAGE, DEFERRED_UPDATE, acked, next_turn_line, seated
from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord

PLAYERS = ["alice", "bob", "carol", "dave"]


async def _open(fake: FakeDiscord, players: list[str]) -> None:
    outcome = acked(
        await fake.slash(players[0], "games", "game new", game="nipron", thread=False, players=len(players)),
        DEFERRED_MESSAGE,
    )
    lobby = await outcome.wait_response()
    for name in players[1:]:
        acked(await fake.click_button(name, fake.message(lobby.id), "Join"), DEFERRED_UPDATE)
        await seated(fake, lobby, name)
    acked(await fake.click_button(players[0], fake.message(lobby.id), "Start"), DEFERRED_UPDATE)


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.slow
async def test_a_complete_nipron_game(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, count: int
) -> None:
    fake = fake_discord
    players = PLAYERS[:count]
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261125 + count)
    await _open(fake, players)
    sessions = sessions_of(handle)
    status = await sessions.reading.status_in_channel(fake.games.id)
    users = {fake.users[name].id: name for name in players}

    # Looking around, privately: the rules topics, the board picture and one's own player board.
    topics = acked(await fake.autocomplete("bob", "games", "game rules", focused="topic", value=""))
    assert topics.choices and all("§" not in c["name"] for c in topics.choices)
    board = await acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE).wait_response(
        timeout=PICTURE_PATIENCE
    )
    check_image(board)
    mine = await acked(await fake.slash("bob", "games", "game player"), DEFERRED_MESSAGE).wait_response(
        timeout=PICTURE_PATIENCE
    )
    check_image(mine)

    rng = random.Random(count)
    played = Played()
    for turn in range(3000):
        if count == 3 and turn == 20:
            # The host hands carol's seat to the bot: it plays that seat from then on.
            replaced = acked(
                await fake.slash("alice", "games", "game replace", player=fake.users["carol"]),
                DEFERRED_MESSAGE,
            )
            await replaced.wait_response()
            await fake.wait_until_async(
                lambda: _seat_is_ai(sessions, status.table.id, 2), PATIENCE, "carol's seat taken by the bot"
            )
            # It plays on at the easy level: the strong one thinks for seconds a decision, and the
            # strength of the bot's play is not what this game checks.
            async with sessions.store.db.transaction() as conn:
                await game_rows.set_ai(conn, status.table.id, 2, "easy")
        if not await take_turn(fake, sessions, status.table.id, users, rng, played):
            break
    else:
        raise AssertionError("the game did not end")
    final_status = await sessions.reading.status_in_channel(fake.games.id, include_ended=True)
    assert final_status.table.game.status is Status.FINISHED
    replayed = await sessions.reading.replay(status.table.id)
    stored = await sessions.reading.load(status.table.id)
    assert isinstance(replayed, NipronState) and isinstance(stored, NipronState)
    assert GAME.dump_state(replayed) == GAME.dump_state(stored)
    sheet = GAME.score(replayed)

    def bots_posts() -> list[Any]:
        return [m for m in fake.channel_messages("games") if m.author.id == fake.bot.id]

    # A bot's seat may make the last move: the game is over in the database a moment before its
    # final post is made.
    await fake.wait_until(lambda: "game over" in bots_posts()[-1].content, PATIENCE, "the final post")
    public = bots_posts()
    final = public[-1]
    assert "game over" in final.content
    for line in sheet.lines:
        assert f"<@{final_status.table.user_at(line.seat or 0)}>: **{line.total}**" in final.content
    # A summary longer than a message comes in parts, never cut; its last part has the score.
    parts = [m for m in public if m.content.startswith("**Nipron — ")]
    assert all(len(m.content) <= 2000 and "earlier (`/game log`)" not in m.content for m in parts)
    summaries = [m for m in parts if "Provisional score" in m.content]
    await fake.wait_for_pictures([*summaries, final])
    check_final_images(final)
    titles = [m.content.split("\n")[0].replace("** (continued)", ".**") for m in summaries]
    assert titles == [
        "**Nipron — Scoring 1 is done.**",
        "**Nipron — Scoring 2 is done.**",
        "**Nipron — The final turns begin.**",
        "**Nipron — Scoring 3 is done.**",
    ], titles
    for message in summaries:
        check_image(message)
    # Between scorings nothing is posted per turn beyond the turn line: lobby, lines, summaries, result.
    lines = [
        m
        for m in public
        if any(b.get("label") == TAKE_MY_TURN for b in m.buttons()) or "your turn" in m.content
    ]
    handed = [m for m in public if "seat to the bot" in m.content]  # the /game replace announcement
    assert len(handed) == (1 if count == 3 else 0)
    assert len(public) == 1 + len(lines) + len(parts) + len(handed) + 1
    assert played.decisions > 20


async def _seat_is_ai(sessions: Any, game_id: int, seat: int) -> bool:
    return seat in (await sessions.reading.status(game_id)).table.ai_seats


async def test_a_nipron_panel_from_before_a_restart_still_works(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    first = seeded(await start_bot(db), 7)
    await _open(fake, ["alice", "bob"])
    line = await next_turn_line(fake, 0)
    sessions = sessions_of(first)
    status = await sessions.reading.status_in_channel(fake.games.id)
    assert status.progress is not None
    seat = status.progress.decision.seats[0]
    user = "alice" if status.table.user_at(seat) == fake.users["alice"].id else "bob"
    panel = await acked(await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE).wait_response()
    await first.stop()
    second = await start_bot(db)
    choice = next(b for b in panel.buttons() if b["custom_id"].startswith(("br:a:", "br:i:")))
    edits = panel.edits
    clicked = acked(await fake.click(user, panel, choice["custom_id"]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.message(panel.id).edits > edits, PATIENCE, "the old panel redrawn")
    assert not clicked.replies
    after = await sessions_of(second).reading.status(status.table.id)
    assert after.table.version == status.table.version + 1
