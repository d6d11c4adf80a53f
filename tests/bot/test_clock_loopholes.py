"""Loopholes of the turn clocks found by red-teaming, each told as what a player would suffer: on a real
database with a clock the test moves (``tests.bot.test_turn_clocks.Table``)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import discord
import pytest

from bot.clocks.scheduler import Scheduler
from bot.clocks.seat_acts import Expulsion
from bot.clocks.time_banks import FIRST, REMIND, Due, OutOfTime
from bot.on_discord.views import clock_text
from bot.ops import export_file, transfer
from bot.service.clock import iso
from bot.service.refusals import ClockRefused, HostOnly
from bot.service.speeds import DAY, HOUR, MINUTE
from bot.storage import Database, Status
from bot.storage import schedules as jobs
from tests.bot.conftest import play_bots
from tests.bot.jobs import pending_schedules
from tests.bot.test_turn_clocks import ALICE, BOB, CAROL, GUILD, Table

DAVE = 1004
MODERATOR = 4242  # Manage Server, not playing


@pytest.fixture
def table(db: Database) -> Table:
    return Table(db)


async def expel_alice(table: Table, game: int, *voters: int) -> Expulsion:
    """Alice was skipped; three days on, the others vote her out."""
    await play_bots(table.sessions, game)
    await table.clocks.banks.sync(game)
    table.clock.advance(3 * DAY)
    for voter in voters:
        expulsion = await table.clocks.acts.expel(game, ALICE, voter)
    assert expulsion.done
    return expulsion


async def test_a_host_expelled_by_the_table_can_no_longer_abandon_the_game_or_hand_seats_to_the_bot(
    table: Table,
) -> None:
    """Alice hosted, vanished, and Bob and Carol voted her out: she must not be able to end the game they
    are finishing, nor give Carol's seat to the bot. Bob, the next person at the table, hosts now, and
    the table is told so."""
    game = await table.alice_skipped_by_bob(start=40)
    done = await expel_alice(table, game, BOB, CAROL)
    with pytest.raises(HostOnly):
        await table.sessions.lobby.abandon(game, ALICE, may_manage=False)
    with pytest.raises(HostOnly):
        await table.sessions.play.replace_with_ai(game, ALICE, CAROL, may_manage=False)
    status = await table.sessions.reading.status(game)
    assert status.table.game.status is Status.ACTIVE and 2 not in status.table.ai_seats
    assert status.table.host_id == BOB
    assert "<@1002> hosts the game from now on." in clock_text.expel_text(done, CAROL)
    replaced = await table.sessions.play.replace_with_ai(game, BOB, CAROL, may_manage=False)
    assert 2 in replaced.table.ai_seats  # the new host has the host's powers


async def test_the_host_role_passes_to_the_next_person_the_bot_does_not_play(table: Table) -> None:
    """Round the table from the expelled host: Bob's seat is the bot's (a moderator replaced him), so
    Carol hosts, not Bob who no longer plays."""
    game = await table.start(ALICE, BOB, CAROL, DAVE, start=60)
    await table.sessions.play.replace_with_ai(game, MODERATOR, BOB, may_manage=True)
    await table.run(DAY + 10 * MINUTE)
    out = next(due for _, due in table.delivered if isinstance(due, OutOfTime))
    await table.clocks.acts.skip(game, 0, out.since, CAROL)
    await expel_alice(table, game, CAROL, DAVE)
    assert (await table.sessions.reading.status(game)).table.host_id == CAROL


async def test_an_import_does_not_give_an_expelled_host_their_powers_back(table: Table) -> None:
    """An export whose expelled player still hosts (made before hosts were passed on, or edited) is
    imported with the next person at the table as host."""
    game = await table.alice_skipped_by_bob(start=40)
    await expel_alice(table, game, BOB, CAROL)
    document = await transfer.export_game(table.sessions, game, MODERATOR, may_manage=True)
    for seat in document["seats"]:
        seat["is_host"] = seat["user_id"] == str(ALICE)
    document["checksum"] = export_file.checksum(document)
    copy = await transfer.import_game(table.sessions, document, guild_id=GUILD, channel_id=31)
    assert copy.host_id == BOB
    with pytest.raises(HostOnly):
        await table.sessions.lobby.abandon(copy.id, ALICE, may_manage=False)


def out_of_time(table: Table, seat: int = 0) -> list[OutOfTime]:
    return [due for _, due in table.delivered if isinstance(due, OutOfTime) and due.seat == seat]


async def test_a_skip_pressed_just_after_the_late_player_moved_does_not_take_their_seat(table: Table) -> None:
    """Alice ran out of time, then moved after all. Bob's Skip, pressed before the channel caught up
    with her move, must not hand her seat to the bot behind her back."""
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.run(DAY + 10 * MINUTE)
    [out] = out_of_time(table)
    # Her move is saved; the clocks follow it at the announcement that comes next.
    await table.sessions.play.act(game, ALICE, "take 1", expected_version=None, interaction_id=None)
    with pytest.raises(ClockRefused, match="Seat 1 is no longer out of time"):
        await table.clocks.acts.skip(game, 0, out.since, BOB)
    assert 0 not in (await table.sessions.reading.status(game)).table.ai_seats


async def test_a_skip_pressed_when_the_game_came_back_to_the_late_player_does_not_take_their_seat(
    table: Table,
) -> None:
    """Alice ran out of time, moved after all, and Bob answered at once: the decision is Alice's again, a
    new one with a fresh clock. The Skip of her lapse must not hand this one to the bot."""
    game = await table.start(ALICE, BOB, start=40)
    await table.run(DAY + 10 * MINUTE)
    [out] = out_of_time(table)
    await table.sessions.play.act(game, ALICE, "take 1", expected_version=None, interaction_id=None)
    await table.sessions.play.act(game, BOB, "take 1", expected_version=None, interaction_id=None)
    with pytest.raises(ClockRefused, match="no longer out of time"):
        await table.clocks.acts.skip(game, 0, out.since, BOB)
    assert 0 not in (await table.sessions.reading.status(game)).table.ai_seats


async def test_a_skip_pressed_after_the_host_handed_the_seat_to_the_bot_changes_nothing(table: Table) -> None:
    """Alice ran out of time and a moderator gave her seat to the bot for good. A Skip pressed before the
    channel caught up must not turn that into a skip, which Alice could undo with I'm back."""
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.run(DAY + 10 * MINUTE)
    [out] = out_of_time(table)
    await table.sessions.play.replace_with_ai(game, MODERATOR, ALICE, may_manage=True)
    with pytest.raises(ClockRefused, match="no longer out of time"):
        await table.clocks.acts.skip(game, 0, out.since, BOB)
    with pytest.raises(ClockRefused, match="not skipped"):
        await table.clocks.acts.back(game, ALICE)


