"""An expelled player's result through the real turn clocks: Alice runs out of time, is skipped and,
three days later, expelled by the others' votes; the bot plays her seat to the end. Her seat is
rated last whatever the bot scored for it, counted as expelled and skipped in her profile, and the
game is rated among the three people."""

from __future__ import annotations

from bot.clocks.time_banks import OutOfTime
from bot.service.after_game.ratings import person
from bot.service.speeds import DAY, MINUTE
from bot.storage import Status
from tests.bot.conftest import play_bots
from tests.bot.test_turn_clocks import Table
from tests.bot.test_turn_clocks import table as table  # the fixture

# Discord-sized ids: a small one is a seat the bot plays from the start (bot.storage.games.BOT_USER_IDS).
ALICE, BOB, CAROL = 1 << 41, 2 << 41, 3 << 41


async def test_an_expelled_seat_is_rated_last(table: Table) -> None:
    game = await table.start(ALICE, BOB, CAROL, start=6)
    await table.run(DAY + 10 * MINUTE)
    out = next(due for _, due in table.delivered if isinstance(due, OutOfTime))
    await table.clocks.acts.skip(game, 0, out.since, BOB)
    await play_bots(table.sessions, game)
    table.clock.advance(3 * DAY)
    await table.clocks.acts.expel(game, ALICE, BOB)
    assert (await table.clocks.acts.expel(game, ALICE, CAROL)).done
    while (await table.sessions.reading.status(game)).table.game.status is Status.ACTIVE:
        status = await table.sessions.reading.status(game)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        await table.move(game, status.table.user_at(seat) or 0)
        await play_bots(table.sessions, game)
    result = await table.sessions.after.result(game)
    assert result is not None and result.unrated == ""
    alice = next(s for s in result.seats if s.user_id == ALICE)
    assert alice.expelled and not alice.won and alice.skipped == 1
    assert alice.place == 3 == max(s.place for s in result.seats)
    assert alice.bot_moves > alice.moves / 2 and alice.mu is not None  # rated though the bot played on
    profile = await table.sessions.after.profile(ALICE, asker=ALICE)
    (tally,) = [g.tally for g in profile.games]
    assert (tally.expelled, tally.skipped, tally.won) == (1, 1, 0)
    assert {s.player for s in result.seats if s.mu is not None} == {person(u) for u in (ALICE, BOB, CAROL)}
