"""Carnegie end to end through the slash commands: typing a move, the pictures, score, log, rules and
status, replacing a player, and a slow picture that never delays the acknowledgement."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.service.render_pool import RenderPool
from tests.e2e.carnegie_play import check_image, open_carnegie, seeded, sessions_of
from tests.e2e.test_lobby import DEFERRED_MESSAGE, acked, private_reply
from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord


async def test_carnegie_commands(fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261125)
    sessions = sessions_of(handle)
    await open_carnegie(fake, ["alice", "bob"], tab_sides="random", beginner=True)
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    status = await sessions.reading.status(game_id)
    assert status.progress is not None
    seat = next(s for s in status.progress.decision.seats if s not in status.table.ai_seats)
    user = "alice" if seat == 0 else "bob"
    # Typing: the suggestions are the legal actions; a suggestion plays like a button.
    suggested = acked(await fake.autocomplete(user, "games", "game play", focused="action", value=""))
    offered = [c["value"] for c in suggested.choices]
    legal = [c.notation for c in status.progress.choices[seat]]
    assert offered == legal[:25] and offered
    other = "bob" if user == "alice" else "alice"
    refused = acked(await fake.slash(other, "games", "game play", action=offered[0]), DEFERRED_MESSAGE)
    assert (await private_reply(refused)).content == "It is not your turn."
    typed = acked(await fake.slash(user, "games", "game play", action=offered[0]), DEFERRED_MESSAGE)
    reply = await private_reply(typed)
    assert reply.content.startswith("✓") or "Your part is done" in reply.content
    assert (await sessions.reading.status(game_id)).table.version == status.table.version + 1

    board = await acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE).wait_response(
        PICTURE_PATIENCE
    )
    assert board.ephemeral
    check_image(board)
    company = await acked(await fake.slash("alice", "games", "game player"), DEFERRED_MESSAGE).wait_response(
        PICTURE_PATIENCE
    )
    assert company.ephemeral and "company" in company.content
    check_image(company)
    score = await acked(await fake.slash("alice", "games", "game score"), DEFERRED_MESSAGE).wait_response()
    assert "provisional score" in score.content and "active employees" in score.content
    log = await acked(await fake.slash("alice", "games", "game log", n=5), DEFERRED_MESSAGE).wait_response()
    assert "latest actions" in log.content
    rules = await acked(
        await fake.slash("carol", "games", "game rules", topic="income"), DEFERRED_MESSAGE
    ).wait_response()
    assert rules.ephemeral and "Rulebook: Events" in rules.content
    status_panel = await private_reply(
        acked(await fake.slash("carol", "games", "game status"), DEFERRED_MESSAGE)
    )
    assert "Waiting for" in status_panel.content and "since <t:" in status_panel.content
    # Replacing a player: only the host or a moderator; the bot then plays that seat.
    refused = acked(
        await fake.slash("bob", "games", "game replace", player=fake.users["alice"]), DEFERRED_MESSAGE
    )
    assert "Only the host or a member with Manage Server" in (await private_reply(refused)).content
    replaced = acked(
        await fake.slash("mod", "games", "game replace", player=fake.users["bob"]), DEFERRED_MESSAGE
    )
    assert "seat to the bot" in (await replaced.wait_response()).content

    async def bot_plays_bob() -> bool:
        now = await sessions.reading.status(game_id)
        return now.table.ai_seats == frozenset({1}) and (
            now.progress is not None and 1 not in now.progress.decision.seats
        )

    await fake.wait_until_async(bot_plays_bob, PATIENCE, "the bot to take over Bob's seat")
    after = await sessions.reading.status(game_id)
    assert after.table.ai_seats == frozenset({1})
    assert after.progress is not None and 1 not in after.progress.decision.seats


async def test_slow_rendering_never_delays_the_acknowledgement(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 3-second rule: the bot defers before drawing, so a slow image only delays the answer."""
    fake = fake_discord
    seeded(await start_bot(tmp_path / "db.sqlite3"), 5)
    await open_carnegie(fake, ["alice", "bob"])
    draw = RenderPool.draw

    async def slow(*args: Any, **kwargs: Any) -> bytes:
        await asyncio.to_thread(time.sleep, 3.2)  # drawing waits in a worker thread
        return await draw(*args, **kwargs)

    monkeypatch.setattr(RenderPool, "draw", slow)
    outcome = acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE)
    board = await outcome.wait_response(PICTURE_PATIENCE)
    check_image(board)