async def test_no_out_of_time_line_for_a_player_who_moved_just_before_their_time_ran_out(
    table: Table,
) -> None:
    """Alice moved ten minutes before her bank ran out; the out-of-time job came due before the channel
    caught up with her move. The table must not be offered a Skip of a player who is not late."""
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.run(DAY - 10 * MINUTE)
    await table.sessions.play.act(game, ALICE, "take 1", expected_version=None, interaction_id=None)
    await table.run(20 * MINUTE)
    assert out_of_time(table) == []
    await table.clocks.banks.sync(game)
    assert [e[0] for e in await table.events(game)] == ["reminder", "reminder"]


async def test_an_old_skip_button_does_not_skip_the_player_on_a_later_decision(table: Table) -> None:
    """Yesterday's Skip, left under the line of a lapse Alice made good, is not today's: pressed on a
    later decision where she ran out of time again, it skips nobody (the new line's Skip does)."""
    game = await table.start(ALICE, BOB, start=40)
    await table.run(DAY + 10 * MINUTE)
    [first] = out_of_time(table)
    await table.move(game, ALICE)
    await table.move(game, BOB)
    await table.run(DAY)  # a move's eight hours and no more
    [_, second] = out_of_time(table)
    assert second.since != first.since
    with pytest.raises(ClockRefused, match="no longer out of time"):
        await table.clocks.acts.skip(game, 0, first.since, BOB)
    assert 0 not in (await table.sessions.reading.status(game)).table.ai_seats
    assert 0 in (await table.clocks.acts.skip(game, 0, second.since, BOB)).ai_seats


async def test_a_late_player_cannot_dodge_the_skip_by_changing_their_hours_or_taking_a_vacation(
    table: Table,
) -> None:
    """Alice ran out of time. Setting her quiet hours, or going on vacation, then must not turn the Skip
    offered to the table into a dead button: nothing would ever offer another, and the table would wait
    on her for good."""
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.run(DAY + 10 * MINUTE)
    [out] = out_of_time(table)
    await table.clocks.acts.change_settings(ALICE, timezone="Europe/Paris", quiet=(23, 8))
    await table.clocks.acts.vacation(game, ALICE, 2)
    assert 0 in (await table.clocks.acts.skip(game, 0, out.since, BOB)).ai_seats


async def test_negative_vacation_days_are_refused_and_do_not_refill_the_allowance(table: Table) -> None:
    """The slash command stops at 0, but the service must too: -14 days would hand back the 14 days a
    player may take in a game (and end a vacation in the past)."""
    game = await table.start(ALICE, BOB)
    await table.clocks.acts.vacation(game, ALICE, 14)
    for days in (-14, -1, 15):
        with pytest.raises(ClockRefused, match="Choose from 1 to 14 days of vacation, or 0 to end"):
            await table.clocks.acts.vacation(game, ALICE, days)
    with pytest.raises(ClockRefused, match="you have 0 left here"):
        await table.clocks.acts.vacation(game, ALICE, 1)
    assert [e[:3] for e in await table.events(game)] == [("vacation", 0, "14")]


