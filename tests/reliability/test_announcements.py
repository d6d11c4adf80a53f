"""Every announcement survives a crash (issue 17, findings 3 and 4): a summary or final post is
owed from the moment the move that reached it is saved until Discord took it, and a decision
whose turn line was never posted is announced at the next start and by the periodic catch-up."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.on_discord import announce
from bot.on_discord import client as bot_client
from bot.service.sessions import Sessions
from bot.storage import open_database
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.reliability.helpers import GAME_MODULES, action_id, answer, seat_race, sessions_of

FOLLOWUP = "POST /webhooks/{app_id}/{token}"


def summaries(fake: FakeDiscord, title: str = "Lap 1", channel: str = "games") -> list[Any]:
    return [m for m in fake.channel_messages(channel) if f"{title} is over" in m.content]


def turn_lines(fake: FakeDiscord, channel: str = "games") -> list[Any]:
    return [m for m in fake.channel_messages(channel) if "your turn" in m.content]


def user_at(fake: FakeDiscord, seat: int) -> int:
    return fake.users["alice" if seat == 0 else "bob"].id


async def play_offline(db: Path, game_id: int, fake: FakeDiscord, moves: int) -> int:
    """Moves saved while no bot runs: what the database holds when the bot was killed right after
    saving them, before it announced anything. Returns the seat that must decide next."""
    database = await open_database(db)
    try:
        sessions = Sessions(database)
        for _ in range(moves):
            status = await sessions.reading.status(game_id)
            assert status.progress is not None
            seat = status.progress.decision.seats[0]
            await sessions.play.act(
                game_id, user_at(fake, seat), "step 1", expected_version=None, interaction_id=None
            )
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        return status.progress.decision.seats[0]
    finally:
        await database.close()


async def test_a_summary_and_turn_line_cut_off_by_a_crash_are_posted_once_at_the_next_start(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    handle = await start_bot(db, game_modules=GAME_MODULES)
    table = await seat_race(fake, sessions_of(handle), "games")
    await handle.stop()
    # Four moves close lap 1: its summary and the next player's turn line are owed.
    next_seat = await play_offline(db, table.id, fake, 4)
    assert not summaries(fake) and not turn_lines(fake)

    handle = await start_bot(db, game_modules=GAME_MODULES)
    await fake.wait_until(
        lambda: summaries(fake) and turn_lines(fake), PATIENCE, "the owed summary and turn line"
    )
    await fake.settle(quiet=0.3)
    assert len(summaries(fake)) == 1 and len(turn_lines(fake)) == 1
    line = turn_lines(fake)[0]
    assert str(user_at(fake, next_seat)) in line.content
    assert fake.channel_messages("games").index(summaries(fake)[0]) < fake.channel_messages("games").index(
        line
    )

    # Another restart (and the periodic catch-up) owes nothing: nothing is posted twice.
    await handle.stop()
    count = len(fake.channel_messages("games"))
    handle = await start_bot(db, game_modules=GAME_MODULES)
    await handle.bot.announcer.catch_up()
    await fake.settle(quiet=0.3)
    assert len(fake.channel_messages("games")) == count


async def test_a_summary_whose_drawing_was_cut_off_is_posted_at_the_next_start(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops (as if killed) while it draws the summary's picture: the summary's text went out
    before the drawing began, and the next start edits the picture onto it (no second post)."""
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    handle = await start_bot(db, game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    await play_offline(db, table.id, fake, 3)
    drawing = asyncio.Event()

    async def hang(*args: Any, **kwargs: Any) -> bytes:
        drawing.set()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    handle.bot.render_pool.draw = hang
    status = await sessions.reading.status(table.id)
    assert status.progress is not None
    seat = status.progress.decision.seats[0]
    await fake.press(
        "alice" if seat == 0 else "bob", "games", action_id(status.table, seat, "step 1"), timeout=10
    )
    await asyncio.wait_for(drawing.wait(), 10)
    monkeypatch.setattr(bot_client, "SHUTDOWN_GRACE", 0.05)
    await handle.stop()
    for task in asyncio.all_tasks():
        if task.get_name().startswith(bot_client.HANDLER_TASKS):
            task.cancel()
    (summary,) = summaries(fake)
    assert not summary.attachments

    await start_bot(db, game_modules=GAME_MODULES)
    await fake.wait_for_pictures([summary])
    await fake.settle(quiet=0.3)
    assert [m.id for m in summaries(fake)] == [summary.id], "posted once, its picture edited onto it"


async def test_a_turn_line_that_discord_refused_is_posted_by_the_periodic_catch_up(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    monkeypatch.setattr(announce, "CATCH_UP_EVERY", 0.3, raising=False)
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    await fake.wait_until(lambda: turn_lines(fake), PATIENCE, "the first turn line (start-up catch-up)")
    fake.fail_next(FOLLOWUP, status=403)  # the click's public follow-up (issue 19)
    outcome = await fake.press("alice", "games", action_id(table, 0, "step 1"))
    await answer(outcome)
    # The move was saved; its turn line was refused; the next catch-up posts it.
    await fake.wait_until(
        lambda: any(str(fake.users["bob"].id) in m.content for m in turn_lines(fake)),
        PATIENCE,
        "bob's turn line",
    )
    await fake.settle(quiet=0.5)
    assert sum(str(fake.users["bob"].id) in m.content for m in turn_lines(fake)) == 1
