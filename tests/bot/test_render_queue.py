"""The render pool's queue (issue 19), with a real render process drawing the race game's track: a
game with many pictures waiting does not hold up another game's picture (one queue per game, served
in turn), and a game's picture asked for again while it still waits is drawn once, at the newer
state, for both callers."""

from __future__ import annotations

import asyncio

from bot import plugins
from bot.service.render_pool import RenderPool


async def test_games_take_turns_in_the_render_queue_and_a_waiting_picture_asked_again_is_drawn_once() -> None:
    race = plugins.plugin("race")
    pool = RenderPool(workers=1)
    try:
        await pool.warm_up([race])
        state = race.rules.new_game(2, 1)
        drawn: list[str] = []

        async def draw(game_id: int, seat: int | None, names: list[str], label: str) -> bytes:
            png = await pool.draw(race, "track", state, seat, names, None, game_id=game_id)
            drawn.append(label)
            return png

        names = ["Ana", "Ben"]
        first = asyncio.ensure_future(draw(1, None, names, "game 1, first"))
        await asyncio.sleep(0)  # handed to the one render process: the rest wait
        more = [asyncio.ensure_future(draw(1, seat, names, f"game 1, seat {seat}")) for seat in (0, 1)]
        other = asyncio.ensure_future(draw(2, None, names, "game 2"))
        # Game 2's picture asked again while it waits, at a newer state (here: new names).
        again = asyncio.ensure_future(draw(2, None, ["Cleo", "Dan"], "game 2 again"))
        await asyncio.gather(first, *more, other, again)

        # Served in turn: game 2 did not wait for all of game 1's pictures.
        assert drawn[:2] == ["game 1, first", "game 1, seat 0"]
        assert set(drawn[2:4]) == {"game 2", "game 2 again"} and drawn[4:] == ["game 1, seat 1"]
        # Drawn once, at the newer state, for both callers.
        assert pool.coalesced == 1
        assert other.result() == again.result()
        newest = await pool.draw(race, "track", state, None, ["Cleo", "Dan"], None, game_id=3)
        assert other.result() == newest != first.result()
    finally:
        pool.close()


def test_a_render_pool_stopped_twice_does_not_fail() -> None:
    """The bot closing stops the render pool while a failing warm-up stops the same pool again: the second
    stop found the executor's processes gone (``None`` after shutdown) and raised, and the storage bench's
    restart logged "Future exception was never retrieved"."""
    from bot.service.render_processes import spawned_pool, stop

    pool = spawned_pool(1)
    stop(pool)
    stop(pool)


async def test_a_picture_nobody_waits_for_any_more_fails_quietly_when_the_bot_stops() -> None:
    """A caller cancelled by the shutdown leaves its picture waiting (shielded, for other callers); closing
    the pool then fails that picture. Nobody is left to read the failure, and asyncio logged "Future
    exception was never retrieved" at every such shutdown (seen in the storage bench's restarts)."""
    import gc

    race = plugins.plugin("race")
    pool = RenderPool(workers=1)
    loop = asyncio.get_running_loop()
    unread: list[str] = []
    loop.set_exception_handler(lambda _loop, context: unread.append(str(context.get("message"))))
    try:
        await pool.warm_up([race])
        state = race.rules.new_game(2, 1)
        names = ["Ana", "Ben"]
        drawing = asyncio.ensure_future(pool.draw(race, "track", state, None, names, None, game_id=1))
        await asyncio.sleep(0)
        waiting = asyncio.ensure_future(pool.draw(race, "track", state, 0, names, None, game_id=2))
        await asyncio.sleep(0)
        for caller in (drawing, waiting):
            caller.cancel()
        await asyncio.gather(drawing, waiting, return_exceptions=True)
        pool.close()
        await asyncio.sleep(0.5)  # the drawing one fails too, once its process is gone
        del drawing, waiting
        gc.collect()
        await asyncio.sleep(0)
        assert unread == []
    finally:
        loop.set_exception_handler(None)
        pool.close()