async def test_a_vacation_taken_during_a_vacation_runs_on_from_its_end(table: Table) -> None:
    """Alice is away for 3 days and, a day in, adds 2 more: she is away until 5 days after she left, not
    3 days from now (a day of her allowance would be lost, and her clock would run while she is away)."""
    game = await table.start(ALICE, BOB)
    left_at = table.clocks.banks.now()
    _, first_end, _ = await table.clocks.acts.vacation(game, ALICE, 3)
    assert first_end == left_at + 3 * DAY
    await table.run(DAY)
    _, until, left = await table.clocks.acts.vacation(game, ALICE, 2)
    assert until == left_at + 5 * DAY and left == 9
    await table.run(4 * DAY)
    assert await table.left(game, 0) == DAY  # her clock did not run while she was away


async def test_votes_to_expel_cast_before_the_player_came_back_do_not_count_after_their_next_skip(
    table: Table,
) -> None:
    """Bob voted to expel Alice, then she came back and played. Skipped again later, she is expelled only
    if the table votes again: Carol's vote alone, with Bob's old one, must not put her out."""
    game = await table.alice_skipped_by_bob(start=40)
    await play_bots(table.sessions, game)
    await table.clocks.banks.sync(game)
    table.clock.advance(3 * DAY)
    assert not (await table.clocks.acts.expel(game, ALICE, BOB)).done
    await table.clocks.acts.back(game, ALICE)
    await table.move(game, BOB)
    await table.move(game, CAROL)
    await table.run(9 * HOUR)  # Alice is back with one move's eight hours, and lets them run out
    [_, again] = out_of_time(table)
    await table.clocks.acts.skip(game, 0, again.since, CAROL)
    table.clock.advance(3 * DAY)
    vote = await table.clocks.acts.expel(game, ALICE, CAROL)
    assert not vote.done and (vote.votes, vote.missing) == (1, [BOB])
    assert await table.clocks.reading.expelled(game) == []


async def test_boardroom_turns_does_not_list_a_game_whose_seat_the_bot_plays_now(table: Table) -> None:
    """Alice was skipped: her turn line is still up until the bot has played, but the decision is not
    hers to take, so /boardroom turns must not send her there."""
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.sessions.posts.set_prompt(game, message_id=555, seats=[0], since=table.sessions.store.now())
    assert [turn.table.id for turn in await table.clocks.reading.my_turns(ALICE)] == [game]
    await table.run(DAY + 10 * MINUTE)
    [out] = out_of_time(table)
    await table.clocks.acts.skip(game, 0, out.since, BOB)
    assert await table.clocks.reading.my_turns(ALICE) == []


async def test_no_reminder_nor_out_of_time_line_for_a_seat_handed_to_the_bot(table: Table) -> None:
    """A moderator gave Alice's seat to the bot; her reminders, planned before and not yet closed by the
    next sync, must neither ping her nor offer the table a Skip of the bot."""
    game = await table.start(ALICE, BOB, CAROL, start=40)
    await table.sessions.play.replace_with_ai(game, MODERATOR, ALICE, may_manage=True)
    await table.run(2 * DAY)
    assert table.delivered == []


async def test_a_reminder_planned_for_an_earlier_decision_does_not_fire_on_the_current_one(
    table: Table,
) -> None:
    """A reminder job of Alice's first decision left pending (every change closes them now; an older
    bot's rows or a restored copy may hold one) must not ping her hours early on her second decision."""
    game = await table.start(ALICE, BOB)
    async with table.sessions.store.db.transaction(write=False) as conn:
        [since] = {json.loads(job.payload)["since"] for job in await pending_schedules(conn, game)}
    await table.run(HOUR)
    await table.move(game, ALICE)
    await table.run(HOUR)
    await table.move(game, BOB)
    now = table.clocks.banks.now()
    async with table.sessions.store.db.transaction() as conn:
        await jobs.add_schedule(
            conn,
            game,
            kind=REMIND,
            due_at=iso(now),
            payload=json.dumps({"since": since, "which": FIRST}),
            at=iso(now),
            seat=0,
        )
    await table.run(10 * MINUTE)
    assert table.delivered == []
    await table.run(4 * HOUR)
    assert [type(due).__name__ for _, due in table.delivered] == ["Reminder"]  # her own, after 4 hours


async def test_one_reminder_that_cannot_be_delivered_does_not_drop_the_others(table: Table) -> None:
    """Discord refused the reminder of the first game (its channel was deleted, say): the reminder of the
    second game, due in the same pass, still reaches its player."""
    refused = await table.start(ALICE, BOB)
    reached = await table.start(CAROL, DAVE, channel=21)
    delivered: list[Due] = []

    async def deliver(due: Due, nonce: str) -> None:
        if due.table.id == refused:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Channel")
        delivered.append(due)

    table.clock.advance(4 * HOUR)
    assert await Scheduler(table.clocks, deliver).run_due() == 1
    assert [(due.table.id, due.seat) for due in delivered] == [(reached, 0)]
