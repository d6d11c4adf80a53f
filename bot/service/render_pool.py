"""Pictures are drawn in a separate render process, owned by the client (started in ``setup_hook``,
shut down in ``close``).

Drawing is mostly Python holding the GIL, so in a thread of the bot's process it slowed every
acknowledgement while a board was drawn (tests/perf bot section, 100 games: acknowledgement p99
210 ms, 395 ms while boards rendered). The event loop only waits for the bytes.

The worker is started by *spawn* (a fork of a process running discord.py's threads and aiosqlite
is not safe), so it rebuilds a game from the module names of the table of games.

A picture that takes longer than its budget (RENDER_BUDGET) fails alone: its process is killed and
replaced, the pictures queued behind it are drawn by the new one, and the post it was for goes out
without it (one pathological picture once held every server's pictures).

One process per core by default (RENDER_PROCESSES; one process drew about 12 overviews a
second, so at 100 fast games the round posts queued for 10 s). Pictures wait in one queue per game,
served in turn (a game with many pictures waiting does not hold up another game's one), and a
picture asked for again while the same game's same picture is still waiting is drawn once, at the
newest state, for both callers.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict, deque
from collections.abc import Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from bot import plugins
from bot.config import RENDER_BUDGET
from bot.plugins import GamePlugin
from bot.service.after_game.score_chart import ChartJob, draw_chart
from bot.service.refusals import Refusal
from bot.service.render_processes import Modules, RenderProcesses
from bot.service.shared_calls import settle, shared_future
from engine.core import GameState, ScoreSheet
from engine.core.words import msg
from render.common.language import DEFAULT
from render.common.pictures import picture_named

log = logging.getLogger(__name__)

# Seconds a new render process may take to start (spawn, imports, each game's cached layers).
START_BUDGET = 120.0
# How often the processes still starting are asked again whether they have.
START_POLL = 0.05


class PictureTooSlow(Refusal):
    """A picture that took longer than the render budget: its render process was replaced, the
    pictures queued behind it go on in a fresh one."""

    code = "picture_too_slow"


@dataclass
class _Job:
    game: GamePlugin
    args: tuple[Any, ...]
    done: asyncio.Future[bytes]
    key: Hashable = field(default=None)


class RenderPool:
    def __init__(
        self,
        workers: int | None = None,
        budget: float = RENDER_BUDGET,
        processes: RenderProcesses | None = None,
    ) -> None:
        """``processes``: lent by their owner, and left running when this pool closes; by default the
        pool starts its own ``workers`` and stops them when it closes."""
        self._owns = processes is None
        self._processes = RenderProcesses(workers) if processes is None else processes
        # At most this many pictures are handed over at once (a lender may have more processes).
        self.workers = workers or self._processes.workers
        self.budget = budget
        self._closed = False
        self._starting = asyncio.Lock()
        # The pictures waiting, one queue per game (in turn: the game served longest ago first),
        # and the waiting ones by what they draw, to draw a picture asked for twice once.
        self._waiting: OrderedDict[Hashable, deque[_Job]] = OrderedDict()
        self._by_key: dict[Hashable, _Job] = {}
        # At most one picture per process is handed over, so a picture's budget counts its own
        # drawing, not the pictures queued before it.
        self._drawing = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self.coalesced = 0

    async def _ready(self, game: GamePlugin | None = None) -> ProcessPoolExecutor:
        """The render process, started if need be, with ``game`` warmed up in it: starting a process
        (spawn, imports) and building a game's cached layers is not any picture's time (starting one
        and a first board took 30 s at a load average of 11). One game at a time, so a picture
        waits for one warm-up at most besides its own game's."""
        async with self._starting:
            if self._closed:
                raise RuntimeError("the render pool is closed")
            pool = self._processes.executor(_warm_all)
            if (
                game is not None
                and game.pictures is not None
                and _modules(game) not in self._processes.warmed
            ):
                try:
                    await asyncio.wait_for(self._warm(pool, game), START_BUDGET)
                except asyncio.CancelledError:
                    # A borrower closing mid-warm-up leaves the lent processes to finish it.
                    if self._owns:
                        self._replace(pool)
                    raise
                except BaseException:
                    self._replace(pool)
                    raise
            return pool

    async def _warm(self, pool: ProcessPoolExecutor, game: GamePlugin) -> None:
        try:
            if _modules(game) in self._processes.started_with:
                # Every process warms it up as it starts, before it takes a call: once each has
                # answered one, all are warm. The first calls start them all (none is free yet); a
                # process that started first may answer several, so they are asked again.
                answered: set[int] = set()
                while len(answered) < self._processes.workers:
                    if answered:
                        await asyncio.sleep(START_POLL)
                    calls = [pool.submit(os.getpid) for _ in range(self._processes.workers)]
                    answered |= set(await asyncio.gather(*map(asyncio.wrap_future, calls)))
                self._processes.warmed |= self._processes.started_with
            else:
                # Known only now (processes lent on by a borrower with other games): warmed up in the
                # first process free, and by each other one with its first picture of it.
                await asyncio.wrap_future(pool.submit(_warm_up, game.rules_module, game.pictures_module))
        except BrokenProcessPool:
            raise
        except Exception:
            log.exception("warming up %s's pictures failed; its pictures are drawn cold", game.name)
        self._processes.warmed.add(_modules(game))

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        self._processes.replace(pool)

    async def _run(self, fn: Any, *args: Any, game: GamePlugin | None = None) -> Any:
        for attempt in (1, 2):
            pool = await self._ready(game)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(pool.submit(fn, *args)), self.budget)
            except TimeoutError:
                # A process cannot be interrupted half-way through a picture: it is replaced.
                log.warning("a picture took over %.1f s; its render process is replaced", self.budget)
                self._replace(pool)
                raise PictureTooSlow(
                    msg("That picture took too long to draw; the game goes on without it.")
                ) from None
            except BrokenProcessPool:
                # The render process died (killed, out of memory, or replaced because another
                # picture took too long): a fresh one draws it, once.
                log.warning("the render process died; starting another (attempt %d)", attempt)
                self._replace(pool)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _queue(self, queue: Hashable, job: _Job) -> asyncio.Future[bytes]:
        waiting = self._by_key.get(job.key)
        if waiting is not None:
            # Still waiting: drawn once, at the newer state, for both callers.
            waiting.args = job.args
            self.coalesced += 1
            return waiting.done
        self._by_key[job.key] = job
        self._waiting.setdefault(queue, deque()).append(job)
        self._start_next()
        return job.done

    def _start_next(self) -> None:
        while self._drawing < self.workers and self._waiting:
            queue, jobs = next(iter(self._waiting.items()))
            job = jobs.popleft()
            # Served: the game goes to the back of the turn, or out of it when nothing more waits.
            del self._waiting[queue]
            if jobs:
                self._waiting[queue] = jobs
            del self._by_key[job.key]
            self._drawing += 1
            task = asyncio.create_task(self._draw_job(job), name="render")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _draw_job(self, job: _Job) -> None:
        try:
            await settle(job.done, self._run(_draw, *job.args, game=job.game))
        finally:
            self._drawing -= 1
            self._start_next()

    async def draw(
        self,
        game: GamePlugin,
        key: str,
        state: GameState,
        seat: int | None,
        names: Sequence[str],
        scores: ScoreSheet | None,
        *,
        game_id: int | None = None,
        lang: str = DEFAULT,
    ) -> bytes:
        """The picture ``key`` of this game at ``state`` as PNG bytes (``seat`` for a close-up), its
        words in ``lang`` (the game's language); ``PictureTooSlow`` after ``budget`` seconds.
        ``game_id``: the table it is for (its queue); None for a picture of no table (it queues alone)."""
        if self._closed:
            raise RuntimeError("the render pool is closed")
        snapshot = game.rules.dump_state(state)
        args = (game.rules_module, game.pictures_module, key, snapshot, seat, list(names), scores, lang)
        queue: Hashable = game_id if game_id is not None else object()
        # The language is part of what is drawn: the same picture in two languages is drawn twice.
        job = _Job(game, args, shared_future(), (queue, key, seat, lang))
        # Shielded: a caller that stops waiting does not take the picture away from another.
        return await asyncio.shield(self._queue(queue, job))

    async def chart(self, job: ChartJob) -> bytes:
        """A finished table's chart (``bot.service.after_game.score_chart``), drawn in a render process
        like the pictures: replaying the log holds the GIL as drawing does."""
        if self._closed:
            raise RuntimeError("the render pool is closed")
        chart: bytes = await self._run(draw_chart, job, game=None)
        return chart

    async def warm_up(self, games: Sequence[GamePlugin]) -> None:
        """Start the render process and build each game's cached layers before its first picture
        (a process that replaces one warms them up as it starts)."""
        for game in games:
            if game.pictures is not None and _modules(game) not in self._processes.at_start:
                self._processes.at_start.append(_modules(game))
        for game in games:
            try:
                await self._ready(game)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("warming up %s's pictures failed; its first picture will be slower", game.name)

    def close(self) -> None:
        """Stop the render processes now (unless lent): a shutdown does not wait for a picture nobody
        will see."""
        self._closed = True
        for jobs in self._waiting.values():
            for job in jobs:
                if not job.done.done():
                    job.done.set_exception(RuntimeError("the render pool is closed"))
        self._waiting.clear()
        self._by_key.clear()
        if self._owns:
            self._processes.close()


