"""Concurrency (issue 8, part 2): simultaneous clicks on one game, and on 50 games at once, through
the real discord.py client and the fake Discord. Exactly the legal clicks are applied, in an order
that replays (the log, applied one by one from the seed, gives the snapshot), and every other click
gets a clear private refusal."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.service.play import STALE_CHOICE
from bot.service.sessions import Sessions
from tests.fakediscord import FakeDiscord, InteractionOutcome
from tests.reliability.helpers import (
    GAME_MODULES,
    action_id,
    answer,
    assert_replays,
    game_fingerprint,
    refusal,
    seat_race,
    sessions_of,
)

NOT_YOUR_TURN = "It is not your turn."
FOR_ANOTHER = "These choices are for another player."
CLEAR_REFUSALS = {STALE_CHOICE, NOT_YOUR_TURN, FOR_ANOTHER}


async def test_two_players_and_one_player_twice_at_the_same_moment(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    # Alice (to move) clicks twice at once on the same button; Bob clicks his own seat's and hers.
    outcomes = await asyncio.gather(
        fake.press("alice", "games", action_id(table, 0, "step 1")),
        fake.press("alice", "games", action_id(table, 0, "step 2")),
        fake.press("bob", "games", action_id(table, 1, "step 1")),
        fake.press("bob", "games", action_id(table, 0, "step 2")),
    )
    applied = await applied_in_order(outcomes, sessions, table.id)
    # One of Alice's two clicks; Bob's own-seat click only if it landed after hers (it is his turn
    # then, and nothing he could see changed: a simultaneous choice is not stale), never before.
    assert applied[0] in outcomes[:2] and set(applied) <= {*outcomes[:3]}
    assert not (outcomes[0] in applied and outcomes[1] in applied)
    if outcomes[2] not in applied:
        assert await refusal(outcomes[2]) == NOT_YOUR_TURN
    assert await refusal(outcomes[3]) == FOR_ANOTHER
    version, _, log_length = await game_fingerprint(sessions, table.id)
    assert (version, log_length) == (before[0] + len(applied), before[2] + len(applied))
    await assert_replays(sessions, table.id)


async def applied_in_order(
    outcomes: Sequence[InteractionOutcome], sessions: Sessions, game_id: int
) -> list[InteractionOutcome]:
    """The clicks the bot applied, in log order; every other one got a clear private refusal."""
    seen = [await answer(o) for o in outcomes]
    applied = {o.id: o for o, m in zip(outcomes, seen, strict=True) if m is o.record.source_message}
    for outcome in outcomes:
        if outcome.id not in applied:
            assert await refusal(outcome) in CLEAR_REFUSALS
    log = await sessions.reading.live_log(game_id)
    in_log = [row.interaction_id for row in log if row.interaction_id in {o.id for o in outcomes}]
    assert sorted(in_log) == sorted(applied), "applied = confirmed, and each exactly once"
    return [applied[i] for i in in_log]


async def test_fifty_games_in_parallel_apply_exactly_the_legal_clicks(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    channels = [fake.add_channel(fake.guild, f"table-{n}") for n in range(50)]
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    tables = [await seat_race(fake, sessions, channel) for channel in channels]
    clicks = 0
    applied_total: dict[int, int] = {}
    for _ in range(3):
        rounds = []
        for table, channel in zip(tables, channels, strict=True):
            status = await sessions.reading.status(table.id)
            seat = status.progress.decision.seats[0] if status.progress else 0
            mover, waiter = ("alice", "bob") if seat == 0 else ("bob", "alice")
            rounds.append(
                (
                    status.table,
                    [
                        fake.press(mover, channel, action_id(status.table, seat, "step 1")),
                        fake.press(mover, channel, action_id(status.table, seat, "step 2")),
                        fake.press(waiter, channel, action_id(status.table, 1 - seat, "step 1")),
                    ],
                )
            )
        # Every click of every game at the same moment.
        flat = await asyncio.gather(*(c for _, group in rounds for c in group))
        clicks += len(flat)
        for index, (table, _) in enumerate(rounds):
            group = flat[3 * index : 3 * index + 3]
            applied = await applied_in_order(group, sessions, table.id)
            assert applied[0] in group[:2] and not (group[0] in applied and group[1] in applied)
            applied_total[table.id] = applied_total.get(table.id, 0) + len(applied)
    for table in tables:
        await assert_replays(sessions, table.id)
        log = await sessions.reading.live_log(table.id)
        status = await sessions.reading.status(table.id)
        assert len(log) == applied_total[table.id]
        assert status.table.version == table.version + len(log)
    assert clicks == 450
