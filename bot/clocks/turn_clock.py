"""Turn clocks (issue 20): each player's time bank, reminders, running out of time, skipping,
"I'm back", expelling, vacations and quiet hours, for every game through the game seam; no Discord
here.

The time banks themselves, and the reminder and out-of-time jobs, are ``bot.clocks.time_banks``.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from bot import plugins
from bot.clocks.quiet_hours import charged, running_at, zone
from bot.clocks.time_banks import (
    BACK,
    EXPEL_VOTE,
    EXPELLED,
    KINDS,
    RAN_OUT,
    SKIPPED,
    VACATION,
    TimeBanks,
    pauses_of,
)
from bot.service.clock import iso
from bot.service.lobby import pass_host_on
from bot.service.progress import replacement_level
from bot.service.refusals import ClockRefused, NotAPlayer, NotInProgress
from bot.service.speeds import DAY, MAX_VACATION_DAYS, Speed, speed
from bot.service.store import save
from bot.service.tables import GameStatus, Table, load_table
from bot.service.words import duration
from bot.storage import Status
from bot.storage import actions as action_log
from bot.storage import clocks as rows
from bot.storage import games as game_rows
from bot.storage import schedules as jobs
from engine.core.words import msg, plural

log = logging.getLogger(__name__)


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
class Expulsion:
    """Where a vote to expel stands: ``done`` once the player is expelled."""

    table: Table
    seat: int
    done: bool
    votes: int
    voters: int
    missing: list[int]
    # who hosts from now on, when the expelled player was the host (``pass_host_on``)
    host: int | None = None


@dataclass(frozen=True)
class Turn:
    """A game where a player must decide now (``/boardroom turns``)."""

    table: Table
    seat: int
    left: int | None
    waiting_since: str | None


class TurnClocks(TimeBanks):
    # ------------------------------------------------------------------------- players' acts

    @staticmethod
    async def _seat_in_play(conn: Any, game_id: int, user_id: int, *, bot_seat: bool) -> tuple[Table, int]:
        """The game in progress and the user's seat in it (``bot_seat``: even while the bot plays
        it); refused otherwise."""
        table = await load_table(conn, game_id)
        if table.game.status is not Status.ACTIVE:
            raise NotInProgress(msg("This game is not in progress."))
        seat = table.seat_of(user_id)
        if seat is None or (seat in table.ai_seats and not bot_seat):
            raise NotAPlayer(msg("You are not playing in this game."))
        return table, seat

    async def skip(self, game_id: int, seat: int, since: int, by_user: int) -> Table:
        """Another player hands an out-of-time seat to the game's AI (as ``/game replace`` does)
        until its player is back; refused unless the seat's bank ran out on this decision and the game
        itself, read now, still waits for that seat on it."""
        now = self.now()
        async with self.db.transaction() as conn:
            table, own = await self._seat_in_play(conn, game_id, by_user, bot_seat=False)
            if own == seat:
                raise ClockRefused(msg("You cannot skip yourself: your turn is still yours, take it."))
            clock = (await rows.seat_clocks(conn, game_id)).get(seat)
            if (
                clock is None
                or not clock.out_of_time
                or clock.deciding_since != since
                or seat in table.ai_seats
                or not self._deciding_now(table, seat)
                or await self._moved_since_out_of_time(conn, game_id, seat)
            ):
                raise ClockRefused(
                    msg("{name} is no longer out of time: nothing to skip.", name=table.name_at(seat))
                )
            game = plugins.game(table.game.game)
            await game_rows.set_ai(conn, game_id, seat, replacement_level(game))
            await jobs.cancel_schedules(conn, game_id, KINDS, iso(now), seat=seat)
            await rows.update_seat_clock(
                conn,
                game_id,
                seat,
                skipped=True,
                out_of_time=False,
                deciding_since=None,
                bank=0,
                out_of_time_post=None,  # the clicked post becomes the line that tells the skip
            )
            await rows.record_event(conn, game_id, seat=seat, kind=SKIPPED, at=now, by_user=by_user)
            # The version moves on: the skipped player's old buttons are stale, and the bot plays.
            await save(conn, table, at=self.sessions.store.now())
            return await load_table(conn, game_id)

    @staticmethod
    async def _moved_since_out_of_time(conn: Any, game_id: int, seat: int) -> bool:
        """Whether the seat moved after it last ran out of time: its clock still says out of time until
        the next sync, even when the game has come back to it for another decision since."""
        ran_out = [
            e.after_seq
            for e in await rows.clock_events(conn, game_id)
            if e.seat == seat and e.kind == RAN_OUT
        ]
        return not ran_out or await action_log.seat_acted_after(conn, game_id, seat, ran_out[-1])

    async def back(self, game_id: int, user_id: int) -> Table:
        """ "I'm back": the skipped player takes their seat again at once (a decision the bot was
        about to take is theirs again: the version moves on). They get one move's time."""
        now = self.now()
        async with self.db.transaction() as conn:
            table, seat = await self._seat_in_play(conn, game_id, user_id, bot_seat=True)
            clock = (await rows.seat_clocks(conn, game_id)).get(seat)
            if clock is not None and clock.expelled:
                raise ClockRefused(
                    msg(
                        "You were expelled from this game after a long absence: "
                        "the bot plays your seat to the end."
                    )
                )
            if clock is None or not clock.skipped:
                raise ClockRefused(msg("Your seat was not skipped: it is yours already."))
            pace = speed(await rows.game_speed(conn, game_id))
            await game_rows.set_person(conn, game_id, seat)
            await rows.update_seat_clock(conn, game_id, seat, skipped=False, bank=pace.per_move)
            await rows.record_event(conn, game_id, seat=seat, kind=BACK, at=now, by_user=user_id)
            await save(conn, table, at=self.sessions.store.now())
            return await load_table(conn, game_id)

    async def expel(self, game_id: int, target_user: int, by_user: int) -> Expulsion:
        """A vote to expel a player skipped for at least the speed's ``expel_after``: expelled when
        every other person at the table voted, or at once when the host asks. The bot keeps the seat
        to the end, "I'm back" is refused, and the game's result is flagged."""
        now = self.now()
        async with self.db.transaction() as conn:
            table, own = await self._seat_in_play(conn, game_id, by_user, bot_seat=False)
            seat = table.seat_of(target_user)
            if seat is None:
                raise NotAPlayer(msg("That member is not playing in this game."))
            if seat == own:
                raise ClockRefused(msg("You cannot expel yourself; /game back if you were skipped."))
            clock = (await rows.seat_clocks(conn, game_id)).get(seat)
            if clock is None or clock.expelled or not clock.skipped:
                raise ClockRefused(
                    msg(
                        "{name} is not skipped: only a player skipped for a long absence can be expelled.",
                        name=table.name_at(seat),
                    )
                )
            events = await rows.clock_events(conn, game_id)
            skip = max(e.at for e in events if e.seat == seat and e.kind == SKIPPED)
            pace = speed(await rows.game_speed(conn, game_id))
            if now - skip < pace.expel_after:
                raise ClockRefused(
                    msg(
                        "{name} was skipped {ago} ago; a player can be expelled after {after} away.",
                        name=table.name_at(seat),
                        ago=duration(now - skip),
                        after=duration(pace.expel_after),
                    )
                )
            votes = {e.by_user for e in events if e.seat == seat and e.kind == EXPEL_VOTE and e.at >= skip}
            if by_user in votes:
                raise ClockRefused(msg("You have voted already."))
            await rows.record_event(conn, game_id, seat=seat, kind=EXPEL_VOTE, at=now, by_user=by_user)
            votes.add(by_user)
            voters = [
                user
                for s in range(len(table.seats))
                if s != seat and s not in table.ai_seats and (user := table.user_at(s)) is not None
            ]
            missing = [user for user in voters if user not in votes]
            if missing and by_user != table.host_id:
                return Expulsion(table, seat, False, len(votes), len(voters), missing)
            await rows.update_seat_clock(conn, game_id, seat, expelled=True, skipped=False)
            await rows.record_event(conn, game_id, seat=seat, kind=EXPELLED, at=now, by_user=by_user)
            # Else an expelled host could still abandon the game the others are finishing, or hand
            # their seats to the bot.
            host = await pass_host_on(conn, table, seat)
            return Expulsion(table, seat, True, len(votes), len(voters), [], host)

    async def expelled(self, game_id: int) -> list[int]:
        """The seats whose players were expelled: the game's result is flagged when there is one."""
        async with self.db.transaction(write=False) as conn:
            return [seat for seat, clock in (await rows.seat_clocks(conn, game_id)).items() if clock.expelled]

    async def vacation(self, game_id: int, user_id: int, days: int) -> tuple[Table, int, int]:
        """Pause the player's clock in this game for ``days`` (0 ends a vacation now); at most
        ``MAX_VACATION_DAYS`` in all per game. Returns the table, the end and the days left."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            # Negative days would give back the days taken (and end the vacation in the past).
            raise ClockRefused(
                msg(
                    "Choose from 1 to {most} days of vacation, or 0 to end the one you are on.",
                    most=MAX_VACATION_DAYS,
                )
            )
        now = self.now()
        async with self.db.transaction() as conn:
            table, seat = await self._seat_in_play(conn, game_id, user_id, bot_seat=False)
            clocks = await rows.seat_clocks(conn, game_id)
            if seat not in clocks:
                await rows.add_seat_clock(
                    conn, game_id, seat, speed(await rows.game_speed(conn, game_id)).bank
                )
                clocks = await rows.seat_clocks(conn, game_id)
            clock = clocks[seat]
            left_days = MAX_VACATION_DAYS - clock.vacation_days
            if days > left_days:
                raise ClockRefused(
                    plural(
                        "A player may take {most} days of vacation per game; you have {n} left here.",
                        "A player may take {most} days of vacation per game; you have {n} left here.",
                        left_days,
                        most=MAX_VACATION_DAYS,
                    )
                )
            start, until = clock.vacation_from, clock.vacation_until
            on_vacation = start is not None and until is not None and start <= now < until
            if not days and not on_vacation:
                raise ClockRefused(msg("You are not on vacation in this game."))
            await self._settle(conn, table, clock, user_id, now)
            # Counted from now on (``_settle``): a vacation taken on top of one runs on from its end.
            until = (until if on_vacation and until is not None else now) + days * DAY
            if not days:
                until = now
            await rows.update_seat_clock(
                conn,
                game_id,
                seat,
                vacation_from=now,
                vacation_until=until,
                vacation_days=clock.vacation_days + days,
            )
            await rows.record_event(conn, game_id, seat=seat, kind=VACATION, at=now, detail=str(days))
            await self._reschedule(conn, table, seat, now)
            return table, until, left_days - days

    # ------------------------------------------------------------------------- settings

    async def settings(self, user_id: int) -> rows.PlayerSettings:
        async with self.db.transaction(write=False) as conn:
            return await rows.settings_of(conn, user_id)

    async def change_settings(
        self,
        user_id: int,
        *,
        timezone: str | None = None,
        quiet: tuple[int | None, int | None] | None = None,
        dm: bool | None = None,
    ) -> rows.PlayerSettings:
        """Change what is given (``quiet``: the hours from and until, (None, None) for none); the
        player's clocks now running are counted up to now first, then follow the new settings."""
        if timezone is not None and zone(timezone) is None:
            raise ClockRefused(
                msg(
                    "I do not know the time zone {zone}: use a name like Europe/Paris.",
                    zone=repr(timezone[:40]),
                )
            )
        now = self.now()
        async with self.db.transaction() as conn:
            old = await rows.settings_of(conn, user_id)
            tables = [await load_table(conn, g) for g in await rows.active_games_of(conn, user_id)]
            for table in tables:
                seat = table.seat_of(user_id)
                clock = (await rows.seat_clocks(conn, table.id)).get(seat) if seat is not None else None
                if clock is not None:
                    await self._settle(conn, table, clock, user_id, now)
            quiet_from, quiet_until = (old.quiet_from, old.quiet_until) if quiet is None else quiet
            new = rows.PlayerSettings(
                user_id,
                timezone if timezone is not None else old.timezone,
                quiet_from,
                quiet_until,
                old.dm if dm is None else dm,
            )
            await rows.save_settings(conn, new)
            for table in tables:
                seat = table.seat_of(user_id)
                if seat is not None:
                    await self._reschedule(conn, table, seat, now)
            return new

    # ------------------------------------------------------------------------- reading

    async def times(self, game_id: int) -> tuple[Speed, dict[int, SeatTime]]:
        """The game's speed and each seat's clock now."""
        now = self.now()
        async with self.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
            pace = speed(await rows.game_speed(conn, game_id))
            times = {}
            for seat, clock in (await rows.seat_clocks(conn, game_id)).items():
                times[seat] = await self._time(conn, table, clock, now)
        return pace, times

    async def _time(self, conn: Any, table: Table, clock: rows.SeatClock, now: int) -> SeatTime:
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
        now = self.now()
        async with self.db.transaction(write=False) as conn:
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
        async with self.db.transaction(write=False) as conn:
            return [seat for seat, clock in (await rows.seat_clocks(conn, game_id)).items() if clock.skipped]

    async def events(self, game_id: int) -> list[rows.ClockEvent]:
        async with self.db.transaction(write=False) as conn:
            return await rows.clock_events(conn, game_id)

    async def my_turns(self, user_id: int) -> list[Turn]:
        """Every game in progress where the user must decide now (their turn line is up)."""
        now = self.now()
        found = []
        async with self.db.transaction(write=False) as conn:
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

    async def sync_quietly(self, game_id: int, seen: GameStatus | None = None) -> list[int]:
        """``sync`` for the announcer: a failure is logged, never in the way of the channel."""
        try:
            return await self.sync(game_id, seen)
        except Exception:
            log.exception("game %s: the turn clocks could not follow the game", game_id)
            return []
