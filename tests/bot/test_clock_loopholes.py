"""Loopholes of the turn clocks found by red-teaming, each told as what a player would suffer: on a real
database with a clock the test moves (``tests.bot.test_turn_clocks.Table``)."""

from __future__ import annotations

import pytest

from bot import transfer
from bot.refusals import HostOnly
from bot.speeds import DAY, MINUTE
from bot.storage import Database, Status
from bot.time_banks import OutOfTime
from bot.turn_clock import Expulsion
from bot.views import clock_text
from tests.bot.conftest import play_bots
from tests.bot.test_turn_clocks import ALICE, BOB, CAROL, GUILD, Table

DAVE = 1004
MODERATOR = 4242  # Manage Server, not playing


@pytest.fixture
def table(db: Database) -> Table:
    return Table(db)


async def expel_alice(table: Table, game: int, *voters: int) -> Expulsion:
    """Alice was skipped; three days on, the others vote her out."""
    await play_bots(table.sessions, game)
    await table.clocks.sync(game)
    table.clock.advance(3 * DAY)
    for voter in voters:
        expulsion = await table.clocks.expel(game, ALICE, voter)
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
        await table.sessions.abandon(game, ALICE, may_manage=False)
    with pytest.raises(HostOnly):
        await table.sessions.replace_with_ai(game, ALICE, CAROL, may_manage=False)
    status = await table.sessions.status(game)
    assert status.table.game.status is Status.ACTIVE and 2 not in status.table.ai_seats
    assert status.table.host_id == BOB
    assert "<@1002> hosts the game from now on." in clock_text.expel_text(done, CAROL)
    replaced = await table.sessions.replace_with_ai(game, BOB, CAROL, may_manage=False)
    assert 2 in replaced.table.ai_seats  # the new host has the host's powers


async def test_the_host_role_passes_to_the_next_person_the_bot_does_not_play(table: Table) -> None:
    """Round the table from the expelled host: Bob's seat is the bot's (a moderator replaced him), so
    Carol hosts, not Bob who no longer plays."""
    game = await table.start(ALICE, BOB, CAROL, DAVE, start=60)
    await table.sessions.replace_with_ai(game, MODERATOR, BOB, may_manage=True)
    await table.run(DAY + 10 * MINUTE)
    out = next(due for _, due in table.delivered if isinstance(due, OutOfTime))
    await table.clocks.skip(game, 0, out.since, CAROL)
    await expel_alice(table, game, CAROL, DAVE)
    assert (await table.sessions.status(game)).table.host_id == CAROL


async def test_an_import_does_not_give_an_expelled_host_their_powers_back(table: Table) -> None:
    """An export whose expelled player still hosts (made before hosts were passed on, or edited) is
    imported with the next person at the table as host."""
    game = await table.alice_skipped_by_bob(start=40)
    await expel_alice(table, game, BOB, CAROL)
    document = await transfer.export_game(table.sessions, game, MODERATOR, may_manage=True)
    for seat in document["seats"]:
        seat["is_host"] = seat["user_id"] == str(ALICE)
    document["checksum"] = transfer.checksum(document)
    copy = await transfer.import_game(table.sessions, document, guild_id=GUILD, channel_id=31)
    assert copy.host_id == BOB
    with pytest.raises(HostOnly):
        await table.sessions.abandon(copy.id, ALICE, may_manage=False)
