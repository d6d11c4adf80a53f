"""Reading the clocks: each seat's time left, who rests now (quiet hours, vacation), who was skipped or
expelled, the clock's events, a player's settings and the games where they must decide."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.clocks.quiet_hours import charged, running_at
from bot.clocks.time_banks import (
    TimeBanks,
    pauses_of,
)
from bot.service.speeds import Speed, speed
from bot.service.tables import Table, load_table
from bot.storage import clocks as rows
from bot.storage.connection import Connection


@dataclass(frozen=True)
class SeatTime:
    """Where one seat's clock stands now."""

    seat: int
    left: int
    deciding: bool
    out_of_time: bool
    skipped: bool
    vacation_until: int | None


@dataclass(frozen=True)
class Turn:
    """A game where a player must decide now (``/boardroom turns``)."""

    table: Table
    seat: int
    left: int | None
    waiting_since: str | None


@dataclass
class ClockReading:
    banks: TimeBanks

    async def times(self, game_id: int) -> tuple[Speed, dict[int, SeatTime]]:
        """The game's speed and each seat's clock now."""
        now = self.banks.now()
        async with self.banks.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
            pace = speed(await rows.game_speed(conn, game_id))
            times = {}
            for seat, clock in (await rows.seat_clocks(conn, game_id)).items():
                times[seat] = await self._time(conn, table, clock, now)
        return pace, times

    async def _time(self, conn: Connection, table: Table, clock: rows.SeatClock, now: int) -> SeatTime:
        left = clock.bank
        if clock.deciding_since is not None:
            pauses = pauses_of(await rows.settings_of(conn, table.user_at(clock.seat) or 0), clock)
            left = max(0, clock.bank - charged(clock.deciding_since, now, pauses))
        away = (
            clock.vacation_until if clock.vacation_until is not None and clock.vacation_until > now else None
        )
        return SeatTime(
            clock.seat, left, clock.deciding_since is not None, clock.out_of_time, clock.skipped, away
        )

    async def resting(self, table: Table) -> frozenset[int]:
        """The players of the table whose clock is stopped now (quiet hours or vacation)."""
        now = self.banks.now()
        async with self.banks.db.transaction(write=False) as conn:
            clocks = await rows.seat_clocks(conn, table.id)
            found = set()
            for seat in range(len(table.seats)):
                user = table.user_at(seat)
                if user is None or seat in table.ai_seats:
                    continue
                pauses = pauses_of(await rows.settings_of(conn, user), clocks.get(seat))
                if not running_at(now, pauses)[0]:
                    found.add(user)
        return frozenset(found)

    async def skipped(self, game_id: int) -> list[int]:
        """The seats the bot plays now because their players were skipped."""
        async with self.banks.db.transaction(write=False) as conn:
            return [seat for seat, clock in (await rows.seat_clocks(conn, game_id)).items() if clock.skipped]

    async def events(self, game_id: int) -> list[rows.ClockEvent]:
        async with self.banks.db.transaction(write=False) as conn:
            return await rows.clock_events(conn, game_id)

    async def my_turns(self, user_id: int) -> list[Turn]:
        """Every game in progress where the user must decide now (their turn line is up)."""
        now = self.banks.now()
        found = []
        async with self.banks.db.transaction(write=False) as conn:
            for game_id in await rows.active_games_of(conn, user_id):
                table = await load_table(conn, game_id)
                seat = table.seat_of(user_id)
                waiting = json.loads(table.game.prompt_seats) if table.game.prompt_seats else []
                if seat is None or seat not in waiting or seat in table.ai_seats:
                    continue
                pace = speed(await rows.game_speed(conn, game_id))
                clock = (await rows.seat_clocks(conn, game_id)).get(seat)
                left = None
                if pace.limited and clock is not None:
                    left = (await self._time(conn, table, clock, now)).left
                found.append(Turn(table, seat, left, table.game.waiting_since))
        return found

    async def expelled(self, game_id: int) -> list[int]:
        """The seats whose players were expelled: the game's result is flagged when there is one."""
        async with self.banks.db.transaction(write=False) as conn:
            return [seat for seat, clock in (await rows.seat_clocks(conn, game_id)).items() if clock.expelled]

    async def settings(self, user_id: int) -> rows.PlayerSettings:
        async with self.banks.db.transaction(write=False) as conn:
            return await rows.settings_of(conn, user_id)
