"""Time banks: how long each seat may still think, charged while it decides; the jobs that
remind a deciding seat and run its time out. No Discord here (``bot.clocks.turn_clock`` adds the players'
acts).

A seat's bank runs only while that seat must decide (and the player is neither in quiet hours nor
on vacation: ``bot.clocks.quiet_hours``); when the decision leaves the seat, the time it ran is taken off
and the speed's ``per_move`` added, up to the cap (``bot.service.speeds``). ``sync`` follows the game: it
is called after every change the announcer brings to the channel and by the scheduler's sweep,
and takes the moment the decision changed from the game's ``updated_at``, so a late sync (after a
crash, say) charges nobody for the delay.

The jobs a deciding seat needs (first reminder, second reminder, out of time) are rows of the
``schedules`` table with the seat, written when the decision reaches the seat and closed when it
leaves it (the game ending or abandoned closes them all). ``claim_due`` claims due jobs in one
write transaction with what they do to the database (the reminder recorded, the seat marked out of
time), and only then are they delivered on Discord: a crash in between loses a reminder rather than
sending it twice, and a second process sharing the database cannot claim the same job.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from bot import plugins
from bot.clocks.quiet_hours import Pauses, charged, deadline, running_at
from bot.service import once
from bot.service.clock import epoch, iso
from bot.service.sessions import Sessions
from bot.service.speeds import Speed, speed
from bot.service.store import state_of
from bot.service.tables import GameStatus, Table, load_table
from bot.storage import Database, ScheduleRow, Status
from bot.storage import clocks as rows
from bot.storage import games as game_rows
from bot.storage import schedules as jobs
from bot.storage.connection import Connection

log = logging.getLogger(__name__)

REMIND, OUT_OF_TIME = "remind", "out_of_time"
KINDS = (REMIND, OUT_OF_TIME)
FIRST, SECOND = "first", "second"
# Clock events, as stored and exported (shown in player words by ``event_text``).
REMINDED, RAN_OUT, SKIPPED, BACK, VACATION = "reminder", "out_of_time", "skip", "back", "vacation"
EXPEL_VOTE, EXPELLED = "expel_vote", "expelled"


@dataclass(frozen=True)
class Reminder:
    table: Table
    seat: int
    user_id: int
    which: str
    left: int | None
    dm: bool


@dataclass(frozen=True)
class OutOfTime:
    table: Table
    seat: int
    since: int


Due = Reminder | OutOfTime


def _with_prepared(payload: str, due: Due) -> str:
    kept = json.loads(payload)
    if isinstance(due, OutOfTime):
        kept["prepared"] = {"since": due.since}
    else:
        kept["prepared"] = {"user": due.user_id, "which": due.which, "left": due.left, "dm": due.dm}
    return json.dumps(kept)


def pauses_of(settings: rows.PlayerSettings, clock: rows.SeatClock | None) -> Pauses:
    return Pauses(
        settings.timezone,
        settings.quiet_from,
        settings.quiet_until,
        clock.vacation_from if clock else None,
        clock.vacation_until if clock else None,
    )


class TimeBanks:
    def __init__(self, sessions: Sessions) -> None:
        # The sessions' clock is the bot's one clock: a test that moves it moves both.
        self.sessions = sessions

    @property
    def db(self) -> Database:
        return self.sessions.store.db

    def now(self) -> int:
        return epoch(self.sessions.store.clock())

    # ------------------------------------------------------------------------- following a game

    async def sync(self, game_id: int, seen: GameStatus | None = None) -> list[int]:
        """Bring the game's clocks up to date with who decides now (see the module docstring);
        ``seen``: the game's status just read by the caller, whose decision is used when the game
        has not changed since (the announcer's, which spares reading the state twice).

        Returns the out-of-time posts whose Skip no longer stands (the seat moved, the bot took it, the
        game ended): the caller takes their buttons off."""
        now = self.now()
        stale: list[int] = []
        async with self.db.transaction() as conn:
            table = await load_table(conn, game_id)
            if table.game.status is not Status.ACTIVE or table.game.snapshot is None:
                await jobs.cancel_schedules(conn, game_id, KINDS, iso(now))
                for seat, clock in (await rows.seat_clocks(conn, game_id)).items():
                    if clock.deciding_since is not None or clock.out_of_time_post is not None:
                        await rows.update_seat_clock(
                            conn, game_id, seat, deciding_since=None, out_of_time=False, out_of_time_post=None
                        )
                    if clock.out_of_time_post is not None:
                        stale.append(clock.out_of_time_post)
                return stale
            pace = speed(await rows.game_speed(conn, game_id))
            if seen is not None and seen.progress is not None and seen.table.version == table.version:
                decision = seen.progress.decision
            else:
                game = plugins.game(table.game.game)
                decision = game.pending(state_of(game, table))
            deciding = set() if decision.finished else set(decision.seats) - table.ai_seats
            changed_at = min(epoch(table.game.updated_at), now)
            clocks = await rows.seat_clocks(conn, game_id)
            for seat in range(len(table.seats)):
                if seat not in clocks:
                    await rows.add_seat_clock(conn, game_id, seat, pace.bank)
            clocks = await rows.seat_clocks(conn, game_id)
            for seat, clock in clocks.items():
                user = table.user_at(seat) or 0
                if clock.deciding_since is not None and seat not in deciding:
                    await self._end_turn(conn, table, pace, clock, user, changed_at)
                    if clock.out_of_time_post is not None:
                        stale.append(clock.out_of_time_post)
                elif clock.deciding_since is None and seat in deciding:
                    await rows.update_seat_clock(conn, game_id, seat, deciding_since=changed_at, waited=0)
                    fresh = await rows.seat_clocks(conn, game_id)
                    await self._schedule(conn, table, pace, fresh[seat], user, now)
        return stale

    async def _end_turn(
        self, conn: Connection, table: Table, pace: Speed, clock: rows.SeatClock, user: int, at: int
    ) -> None:
        assert clock.deciding_since is not None
        await jobs.cancel_schedules(conn, table.id, KINDS, iso(at), seat=clock.seat)
        if clock.seat in table.ai_seats:
            # Handed to the bot (skipped or replaced): the bank waits as it was, nothing is added.
            await rows.update_seat_clock(
                conn, table.id, clock.seat, deciding_since=None, out_of_time=False, out_of_time_post=None
            )
            return
        pauses = pauses_of(await rows.settings_of(conn, user), clock)
        left = max(0, clock.bank - charged(clock.deciding_since, at, pauses))
        bank = min(pace.cap, left + pace.per_move) if pace.limited else 0
        await rows.update_seat_clock(
            conn,
            table.id,
            clock.seat,
            bank=bank,
            deciding_since=None,
            out_of_time=False,
            out_of_time_post=None,
        )

    @staticmethod
    def deciding_now(table: Table, seat: int) -> bool:
        """Whether ``seat``'s player must decide now, read from the game itself: the seats' clocks
        follow the game only at the next sync, a moment after each move."""
        if table.game.status is not Status.ACTIVE or table.game.snapshot is None:
            return False
        game = plugins.game(table.game.game)
        decision = game.pending(state_of(game, table))
        return not decision.finished and seat in decision.seats

    async def out_of_time_posted(self, game_id: int, seat: int, since: int, message_id: int) -> bool:
        """Keep the message of the seat's Skip while the seat is out of time on that decision (``since``),
        for ``sync`` to name once the Skip no longer stands; False if it stands no more already (the
        caller takes the button off at once)."""
        async with self.db.transaction() as conn:
            clock = (await rows.seat_clocks(conn, game_id)).get(seat)
            if clock is None or not clock.out_of_time or clock.deciding_since != since:
                return False
            await rows.update_seat_clock(conn, game_id, seat, out_of_time_post=message_id)
            return True

    async def _schedule(
        self, conn: Connection, table: Table, pace: Speed, clock: rows.SeatClock, user: int, now: int
    ) -> None:
        """The seat's jobs for its current decision, counted on its own clock from
        ``deciding_since`` with the bank it had then."""
        assert clock.deciding_since is not None
        since = clock.deciding_since
        await jobs.cancel_schedules(conn, table.id, KINDS, iso(now), seat=clock.seat)
        pauses = pauses_of(await rows.settings_of(conn, user), clock)
        payload = json.dumps({"since": since})
        # A decision that reached the player in their quiet hours did not ping them: their first
        # reminder comes as soon as those hours end.
        awake = clock.waited > 0 or running_at(since, pauses)[0]
        planned = [(REMIND, FIRST, max(0, pace.remind_after - clock.waited) if awake else 0)]
        if pace.limited:
            if pace.warn_before and clock.bank - pace.warn_before > pace.remind_after - clock.waited:
                planned.append((REMIND, SECOND, clock.bank - pace.warn_before))
            planned.append((OUT_OF_TIME, "", clock.bank))
        for kind, which, after in planned:
            due = deadline(since, after, pauses)
            body = json.dumps({"since": since, "which": which}) if which else payload
            await jobs.add_schedule(
                conn,
                table.id,
                kind=kind,
                due_at=iso(max(due, now)),
                payload=body,
                at=iso(now),
                seat=clock.seat,
            )

    async def settle(
        self, conn: Connection, table: Table, clock: rows.SeatClock, user: int, now: int
    ) -> None:
        """Count the time run so far into the bank and restart the count now (before a change of
        quiet hours or vacation, which only count from now on). An empty bank stays empty and its
        decision keeps its start: the table's Skip names that start, and no other would be offered."""
        if clock.deciding_since is None or clock.out_of_time:
            return
        pauses = pauses_of(await rows.settings_of(conn, user), clock)
        ran = charged(clock.deciding_since, now, pauses)
        await rows.update_seat_clock(
            conn,
            table.id,
            clock.seat,
            bank=max(0, clock.bank - ran),
            deciding_since=now,
            waited=clock.waited + ran,
        )

    async def reschedule(self, conn: Connection, table: Table, seat: int, now: int) -> None:
        clock = (await rows.seat_clocks(conn, table.id)).get(seat)
        if clock is not None and clock.deciding_since is not None and not clock.out_of_time:
            pace = speed(await rows.game_speed(conn, table.id))
            await self._schedule(conn, table, pace, clock, table.user_at(seat) or 0, now)

    async def games_to_sweep(self) -> list[int]:
        """Games whose clocks may need a look: those in progress, and any with a pending clock job."""
        async with self.db.transaction(write=False) as conn:
            ids = set(await game_rows.active_game_ids(conn))
            found = await conn.fetchall(
                "SELECT DISTINCT game_id FROM schedules WHERE done_at IS NULL AND kind IN (?, ?)", KINDS
            )
            ids |= {row["game_id"] for row in found}
        return sorted(ids)

    # ------------------------------------------------------------------------- due jobs

    async def claim_due(self, owner: str = once.OWNER) -> list[tuple[int, Due]]:
        """Lease every clock job whose time has come and do its database part (see the module
        docstring); returns the jobs left to say on Discord, which ``finish`` closes once said.

        What a job is to say is kept in its row with the lease, so that a process taking over a job
        whose holder died says the same (with the same nonce) rather than doing its part twice."""
        now = self.now()
        async with self.db.transaction(write=False) as conn:
            due = await jobs.due_schedules(conn, iso(now), KINDS)
        claimed: list[tuple[int, Due]] = []
        for job in due:
            async with self.db.transaction() as conn:
                until = once.lease_until(self.sessions.store.clock)
                if not await jobs.claim_schedule(conn, job.id, owner, iso(now), until):
                    continue  # another process holds it
                found = await self._prepared(conn, job)
                if found is None:
                    found = await self._claimed(conn, job, now)
                    if found is not None:
                        await jobs.set_schedule_payload(conn, job.id, _with_prepared(job.payload, found))
                if found is None:
                    await jobs.finish_schedule(conn, job.id, owner, iso(now))
                else:
                    claimed.append((job.id, found))
        return claimed

    async def finish(self, job_id: int, owner: str = once.OWNER) -> None:
        async with self.db.transaction() as conn:
            await jobs.finish_schedule(conn, job_id, owner, iso(self.now()))

    async def _prepared(self, conn: Connection, job: ScheduleRow) -> Due | None:
        """What a job claimed before (by a holder whose lease ran out) was to say, if it got that far."""
        prepared = json.loads(job.payload).get("prepared")
        if prepared is None or job.seat is None:
            return None
        table = await load_table(conn, job.game_id)
        if job.kind == OUT_OF_TIME:
            return OutOfTime(table, job.seat, int(prepared["since"]))
        left = prepared["left"]
        return Reminder(
            table, job.seat, int(prepared["user"]), str(prepared["which"]), left, bool(prepared["dm"])
        )

    async def _claimed(self, conn: Connection, job: ScheduleRow, now: int) -> Due | None:
        table = await load_table(conn, job.game_id)
        seat = job.seat
        if seat is None:
            return None  # every clock job names its seat
        since = json.loads(job.payload).get("since")
        clock = (await rows.seat_clocks(conn, job.game_id)).get(seat)
        if (
            table.game.status is not Status.ACTIVE
            or clock is None
            or clock.deciding_since is None
            or clock.deciding_since != since
            or seat in table.ai_seats
            or not self.deciding_now(table, seat)
        ):
            return None  # the seat moved, was handed over, or the game ended: it no longer applies
        user = table.user_at(seat) or 0
        settings = await rows.settings_of(conn, user)
        pauses = pauses_of(settings, clock)
        pace = speed(await rows.game_speed(conn, job.game_id))
        left = clock.bank - charged(since, now, pauses) if pace.limited else None
        if job.kind == OUT_OF_TIME:
            if left is not None and left > 0:
                # A vacation or quieter hours since it was planned: due later.
                await self.reschedule(conn, table, seat, now)
                return None
            await rows.update_seat_clock(conn, job.game_id, seat, out_of_time=True)
            await rows.record_event(conn, job.game_id, seat=seat, kind=RAN_OUT, at=now)
            return OutOfTime(table, seat, since)
        running, _ = running_at(now, pauses)
        if not running:
            # Planned before the player's quiet hours or vacation changed: at their next waking hour.
            later = deadline(now, 0, pauses)
            await jobs.add_schedule(
                conn, table.id, kind=REMIND, due_at=iso(later), payload=job.payload, at=iso(now), seat=seat
            )
            return None
        if clock.reminded_at is not None and now - clock.reminded_at < pace.reminder_gap:
            return None  # never two reminders closer than the speed's gap
        which = str(json.loads(job.payload).get("which", FIRST))
        await rows.update_seat_clock(conn, job.game_id, seat, reminded_at=now)
        await rows.record_event(conn, job.game_id, seat=seat, kind=REMINDED, at=now, detail=which)
        return Reminder(table, seat, user, which, None if left is None else max(0, left), settings.dm)

    async def sync_quietly(self, game_id: int, seen: GameStatus | None = None) -> list[int]:
        """``sync`` for the announcer: a failure is logged, never in the way of the channel."""
        try:
            return await self.sync(game_id, seen)
        except Exception:
            log.exception("game %s: the turn clocks could not follow the game", game_id)
            return []
