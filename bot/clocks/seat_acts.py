"""What players do about the clocks: skip a seat out of time, come back, vote to expel a player away too
long, take a vacation, change their time zone, quiet hours and reminders."""

from __future__ import annotations

from dataclasses import dataclass

from bot import plugins
from bot.clocks.quiet_hours import zone
from bot.clocks.time_banks import (
    BACK,
    EXPEL_VOTE,
    EXPELLED,
    KINDS,
    RAN_OUT,
    SKIPPED,
    VACATION,
    TimeBanks,
)
from bot.service.clock import iso
from bot.service.lobby import pass_host_on
from bot.service.progress import replacement_level
from bot.service.refusals import ClockRefused, NotAPlayer, NotInProgress
from bot.service.speeds import DAY, MAX_VACATION_DAYS, speed
from bot.service.store import save
from bot.service.tables import Table, load_table
from bot.service.words import duration
from bot.storage import Status
from bot.storage import actions as action_log
from bot.storage import clocks as rows
from bot.storage import games as game_rows
from bot.storage import schedules as jobs
from bot.storage.connection import Connection
from engine.core.words import msg, plural


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


@dataclass
class SeatActs:
    banks: TimeBanks

    @staticmethod
    async def _seat_in_play(
        conn: Connection, game_id: int, user_id: int, *, bot_seat: bool
    ) -> tuple[Table, int]:
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
        now = self.banks.now()
        async with self.banks.db.transaction() as conn:
            table, own = await self._seat_in_play(conn, game_id, by_user, bot_seat=False)
            if own == seat:
                raise ClockRefused(msg("You cannot skip yourself: your turn is still yours, take it."))
            clock = (await rows.seat_clocks(conn, game_id)).get(seat)
            if (
                clock is None
                or not clock.out_of_time
                or clock.deciding_since != since
                or seat in table.ai_seats
                or not self.banks.deciding_now(table, seat)
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
            await save(conn, table, at=self.banks.sessions.store.now())
            return await load_table(conn, game_id)

    @staticmethod
    async def _moved_since_out_of_time(conn: Connection, game_id: int, seat: int) -> bool:
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
        now = self.banks.now()
        async with self.banks.db.transaction() as conn:
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
            await save(conn, table, at=self.banks.sessions.store.now())
            return await load_table(conn, game_id)

    async def expel(self, game_id: int, target_user: int, by_user: int) -> Expulsion:
        """A vote to expel a player skipped for at least the speed's ``expel_after``: expelled when
        every other person at the table voted, or at once when the host asks. The bot keeps the seat
        to the end, "I'm back" is refused, and the game's result is flagged."""
        now = self.banks.now()
        async with self.banks.db.transaction() as conn:
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
        now = self.banks.now()
        async with self.banks.db.transaction() as conn:
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
            await self.banks.settle(conn, table, clock, user_id, now)
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
            await self.banks.reschedule(conn, table, seat, now)
            return table, until, left_days - days

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
        now = self.banks.now()
        async with self.banks.db.transaction() as conn:
            old = await rows.settings_of(conn, user_id)
            tables = [await load_table(conn, g) for g in await rows.active_games_of(conn, user_id)]
            for table in tables:
                seat = table.seat_of(user_id)
                clock = (await rows.seat_clocks(conn, table.id)).get(seat) if seat is not None else None
                if clock is not None:
                    await self.banks.settle(conn, table, clock, user_id, now)
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
                    await self.banks.reschedule(conn, table, seat, now)
            return new