def _modules(game: GamePlugin) -> tuple[str, str | None]:
    # What a render process loads a game from: a name alone may stand for other modules in the next
    # bot that borrows the same processes.
    return game.rules_module, game.pictures_module


# ----------------------------------------------------------------------------- in the render process


def _game_here(rules_module: str, pictures_module: str | None) -> GamePlugin:
    found = plugins.loaded_from(rules_module, pictures_module)
    return found if found is not None else plugins.load(rules_module, pictures_module)


def _draw(
    rules_module: str,
    pictures_module: str | None,
    key: str,
    snapshot: str,
    seat: int | None,
    names: list[str],
    scores: ScoreSheet | None,
    lang: str,
) -> bytes:
    game = _game_here(rules_module, pictures_module)
    if game.pictures is None:
        raise KeyError(f"{game.name} has no pictures")
    spec = picture_named(game.pictures, key, game.name)
    state = game.rules.load_state(snapshot)
    view = game.rules.view(state, seat if spec.per_seat else None)
    return game.pictures.draw(key, view, seat, names, scores, lang=lang)


def _warm_up(rules_module: str, pictures_module: str | None) -> None:
    game = _game_here(rules_module, pictures_module)
    if game.pictures is not None:
        game.pictures.warm_up()


def _warm_all(games: list[Modules]) -> None:
    for rules_module, pictures_module in games:
        try:
            _warm_up(rules_module, pictures_module)
        except Exception:
            # Its pictures are drawn cold; a failing warm-up must not break the process's start.
            log.exception("warming up %s failed", rules_module)
