"""The smaller findings of issue 17 (finding 10): a refused turn line after a saved move, post
retries after an abandon, on a 403 and their kept images, the give-up log line, names that
reorder a line, and undos bounded so that a game's own export always imports."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.on_discord import post_retry
from bot.on_discord.errors import APOLOGY, SAVED_NOT_SHOWN
from bot.ops import transfer
from bot.service import play as play_module
from bot.service.sessions import Sessions
from bot.storage import Database, migrate, open_database
from bot.storage.games import MAX_DISPLAY_NAME
from engine.core import IllegalAction
from render.common.language import say
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.reliability.helpers import GAME_MODULES, action_id, seat_race, sessions_of

POST_MESSAGE = "POST /channels/{channel_id}/messages"
FOLLOWUP = "POST /webhooks/{app_id}/{token}"


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[Sessions]:
    database: Database = await open_database(tmp_path / "small.sqlite3")
    await migrate(database)
    try:
        yield Sessions(database)
    finally:
        await database.close()


async def test_a_move_whose_turn_line_discord_refuses_is_not_answered_with_try_again(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    await handle.bot.announcer.after_change(table.id, [])  # the first turn line
    fake.fail_next(FOLLOWUP, status=403)  # the next line: the click's public follow-up (issue 19)
    outcome = await fake.press("alice", "games", action_id(table, 0, "step 1"))
    source = outcome.record.source_message
    assert source is not None
    await fake.wait_until(lambda: source.edits > 0 or outcome.replies, PATIENCE, "the click's answer")
    await fake.settle(quiet=0.3)
    assert all(APOLOGY not in m.content for m in outcome.replies), "the move was saved: no 'try again'"
    # said as the bot says it: its commands named by mention
    assert all(m.content == say(SAVED_NOT_SHOWN) for m in outcome.replies), outcome.replies
    assert len(await sessions.reading.live_log(table.id)) == 1


def a_post(content: str = "Lap 1 is over") -> post_retry.Post:
    return post_retry.Post(1, 2, content, b"\x89PNG" + b"x" * 1000, "lap-1-board.png", False, "lap-1")


async def started(sessions: Sessions, channel: int = 5) -> int:
    table = await sessions.lobby.create_game(
        guild_id=2, channel_id=channel, game_name="race", host_id=10, seats=2
    )
    await sessions.lobby.join(table.id, 11)
    await sessions.lobby.start(table.id, 10)
    return table.id


async def payloads(sessions: Sessions) -> list[str]:
    async with sessions.store.db.transaction(write=False) as conn:
        return [
            str(r[0]) for r in await conn.fetchall("SELECT payload FROM schedules WHERE done_at IS NOT NULL")
        ]


async def test_post_retries_skip_abandoned_games_give_up_on_403_and_drop_their_image(
    sessions: Sessions,
) -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    later = now + timedelta(hours=2)
    sent: list[post_retry.Post] = []

    async def send(post: post_retry.Post) -> None:
        sent.append(post)

    abandoned = await started(sessions, 5)
    await post_retry.schedule(sessions.store.db, abandoned, a_post(), attempt=1, now=now)
    await sessions.lobby.abandon(abandoned, 10, may_manage=False)
    await started(sessions, 5)  # the channel's next game
    assert await post_retry.run_due(sessions.store.db, send, clock=lambda: later) == 0
    assert sent == [], "a retry of an abandoned game was posted into the channel's next game"

    forbidden = await started(sessions, 6)
    await post_retry.schedule(sessions.store.db, forbidden, a_post(), attempt=1, now=now)

    async def refuse(post: post_retry.Post) -> None:
        raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Access")

    assert await post_retry.run_due(sessions.store.db, refuse, clock=lambda: later) == 0
    async with sessions.store.db.transaction(write=False) as conn:
        pending = await conn.fetchall("SELECT COUNT(*) FROM schedules WHERE done_at IS NULL")
    assert next(iter(pending))[0] == 0, "a 403 is not retried"
    assert all(json.loads(p) == {} for p in await payloads(sessions)), "done rows keep no image"


async def test_giving_up_a_post_logs_no_message_text(
    sessions: Sessions, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = await started(sessions)
    with caplog.at_level(logging.INFO):
        kept = await post_retry.schedule(
            sessions.store.db, game_id, a_post("secret words"), attempt=5, now=datetime.now(UTC)
        )
    assert kept is False
    assert "gave up" in caplog.text and "secret words" not in caplog.text


async def test_names_lose_the_characters_that_reorder_a_line(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=2, channel_id=7, game_name="race", host_id=10, seats=2, host_name="\u202eevil\u2066\x07"
    )
    await sessions.lobby.join(table.id, 11, "b" * 40 + "\u202e")
    await sessions.lobby.start(table.id, 10)
    names = (await sessions.reading.status(table.id)).table.names
    assert names == ["evil", "b" * (MAX_DISPLAY_NAME - 1) + "…"]


async def test_undos_are_bounded_by_what_an_import_accepts(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play_module, "MAX_UNDOS", 2)
    table = await sessions.lobby.create_game(
        guild_id=2, channel_id=8, game_name="carnegie", host_id=10, seats=2
    )
    await sessions.lobby.join(table.id, 11)
    await sessions.lobby.start(table.id, 10)
    undone = 0
    for _ in range(60):
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        user = status.table.user_at(seat)
        assert user is not None
        await sessions.play.act(
            table.id,
            user,
            status.progress.choices[seat][0].notation,
            expected_version=None,
            interaction_id=None,
        )
        if not (await sessions.reading.live_log(table.id))[-1].barrier:
            if undone < 2:
                await sessions.play.undo(table.id, user, expected_version=None, interaction_id=None)
                undone += 1
            else:
                with pytest.raises(IllegalAction, match="used all of its 2 undos"):
                    await sessions.play.undo(table.id, user, expected_version=None, interaction_id=None)
                return
    raise AssertionError("no third step to undo came up")


async def test_a_turn_line_posted_while_the_game_is_abandoned_loses_its_button(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """A move racing /game abandon: the announcer read the game before the abandon and posts the
    line after it; the line must not stay live."""
    from bot.on_discord.turn_lines import update_turn_line

    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    before_abandon = await sessions.reading.status(table.id)
    await sessions.lobby.abandon(table.id, fake.users["alice"].id, may_manage=False)
    channel = handle.bot.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
    lines = handle.bot.announcer._lines
    await update_turn_line(sessions, lines, channel, before_abandon, force_new=False, via=None)
    await fake.settle(quiet=0.2)
    lines = [m for m in fake.channel_messages("games") if "your turn" in m.content]
    assert lines and all(not m.components for m in lines), "a live turn line after the abandon"


async def test_the_turn_line_never_pings_everyone_or_roles(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Issue 17, finding 11: widening the turn line's allowed mentions must fail a test."""
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    where = fake.channel("games")
    assert where.guild_id is not None
    table = await sessions.lobby.create_game(
        guild_id=where.guild_id,
        channel_id=where.id,
        game_name="race",
        host_id=fake.users["alice"].id,
        seats=2,
        host_name="@everyone @here",
    )
    await sessions.lobby.join(table.id, fake.users["bob"].id, "<@&123> role")
    await sessions.lobby.start(table.id, fake.users["alice"].id)
    await handle.bot.announcer.after_change(table.id, [])
    posts = [
        r for r in fake.requests_to(POST_MESSAGE) if r.json and "your turn" in str(r.json.get("content"))
    ]
    assert posts
    for request in posts:
        mentions = request.json["allowed_mentions"]
        assert "everyone" not in mentions.get("parse", []) and "roles" not in mentions.get("parse", [])
        assert not mentions.get("roles"), mentions
        assert [int(u) for u in mentions.get("users", [])] == [fake.users["alice"].id], mentions


async def test_a_player_cannot_export_a_game_in_progress_and_its_hidden_information(
    sessions: Sessions,
) -> None:
    """The solo host's export held Andrew's whole hidden deck (seed and snapshot): until the game
    ends, its players get a refusal; a moderator who is not playing, and anyone after the end,
    get the export."""
    from bot.service.refusals import Refusal

    table = await sessions.lobby.create_game(
        guild_id=2, channel_id=9, game_name="carnegie", host_id=10, seats=1
    )
    await sessions.lobby.start(table.id, 10)
    for may_manage in (False, True):
        with pytest.raises(Refusal, match="hidden cards"):
            await transfer.export_game(sessions, table.id, 10, may_manage=may_manage)
    document = await transfer.export_game(sessions, table.id, 99, may_manage=True)
    assert document["seed"] is not None
