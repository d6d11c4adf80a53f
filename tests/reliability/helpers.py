"""Shared steps for the reliability tests: seat a race game directly through the sessions service
(the lobby flow has its own e2e tests), press custom_ids, read refusals."""

from __future__ import annotations

import json
from typing import Any

from bot.on_discord.errors import APOLOGY
from bot.service.sessions import Sessions
from bot.service.tables import Table
from tests.conftest import TEST_GAME_MODULES
from tests.fakediscord import PATIENCE, Channel, FakeDiscord, InteractionOutcome, Message
from tests.race_game import RACE

GAME_MODULES = list(TEST_GAME_MODULES)


def sessions_of(handle: Any) -> Sessions:
    sessions = handle.bot.sessions
    assert isinstance(sessions, Sessions)
    return sessions


async def seat_race(
    fake: FakeDiscord, sessions: Sessions, channel: Channel | str, host: str = "alice", other: str = "bob"
) -> Table:
    """A started race game in ``channel``: ``host`` at seat 0 (to move first), ``other`` at seat 1."""
    where = fake.channel(channel) if isinstance(channel, str) else channel
    assert where.guild_id is not None
    table = await sessions.lobby.create_game(
        guild_id=where.guild_id, channel_id=where.id, game_name="race", host_id=fake.users[host].id, seats=2
    )
    await sessions.lobby.join(table.id, fake.users[other].id)
    status = await sessions.lobby.start(table.id, fake.users[host].id)
    return status.table


def action_id(table: Table, seat: int, notation: str, version: int | None = None) -> str:
    return f"br:a:{table.id}:{table.version if version is None else version}:{seat}:{notation}"


async def answer(outcome: InteractionOutcome, timeout: float = PATIENCE) -> Message:
    """What the user saw after a click: the private refusal (a follow-up) or the redrawn message."""

    def seen() -> Message | None:
        if outcome.replies:
            return outcome.replies[-1]
        source = outcome.record.source_message
        if source is not None and source.edits > 0:
            return source
        original = outcome.message
        if original is not None and outcome.type in (4, 5) and not original.loading:
            return original
        return None

    await outcome.wait_for(lambda o: seen() is not None, timeout)
    message = seen()
    assert message is not None
    return message


async def refusal(outcome: InteractionOutcome, timeout: float = PATIENCE) -> str:
    """The ephemeral refusal text of a refused interaction (never the generic apology)."""
    message = await answer(outcome, timeout)
    assert message.ephemeral, f"the refusal must be private: {message}"
    assert message.content != APOLOGY, "a refused input must get its reason, not the apology"
    assert message is not outcome.record.source_message, "a refused click must not redraw the message"
    return message.content


async def game_fingerprint(sessions: Sessions, game_id: int) -> tuple[int, str | None, int]:
    """Version, snapshot and log length: equal before and after = nothing changed."""
    status = await sessions.reading.status(game_id)
    log = await sessions.reading.live_log(game_id)
    return status.table.version, status.table.game.snapshot, len(log)


async def assert_replays(sessions: Sessions, game_id: int) -> None:
    """The snapshot equals ``new_game(seed)`` plus the live action log."""
    assert await sessions.reading.replay(game_id) == await sessions.reading.load(game_id)


def race_turn(snapshot: str | None) -> int:
    assert snapshot is not None
    return RACE.load_state(snapshot).turn


async def asked(fake: FakeDiscord, sessions: Sessions, game_id: int, timeout: float = PATIENCE) -> None:
    """Wait until the game's turn line asks whoever decides now (or the game is over). A click is
    answered when its panel is redrawn, which may now go out beside the channel's posts: a test that
    reads the channel, or moves on as the next player would from their line, waits for this first."""

    async def check() -> bool:
        status = await sessions.reading.status(game_id)
        if status.progress is None or status.progress.decision.finished:
            return True
        game = status.table.game
        deciding = {s for s in status.progress.decision.seats if s not in status.table.ai_seats}
        lined = set(json.loads(game.prompt_seats)) if game.prompt_seats else set()
        return game.prompt_message_id is not None and deciding <= lined

    await fake.wait_until_async(check, timeout, "the turn line of whoever decides now")
