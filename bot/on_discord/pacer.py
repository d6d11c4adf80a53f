"""The request budget: every REST call the bot makes outside an interaction's own
responses goes through one ``Pacer``, which keeps the bot under Discord's global limit (50
requests/s per bot; a bot that keeps exceeding it is banned for a while, every server at once).

- A call holds one of ``rate`` slots from its start until ``per`` seconds after it ended. Discord
  sees a request somewhere between the two, so no window of ``per`` seconds can see more than
  ``rate`` of them, even when calls stall in the bot (a busy event loop, a connection pool) and then
  go out together; counting starts alone let 118 requests into one second at 500 games.
- Waiting calls start by priority, then in arrival order: turn lines (pings) first, round posts
  next, everything else, then cosmetic edits.
- A droppable call (a cosmetic edit) that is still waiting when a newer droppable call with the
  same key arrives (the same message edited again) is coalesced: only the newer is sent, and the
  callers of both get its result. Every other call is sent exactly once; nothing waits forever.

The pacer only decides *when* a call starts. discord.py's ``HTTPClient`` still makes it, with its
own per-route buckets, ``X-RateLimit`` headers and 429 retries (``install`` wraps its ``request``);
a call that Discord kept refusing with 429s through discord.py's five tries is handed back to it for
more rounds, for up to ``RATE_LIMITED_PATIENCE`` seconds, before its caller hears of it;
interaction callbacks and interaction-token webhooks (follow-ups, panel edits) never pass through
``HTTPClient.request`` and are exempt, as Discord exempts them from the global limit.

Callers say what a call is with ``pacing(priority, droppable=...)`` around it (a context variable,
so it reaches discord.py's call underneath without threading an argument through it).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import heapq
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

import discord

from bot.config import DEFAULT_RATE
from bot.service.shared_calls import settle, shared_future

T = TypeVar("T")

# How long one call may keep waiting out 429s (each for its ``retry_after``, by discord.py) in rounds
# of discord.py's own five tries: a storm outlasts five tries, and a summary given up to the post
# retries then comes half a minute later, after the game's next summary; waiting as long in the
# first place is never later. The rounds are bounded too, should Discord say to retry at once.
RATE_LIMITED_PATIENCE = 30.0
RATE_LIMITED_ROUNDS = 10


class Priority(IntEnum):
    TURN = 0  # a turn line: someone is waiting to be told it is their turn
    ROUND = 1  # a round summary or a final post
    NORMAL = 2  # anything not said otherwise (lobbies, threads, command sync)
    COSMETIC = 3  # an edit nobody waits for (a retired turn line's button)


@dataclass(frozen=True)
class Pace:
    priority: Priority = Priority.NORMAL
    droppable: bool = False


_PACE: contextvars.ContextVar[Pace | None] = contextvars.ContextVar("boardroom_pace", default=None)


@contextlib.contextmanager
def pacing(priority: Priority, *, droppable: bool = False) -> Iterator[None]:
    """The REST calls made inside are paced as ``priority`` (and coalesced when ``droppable``)."""
    token = _PACE.set(Pace(priority, droppable))
    try:
        yield
    finally:
        _PACE.reset(token)


def current_pace() -> Pace:
    return _PACE.get() or Pace()


@dataclass(order=True)
class _Waiting:
    priority: int
    seq: int
    call: Callable[[], Awaitable[Any]] = field(compare=False)
    key: Hashable | None = field(compare=False)
    done: asyncio.Future[Any] = field(compare=False)


class Pacer:
    def __init__(
        self,
        rate: float = DEFAULT_RATE,
        per: float = 1.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        if rate < 1:
            raise ValueError("the pacer's rate is at least one call per window")
        self.limit = int(rate)
        self.per = per
        self._clock = clock
        self._sleep = sleep
        self._running_calls = 0
        self._freed: deque[float] = deque()  # when the slots of ended calls become free, in order
        self._ended = asyncio.Event()
        self._queue: list[_Waiting] = []
        self._by_key: dict[Hashable, _Waiting] = {}
        self._seq = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()
        # Calls started, and calls coalesced away (never sent).
        self.started = 0
        self.coalesced = 0

    @property
    def waiting(self) -> int:
        return len(self._queue)

    async def send(
        self,
        call: Callable[[], Awaitable[Any]],
        *,
        priority: Priority = Priority.NORMAL,
        key: Hashable | None = None,
    ) -> Any:
        """Start ``call()`` when the budget allows and return its result (or raise its error).
        ``key``: a droppable call; a waiting call with the same key is replaced by this one."""
        entry: _Waiting | None = self._by_key.get(key) if key is not None else None
        if entry is not None:
            # Superseded before it started: the newer call goes out in its place (and at the better
            # of the two priorities); the older caller gets the newer call's result.
            entry.call = call
            if priority < entry.priority:
                self._queue.remove(entry)
                heapq.heapify(self._queue)
                entry.priority = int(priority)
                heapq.heappush(self._queue, entry)
            self.coalesced += 1
        else:
            entry = _Waiting(int(priority), next(self._seq), call, key, shared_future())
            heapq.heappush(self._queue, entry)
            if key is not None:
                self._by_key[key] = entry
            if self._dispatcher is None or self._dispatcher.done():
                self._dispatcher = asyncio.create_task(self._dispatch(), name="pacer")
        # Shielded: a caller that stops waiting does not take the call away from the others.
        return await asyncio.shield(entry.done)

    async def _dispatch(self) -> None:
        while self._queue:
            now = self._clock()
            while self._freed and self._freed[0] <= now:
                self._freed.popleft()
            if self._running_calls + len(self._freed) >= self.limit:
                if self._freed:
                    await self._sleep(self._freed[0] - now)
                else:
                    self._ended.clear()
                    await self._ended.wait()
                continue
            entry = heapq.heappop(self._queue)
            if entry.key is not None:
                self._by_key.pop(entry.key, None)
            self._running_calls += 1
            self.started += 1
            task = asyncio.create_task(self._run(entry))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _run(self, entry: _Waiting) -> None:
        try:
            await settle(entry.done, entry.call())
        finally:
            self._running_calls -= 1
            self._freed.append(self._clock() + self.per)
            self._ended.set()

    async def close(self) -> None:
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._dispatcher


def install(http: Any, pacer: Pacer) -> None:
    """Put ``pacer`` in front of every call of discord.py's ``HTTPClient`` (``http.request``)."""
    request = http.request

    async def paced(route: Any, **kwargs: Any) -> Any:
        pace = current_pace()
        # Only an edit may be coalesced: the same message edited twice shows only the newer anyway.
        key = (route.method, route.url) if pace.droppable and route.method == "PATCH" else None
        return await pacer.send(
            lambda: through_429s(lambda: request(route, **kwargs), files=kwargs.get("files") or ()),
            priority=pace.priority,
            key=key,
        )

    http.request = paced


async def through_429s(call: Callable[[], Awaitable[T]], *, files: Sequence[discord.File] = ()) -> T:
    """``call()`` (a discord.py request: a paced call, or an interaction token's follow-up) again
    while Discord refuses it with 429s past discord.py's own tries, within ``RATE_LIMITED_PATIENCE``
    and ``RATE_LIMITED_ROUNDS``; ``files``: its uploads, rewound for each round."""
    until = time.monotonic() + RATE_LIMITED_PATIENCE
    for round_ in range(1, RATE_LIMITED_ROUNDS + 1):
        try:
            return await call()
        except discord.HTTPException as exc:
            # Without ``Via`` it is Cloudflare's ban, which more requests only prolong; discord.py
            # slept the last 429's ``retry_after`` before giving up, so the next round may start now.
            limited = exc.status == 429 and bool(exc.response.headers.get("Via"))
            if not limited or round_ == RATE_LIMITED_ROUNDS or time.monotonic() >= until:
                raise
        for file in files:
            # discord.py rewinds an upload before its own retries only.
            file.reset(seek=True)
    raise AssertionError("unreachable")
