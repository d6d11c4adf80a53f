"""Turn clocks (issue 20) on a real SQLite file with a clock the test moves: banks run only while a
player decides and each move adds time up to the cap, reminders come when due and never twice (even
across a SIGKILL), quiet hours hold in two time zones, vacations pause the bank, skip hands the seat
to the bot and "I'm back" returns it, and no schedule outlives its game."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.clocks.scheduler import Scheduler
from bot.clocks.time_banks import FIRST, SECOND, Due, OutOfTime, Reminder
from bot.clocks.turn_clock import TurnClocks
from bot.on_discord.views import clock_text
from bot.ops import export_file, transfer
from bot.service import once
from bot.service.clock import epoch
from bot.service.refusals import ClockRefused, ImportRefused, NotAPlayer
from bot.service.sessions import Sessions
from bot.service.speeds import DAY, HOUR, MINUTE, SPEEDS
from bot.storage import Database, Status, open_database
from bot.storage import clocks as clock_rows
from bot.storage import games as game_rows
from tests.bot.conftest import ManualClock, play_bots
from tests.bot.jobs import pending_schedules
from tests.conftest import TEST_GAME_MODULES

GUILD, CHANNEL = 10, 20
ALICE, BOB, CAROL = 1001, 1002, 1003
# A Monday, 09:00 UTC (10:00 in Paris, 04:00 in New York).
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class Table:
    """A game, its clocks and a scheduler whose deliveries are kept (what Discord would be sent)."""

    def __init__(self, db: Database) -> None:
        self.clock = ManualClock(MONDAY)
        self.sessions = Sessions(db, clock=self.clock, new_seed=lambda: 7)
        self.clocks = TurnClocks(self.sessions)
        self.delivered: list[tuple[int, Due]] = []
        self.nonces: list[str] = []
        self.scheduler = Scheduler(self.clocks, self._deliver)

    async def _deliver(self, due: Due, nonce: str) -> None:
        self.delivered.append((self.clocks.banks.now(), due))
        self.nonces.append(nonce)

    async def start(
        self, *players: int, speed: str = "normal", channel: int = CHANNEL, start: int = 9
    ) -> int:
        table = await self.sessions.lobby.create_game(
            guild_id=GUILD,
            channel_id=channel,
            game_name="countdown",
            host_id=players[0],
            options={"start": start},
            speed=speed,
        )
        for user in players[1:]:
            await self.sessions.lobby.join(table.id, user)
        await self.sessions.lobby.start(table.id, players[0], anyway=True)
        await self.clocks.banks.sync(table.id)  # what the announcer does after every change
        return table.id

    async def move(self, game_id: int, user: int) -> None:
        await self.sessions.play.act(game_id, user, "take 1", expected_version=None, interaction_id=None)
        await self.clocks.banks.sync(game_id)

    async def alice_skipped_by_bob(self, start: int) -> int:
        """Alice, Bob and Carol; Alice ran out of time on the first move and Bob skipped her."""
        game = await self.start(ALICE, BOB, CAROL, start=start)
        await self.run(DAY + 10 * MINUTE)
        out = next(due for _, due in self.delivered if isinstance(due, OutOfTime))
        await self.clocks.acts.skip(game, 0, out.since, BOB)
        return game

    async def run(self, seconds: int, step: int = 10 * MINUTE) -> None:
        """Let time pass in steps, running due jobs at each (the scheduler's loop)."""
        for _ in range(seconds // step):
            self.clock.advance(step)
            await self.scheduler.run_due()

    async def left(self, game_id: int, seat: int) -> int:
        return (await self.clocks.reading.times(game_id))[1][seat].left

    async def events(self, game_id: int) -> list[tuple[str, int, str, int]]:
        """(kind, seat, detail, seconds since MONDAY) of the game's clock events."""
        return [
            (e.kind, e.seat, e.detail, e.at - epoch(MONDAY))
            for e in await self.clocks.reading.events(game_id)
        ]


@pytest.fixture
def table(db: Database) -> Table:
    return Table(db)


async def test_the_bank_runs_only_while_deciding_and_each_move_adds_time_up_to_the_cap(table: Table) -> None:
    game = await table.start(ALICE, BOB)
    normal = SPEEDS["normal"]
    await table.run(3 * HOUR)
    assert await table.left(game, 0) == normal.bank - 3 * HOUR
    assert await table.left(game, 1) == normal.bank  # Bob is not deciding: his bank waits
    await table.move(game, ALICE)
    assert await table.left(game, 0) == normal.cap  # 21 hours + 8 back, capped at a day
    await table.run(20 * HOUR)
    await table.move(game, BOB)
    assert await table.left(game, 1) == 4 * HOUR + normal.per_move
    assert await table.left(game, 0) == normal.cap


async def test_reminders_are_sent_exactly_when_due_and_never_twice(table: Table) -> None:
    game = await table.start(ALICE, BOB)
    await table.run(2 * DAY)
    # Normal speed: a reminder after 4 hours, a warning with 2 hours left, out of time at 24 hours.
    assert await table.events(game) == [
        ("reminder", 0, FIRST, 4 * HOUR),
        ("reminder", 0, SECOND, 22 * HOUR),
        ("out_of_time", 0, "", 24 * HOUR),
    ]
    kinds = [(type(due).__name__, at - epoch(MONDAY)) for at, due in table.delivered]
    assert kinds == [("Reminder", 4 * HOUR), ("Reminder", 22 * HOUR), ("OutOfTime", 24 * HOUR)]
    first = table.delivered[0][1]
    assert isinstance(first, Reminder) and first.user_id == ALICE and first.left == 20 * HOUR
    assert await table.scheduler.run_due() == 0  # nothing is due twice


async def test_a_move_cancels_the_seats_jobs_and_plans_the_next_players(table: Table, db: Database) -> None:
    game = await table.start(ALICE, BOB)
    await table.run(HOUR)
    await table.move(game, ALICE)
    async with db.transaction(write=False) as conn:
        pending = await pending_schedules(conn, game)
    assert {job.seat for job in pending} == {1}  # Alice's reminders went with her move
    await table.run(2 * DAY)
    assert [e[:2] for e in await table.events(game)] == [("reminder", 1), ("reminder", 1), ("out_of_time", 1)]


async def test_never_two_reminders_closer_than_the_speeds_gap(table: Table) -> None:
    # Fast: a reminder after an hour of waiting, a warning with 30 minutes left, 3 hours apart at least.
    game = await table.start(ALICE, BOB, speed="fast")
    await table.run(HOUR + 10 * MINUTE)
    await table.move(game, ALICE)
    await table.move(game, BOB)  # at once: Alice decides again, her next reminder due in an hour
    await table.run(6 * HOUR)
    reminders = [(e[2], e[3]) for e in await table.events(game) if e[0] == "reminder"]
    # The second decision's first reminder (2 h 10 min) came 1 h 10 min after the last one: not sent.
    assert reminders == [(FIRST, HOUR), (SECOND, HOUR + 10 * MINUTE + 5 * HOUR + 30 * MINUTE)]


def _local_hour(at: int, zone: str) -> int:
    from zoneinfo import ZoneInfo

    return datetime.fromtimestamp(at, UTC).astimezone(ZoneInfo(zone)).hour


async def test_quiet_hours_stop_the_clock_and_the_pings_in_two_time_zones(table: Table) -> None:
    await table.clocks.acts.change_settings(ALICE, timezone="Europe/Paris", quiet=(23, 8))
    await table.clocks.acts.change_settings(BOB, timezone="America/New_York", quiet=(22, 7))
    table.clock.advance(11 * HOUR)  # 20:00 UTC: 21:00 in Paris, 15:00 in New York
    game = await table.start(ALICE, BOB)
    await table.run(14 * HOUR)  # to 10:00 UTC on Tuesday: 11:00 in Paris
    # Alice's clock ran 21:00–23:00 and 08:00–11:00 Paris time: 5 hours, not 14.
    assert await table.left(game, 0) == DAY - 5 * HOUR
    first = [e for e in await table.events(game) if e[0] == "reminder"]
    # Four hours of her clock: 2 before her quiet hours, 2 after: 10:00 in Paris, not 01:00.
    assert [_local_hour(epoch(MONDAY) + e[3], "Europe/Paris") for e in first] == [10]
    await table.move(game, ALICE)
    await table.run(DAY)
    for _, due in table.delivered:
        if isinstance(due, Reminder):
            zone, quiet = ("Europe/Paris", (23, 8)) if due.user_id == ALICE else ("America/New_York", (22, 7))
            hour = _local_hour(at_of(table, due), zone)
            assert not (hour >= quiet[0] or hour < quiet[1]), f"a reminder at {hour}:00 in {zone}"
    bob = [e for e in await table.events(game) if e[0] == "reminder" and e[1] == 1]
    # Bob's turn came at 05:00 New York time, in his quiet hours: no ping then, so a reminder as soon
    # as they end, at 07:00 his time.
    assert [_local_hour(epoch(MONDAY) + e[3], "America/New_York") for e in bob][:1] == [7]
    assert [e[3] for e in bob][:1] == [27 * HOUR]  # 12:00 UTC on Tuesday


def at_of(table: Table, due: Due) -> int:
    return next(at for at, found in table.delivered if found is due)


async def test_a_vacation_pauses_the_bank_and_the_reminders_and_is_bounded(table: Table) -> None:
    game = await table.start(ALICE, BOB)
    await table.run(2 * HOUR)
    _, until, left = await table.clocks.acts.vacation(game, ALICE, 3)
    assert until == epoch(MONDAY) + 2 * HOUR + 3 * DAY and left == 11
    await table.run(3 * DAY)
    assert await table.left(game, 0) == DAY - 2 * HOUR  # nothing ran on vacation
    assert [e[0] for e in await table.events(game)] == ["vacation"]  # and nobody reminded her
    await table.run(2 * HOUR)
    assert [e[0] for e in await table.events(game)] == ["vacation", "reminder"]  # 4 h of her clock
    with pytest.raises(ClockRefused, match="14 days of vacation per game; you have 11 left"):
        await table.clocks.acts.vacation(game, ALICE, 12)
    await table.run(DAY)
    assert [e[0] for e in await table.events(game)][-1] == "out_of_time"
    assert [e[3] for e in await table.events(game) if e[0] == "out_of_time"] == [3 * DAY + DAY]


async def test_skip_hands_the_seat_to_the_bot_and_im_back_returns_it_at_once(table: Table) -> None:
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.run(DAY + 10 * MINUTE)
    out = [due for _, due in table.delivered if isinstance(due, OutOfTime)]
    assert [o.seat for o in out] == [0]
    with pytest.raises(ClockRefused, match="cannot skip yourself"):
        await table.clocks.acts.skip(game, 0, out[0].since, ALICE)
    with pytest.raises(NotAPlayer):
        await table.clocks.acts.skip(game, 0, out[0].since, 4242)
    skipped = await table.clocks.acts.skip(game, 0, out[0].since, BOB)
    assert 0 in skipped.ai_seats
    with pytest.raises(ClockRefused, match="no longer out of time"):
        await table.clocks.acts.skip(game, 0, out[0].since, CAROL)  # the seat was skipped already
    # A round's summary says so while the seat is skipped.
    note = clock_text.skipped_note(skipped, await table.clocks.reading.skipped(game))
    assert note == "\nThe bot played for Seat 1, skipped for running out of time."
    status = await play_bots(table.sessions, game)  # the bot takes Alice's decision
    assert status.progress is not None and status.progress.decision.seats == [1]
    await table.clocks.banks.sync(game)
    await table.move(game, BOB)
    await table.move(game, CAROL)
    turn = await table.sessions.play.bot_turn(game)  # the bot is about to decide for Alice again …
    assert turn is not None and turn.seat == 0
    back = await table.clocks.acts.back(game, ALICE)  # … and she is back first: the decision is hers
    assert 0 not in back.ai_seats
    assert await table.sessions.play.act_for_bot(turn, "take 1") is None
    await table.clocks.banks.sync(game)
    assert await table.left(game, 0) == SPEEDS["normal"].per_move
    await table.move(game, ALICE)
    assert [e[0] for e in await table.events(game)][-3:] == ["out_of_time", "skip", "back"]
    with pytest.raises(ClockRefused, match="not skipped"):
        await table.clocks.acts.back(game, ALICE)
    # The record goes with the game: /game log's lines and the export.
    log = [clock_text.event_text(back, e) for e in await table.clocks.reading.events(game)]
    assert log[-3:] == [
        "Seat 1 ran out of time.",
        "Seat 2 skipped Seat 1: the bot played for Seat 1.",
        "Seat 1 was back and played again.",
    ]
    document = await transfer.export_game(table.sessions, game, 4242, may_manage=True)
    assert document["speed"] == "normal"
    assert [e["kind"] for e in document["clock_events"]][-3:] == ["out_of_time", "skip", "back"]
    assert document["clock_events"][-2]["by_user"] == str(BOB)


async def test_no_schedule_outlives_its_game(table: Table, db: Database) -> None:
    finished = await table.start(ALICE, BOB, start=2)
    abandoned = await table.start(ALICE, BOB, channel=CHANNEL + 1)
    await table.move(finished, ALICE)
    await table.move(finished, BOB)
    assert (await table.sessions.reading.status(finished)).table.game.status is Status.FINISHED
    await table.sessions.lobby.abandon(abandoned, ALICE, may_manage=False)
    await table.scheduler.sweep()  # the announcer syncs at once; the sweep catches what it missed
    async with db.transaction(write=False) as conn:
        assert await pending_schedules(conn, finished) == []
        assert await pending_schedules(conn, abandoned) == []
    await table.run(3 * DAY)
    assert table.delivered == []


async def test_unknown_time_zones_and_bad_quiet_hours_are_refused(table: Table) -> None:
    from bot.on_discord.cogs.clocks import parse_quiet

    with pytest.raises(ClockRefused, match="time zone 'Mars/Olympus'"):
        await table.clocks.acts.change_settings(ALICE, timezone="Mars/Olympus")
    with pytest.raises(ClockRefused, match="two whole hours"):
        parse_quiet("25-08")
    assert parse_quiet("23-08") == (23, 8) and parse_quiet("off") == (None, None)
    assert (await table.clocks.reading.settings(ALICE)).timezone == "UTC"


_CHILD = """
import asyncio, sys
from datetime import datetime, UTC
from bot import plugins
from bot.service.sessions import Sessions
from bot.storage import open_database
from bot.clocks.turn_clock import TurnClocks
from bot.clocks.scheduler import Scheduler

async def main():
    plugins.load_all({modules!r})
    db = await open_database(sys.argv[1])
    now = datetime.fromisoformat(sys.argv[2])
    clocks = TurnClocks(Sessions(db, clock=lambda: now))

    async def deliver(due, nonce):
        print("delivering", type(due).__name__, due.which, nonce, flush=True)
        await asyncio.sleep(3600)  # killed here: claimed, recorded, maybe sent, not marked done

    await Scheduler(clocks, deliver).run_due()

asyncio.run(main())
"""


async def test_a_reminder_whose_process_died_mid_send_is_said_once_by_the_next_holder(tmp_path: Path) -> None:
    """A process killed while sending a reminder: Discord may or may not have made the message. The
    job stays leased to the dead process until its lease runs out (no other process may take it while
    its holder may still be working); then the next process says the same reminder with the same
    nonce, so Discord keeps exactly one message, and the reminder is recorded once, not twice. What
    this test can demand: the same message and nonce, once more, after the lease (Discord's answer to
    a repeated nonce is the fake's to show: tests/e2e/test_fake_selfcheck.py)."""
    path = tmp_path / "db.sqlite3"
    from bot.storage import migrate

    db = await open_database(path)
    await migrate(db)
    table = Table(db)
    game = await table.start(ALICE, BOB)
    table.clock.advance(4 * HOUR)
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _CHILD.format(modules=list(TEST_GAME_MODULES)),
        str(path),
        table.clock().isoformat(),
        stdout=asyncio.subprocess.PIPE,
        cwd=str(Path(__file__).resolve().parents[2]),
        env={**os.environ},
    )
    assert child.stdout is not None
    said = (await asyncio.wait_for(child.stdout.readline(), 60)).decode().split()
    assert said[:3] == ["delivering", "Reminder", FIRST]
    child.send_signal(signal.SIGKILL)
    await child.wait()
    # Still leased to the dead process: nobody else may say it yet.
    assert await table.scheduler.run_due() == 0
    table.clock.advance(once.LEASE.total_seconds())
    assert await table.scheduler.run_due() == 1
    ((_, due),) = table.delivered
    assert isinstance(due, Reminder) and due.which == FIRST and table.nonces == [said[3]]
    assert [e[:3] for e in await table.events(game)] == [("reminder", 0, FIRST)]
    assert await table.scheduler.run_due() == 0  # done now
    await table.run(DAY)
    assert [e[2] for e in await table.events(game) if e[0] == "reminder"] == [FIRST, SECOND]
    await db.close()


async def test_a_long_absent_player_is_expelled_by_the_others_vote_and_the_result_is_flagged(
    table: Table,
) -> None:
    game = await table.alice_skipped_by_bob(start=6)
    await play_bots(table.sessions, game)
    await table.clocks.banks.sync(game)
    too_soon = "was skipped 0 seconds ago; a player can be expelled after 3 days"
    with pytest.raises(ClockRefused, match=too_soon):
        await table.clocks.acts.expel(game, ALICE, BOB)
    with pytest.raises(ClockRefused, match="Seat 2 is not skipped"):
        await table.clocks.acts.expel(game, BOB, CAROL)
    table.clock.advance(3 * DAY)
    vote = await table.clocks.acts.expel(game, ALICE, BOB)
    # Alice hosts and is away: both others must vote.
    assert not vote.done and (vote.votes, vote.voters, vote.missing) == (1, 2, [CAROL])
    assert "(1 of 2 votes); waiting for <@1003>" in clock_text.expel_text(vote, BOB)
    with pytest.raises(ClockRefused, match="voted already"):
        await table.clocks.acts.expel(game, ALICE, BOB)
    done = await table.clocks.acts.expel(game, ALICE, CAROL)
    assert done.done and await table.clocks.reading.expelled(game) == [0]
    with pytest.raises(ClockRefused, match="expelled from this game"):
        await table.clocks.acts.back(game, ALICE)
    while (await table.sessions.reading.status(game)).table.game.status is Status.ACTIVE:
        status = await table.sessions.reading.status(game)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        await table.move(game, status.table.user_at(seat) or 0)
        await play_bots(table.sessions, game)
    document = await transfer.export_game(table.sessions, game, 4242, may_manage=True)
    assert document["flagged"] is True
    note = clock_text.flagged_note(done.table, await table.clocks.reading.expelled(game))
    assert note == "\n⚑ Flagged result: Seat 1 was expelled after a long absence, and the bot played on."


async def test_the_host_alone_may_expel(table: Table) -> None:
    game = await table.start(BOB, ALICE, CAROL, start=30)
    await table.move(game, BOB)
    await table.run(DAY + 10 * MINUTE)
    out = next(due for _, due in table.delivered if isinstance(due, OutOfTime))
    assert out.seat == 1
    await table.clocks.acts.skip(game, 1, out.since, CAROL)
    table.clock.advance(3 * DAY)
    assert (await table.clocks.acts.expel(game, ALICE, BOB)).done
    assert [e[0] for e in await table.events(game)][-2:] == ["expel_vote", "expelled"]


async def test_an_import_keeps_the_speed_the_clock_record_and_the_flag(table: Table) -> None:
    """Export and import carry the turn clock (issue 20): the speed, every clock event in its place, a
    skipped player who may still come back, an expelled one who may not, and the flag on the result."""
    game = await table.alice_skipped_by_bob(start=40)
    await play_bots(table.sessions, game)
    await table.clocks.banks.sync(game)
    skipped_export = await transfer.export_game(table.sessions, game, 4242, may_manage=True)
    copy = (await transfer.import_game(table.sessions, skipped_export, guild_id=GUILD, channel_id=21)).id
    await table.clocks.banks.sync(copy)
    assert await table.events(copy) == await table.events(game)
    assert await table.clocks.reading.skipped(copy) == [0] and await table.clocks.reading.expelled(copy) == []
    assert 0 not in (await table.clocks.acts.back(copy, ALICE)).ai_seats  # "I'm back" works in the copy
    assert await table.left(copy, 1) == SPEEDS["normal"].bank  # banks are not exported: a full one

    table.clock.advance(3 * DAY)
    await table.clocks.acts.expel(game, ALICE, BOB)
    await table.clocks.acts.expel(game, ALICE, CAROL)
    expelled_export = await transfer.export_game(table.sessions, game, 4242, may_manage=True)
    assert expelled_export["flagged"] is True
    again = (await transfer.import_game(table.sessions, expelled_export, guild_id=GUILD, channel_id=22)).id
    assert await table.clocks.reading.expelled(again) == [
        0
    ]  # the flag is not washed off by export and import
    with pytest.raises(ClockRefused, match="expelled from this game"):
        await table.clocks.acts.back(again, ALICE)
    async with table.sessions.store.db.transaction(write=False) as conn:
        assert await clock_rows.game_speed(conn, again) == "normal"


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        (lambda d: d.update(speed="ludicrous"), "speed 'ludicrous' is not one of this bot's"),
        (lambda d: d["clock_events"][0].update(kind="teleport"), "Clock event 1 is of a kind"),
        (lambda d: d["clock_events"][0].update(detail="third"), "Clock event 1 is of a kind"),
        (lambda d: d["clock_events"][-1].update(seat=5), "names a seat or a member not at this table"),
        (
            lambda d: d["clock_events"][-1].update(by_user="4242"),
            "names a seat or a member not at this table",
        ),
        (lambda d: d["clock_events"][0].update(after_seq=10**6), "out of the log's order"),
        (
            lambda d: d["seats"][0].update(is_ai=False, ai_level=None),
            "says seat 0 was skipped, but the bot does not hold it",
        ),
        (
            lambda d: d["clock_events"].extend(
                [{**d["clock_events"][-1], "seat": 1, "kind": "vacation", "by_user": "0", "detail": "14"}] * 2
            ),
            "more vacation than a game allows",
        ),
    ],
)
async def test_a_forged_clock_record_is_refused_and_nothing_stored(
    table: Table, change: Any, refusal: str
) -> None:
    game = await table.alice_skipped_by_bob(start=40)
    document = await transfer.export_game(table.sessions, game, 4242, may_manage=True)
    assert [e["kind"] for e in document["clock_events"]][-1] == "skip"
    document["clock_events"] = [dict(e) for e in document["clock_events"]]
    change(document)
    document["checksum"] = export_file.checksum(document)
    with pytest.raises(ImportRefused, match=refusal):
        await transfer.import_game(table.sessions, document, guild_id=GUILD, channel_id=23)
    async with table.sessions.store.db.transaction(write=False) as conn:
        assert await game_rows.latest_game_in_channel(conn, 23) is None
