"""A week of simulated play (issue 20) for three games with absent players, on a real SQLite file with
a clock the test moves in ten-minute steps: reminders come when due and never closer than their
speed's gap, never in a player's quiet hours nor on vacation; the absent player is skipped, the bot
plays for them, and "I'm back" returns the seat; no schedule outlives its game or its decision.

With ``ABSENT_WEEK=path`` the week is written there as a transcript (docs/transcripts/absent-week.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

from bot.clocks.quiet_hours import Pauses, running_at
from bot.clocks.time_banks import Due, OutOfTime, Reminder
from bot.service.clock import epoch, from_epoch
from bot.service.refusals import ClockRefused
from bot.service.speeds import MINUTE, SPEEDS
from bot.storage import Database, Status
from bot.storage import clocks as clock_rows
from tests.bot.conftest import play_bots
from tests.bot.jobs import pending_schedules
from tests.bot.test_turn_clocks import MONDAY, Table

ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}
ZONES = {
    ALICE: ("Europe/Paris", (23, 8)),
    BOB: ("America/New_York", (22, 7)),
    CAROL: ("UTC", None),
    DAVE: ("Asia/Tokyo", (0, 7)),
}
# When each player looks at Discord (UTC hours); Bob is away from Monday noon until Friday 15:00.
CHECK_INS = {ALICE: (8, 12, 17, 21), BOB: (13, 16, 20), CAROL: (9, 14, 19), DAVE: (1, 5, 10)}
BOB_AWAY = (epoch(MONDAY) + 3 * 3600, epoch(MONDAY) + 4 * 86400 + 6 * 3600)


@dataclass
class Week:
    table: Table
    lines: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        now = self.table.clock()
        self.lines.append(f"{now:%a %H:%M} UTC — {text}")


def _name(due: Due) -> str:
    return NAMES[due.table.user_at(due.seat) or 0]


def _tell(week: Week, due: Due) -> list[OutOfTime]:
    if isinstance(due, Reminder):
        kind = "reminder" if due.which == "first" else "warning: clock running out"
        week.say(f"game #{due.table.id}: {kind} to {_name(due)}")
        return []
    week.say(f"game #{due.table.id}: {_name(due)} has run out of time (Skip offered)")
    return [due]


async def _come_back(week: Week, games: dict[int, str], user: int) -> None:
    """A skipped player who looks in presses "I'm back"."""
    table = week.table
    for game_id in games:
        status = await table.sessions.reading.status(game_id)
        seat = status.table.seat_of(user)
        if status.table.game.status is not Status.ACTIVE or seat is None:
            continue
        if (await table.clocks.reading.times(game_id))[1][seat].skipped:
            await table.clocks.acts.back(game_id, user)
            week.say(f"game #{game_id}: {NAMES[user]} is back (I'm back)")
            await table.clocks.banks.sync(game_id)


async def _skip(week: Week, out_of_time: list[OutOfTime], user: int) -> None:
    """Another player who looks in presses Skip on every out-of-time line of their games."""
    table = week.table
    for due in list(out_of_time):
        seat = due.table.seat_of(user)
        if seat is None or seat == due.seat or seat in due.table.ai_seats:
            continue
        out_of_time.remove(due)
        try:
            await table.clocks.acts.skip(due.table.id, due.seat, due.since, user)
        except ClockRefused:
            continue  # they played meanwhile: nothing to skip
        week.say(f"game #{due.table.id}: {NAMES[user]} skips {_name(due)}")
        await play_bots(table.sessions, due.table.id)
        await table.clocks.banks.sync(due.table.id)


async def _play(week: Week, games: dict[int, str], user: int) -> None:
    """The player takes their decision in every game waiting for them (the bot answers at once)."""
    table = week.table
    for game_id in games:
        status = await table.sessions.reading.status(game_id)
        seat = status.table.seat_of(user)
        if status.table.game.status is not Status.ACTIVE or seat is None or status.progress is None:
            continue
        if seat in status.progress.decision.seats and seat not in status.table.ai_seats:
            await table.move(game_id, user)
            await play_bots(table.sessions, game_id)
            await table.clocks.banks.sync(game_id)


def _present(user: int, at: int) -> bool:
    if user == BOB and BOB_AWAY[0] <= at < BOB_AWAY[1]:
        return False
    return from_epoch(at).hour in CHECK_INS[user] and from_epoch(at).minute == 0


async def test_a_week_of_three_games_with_absent_players(db: Database) -> None:
    table = Table(db)
    week = Week(table)
    for user, (zone, quiet) in ZONES.items():
        await table.clocks.acts.change_settings(user, timezone=zone, quiet=quiet or (None, None))
    games = {
        await table.start(ALICE, BOB, speed="normal", channel=1, start=80): "normal",
        await table.start(CAROL, ALICE, speed="relaxed", channel=2, start=80): "relaxed",
        await table.start(DAVE, CAROL, BOB, speed="fast", channel=3, start=120): "fast",
    }
    for game_id, pace in games.items():
        week.say(f"game #{game_id} starts at {pace} speed")
    await table.clocks.acts.vacation(list(games)[1], CAROL, 2)
    week.say(f"game #{list(games)[1]}: Carol takes 2 days of vacation")
    out_of_time: list[OutOfTime] = []
    for _ in range(7 * 24 * 6):
        table.clock.advance(10 * MINUTE)
        now = table.clocks.banks.now()
        told = len(table.delivered)
        await table.scheduler.run_due()
        for _at, due in table.delivered[told:]:
            out_of_time += _tell(week, due)
        for user in NAMES:
            if _present(user, now):
                await _come_back(week, games, user)
                await _skip(week, out_of_time, user)
                await _play(week, games, user)
    await _check(week, games)
    target = os.environ.get("ABSENT_WEEK")
    if target:
        Path(target).write_text(_transcript(week), encoding="utf-8")


async def _check(week: Week, games: dict[int, str]) -> None:
    table = week.table
    said = "\n".join(week.lines)
    first = next(iter(games))
    assert f"game #{first}: Bob has run out of time" in said
    assert f"game #{first}: Alice skips Bob" in said and f"game #{first}: Bob is back" in said
    for game_id, pace in games.items():
        events = await table.clocks.reading.events(game_id)
        status = await table.sessions.reading.status(game_id)
        for seat in range(len(status.table.seats)):
            user = status.table.user_at(seat) or 0
            zone, quiet = ZONES[user]
            pauses = Pauses(zone, *(quiet or (None, None)))
            sent = [e.at for e in events if e.seat == seat and e.kind == "reminder"]
            gaps = [b - a for a, b in pairwise(sent)]
            assert all(gap >= SPEEDS[pace].reminder_gap for gap in gaps), (game_id, seat, gaps)
            assert all(running_at(at, pauses)[0] for at in sent), "a reminder in quiet hours"
        async with table.sessions.store.db.transaction(write=False) as conn:
            pending = await pending_schedules(conn, game_id)
            clocks = await clock_rows.seat_clocks(conn, game_id)
        if status.table.game.status is not Status.ACTIVE:
            assert pending == [], f"game #{game_id} ended with jobs pending"
        else:
            # Only the seats deciding now have jobs, each for its current decision.
            deciding = {s for s, c in clocks.items() if c.deciding_since is not None}
            assert {job.seat for job in pending} <= deciding
    vacation = [e for e in await table.clocks.reading.events(list(games)[1]) if e.seat == 0]
    start, end = vacation[0].at, vacation[0].at + 2 * 86400
    reminded = [e for e in vacation[1:] if e.kind == "reminder" and start <= e.at < end]
    assert not reminded, "reminded on vacation"


def _transcript(week: Week) -> str:
    head = (
        "# An absent player's week (issue 20)\n\n"
        "Generated by `ABSENT_WEEK=docs/transcripts/absent-week.md .venv/bin/python -m pytest "
        "tests/bot/test_absent_week.py`: three games from Monday 09:00 UTC, the clock moved in ten-minute "
        "steps. Game 1 (normal speed): Alice (Paris, quiet 23–08) and Bob (New York, quiet 22–07), who is "
        "away from Monday noon to Friday 15:00. Game 2 (relaxed): Carol (on vacation for two days) and "
        "Alice. Game 3 (fast): Dave (Tokyo, quiet 00–07), Carol and Bob. Players look in at fixed hours "
        "and move at once; moves are not listed, only the clocks' doings.\n\n"
    )
    return head + "\n".join(f"- {line}" for line in week.lines) + "\n"


def test_the_week_starts_on_a_monday() -> None:
    assert datetime(2026, 3, 2, 9, 0, tzinfo=UTC) == MONDAY and MONDAY.weekday() == 0
