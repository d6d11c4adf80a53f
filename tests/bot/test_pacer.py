"""The request budget (issue 19): with a fake clock, bursts of calls are spread under the rate, in
priority order, droppable edits of the same message are coalesced, and every call that must be sent
is sent once (its caller gets its own result or error)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.on_discord.pacer import Pacer, Priority, install, pacing


class FakeClock:
    """Time that moves only when the pacer sleeps (so a test of seconds of traffic takes none)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        # The calls already started run first, as they would while real time passes.
        await asyncio.sleep(0)
        self.now += max(seconds, 0.0)


def busiest_window(times: list[float], per: float = 1.0) -> int:
    """The most calls started in any window of ``per`` seconds (sliding, not only whole seconds)."""
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while t - times[start] >= per:
            start += 1
        best = max(best, end - start + 1)
    return best


def recorder(clock: FakeClock, log: list[tuple[float, str]]) -> Any:
    def call(name: str) -> Any:
        async def send() -> str:
            log.append((clock.now, name))
            return name

        return send

    return call


async def test_a_burst_of_500_calls_is_spread_under_the_rate_and_every_one_is_sent() -> None:
    clock = FakeClock()
    pacer = Pacer(45, clock=clock, sleep=clock.sleep)
    log: list[tuple[float, str]] = []
    call = recorder(clock, log)
    results = await asyncio.gather(*(pacer.send(call(f"post {i}")) for i in range(500)))
    assert results == [f"post {i}" for i in range(500)], "each caller gets its own call's result"
    assert sorted(name for _, name in log) == sorted(f"post {i}" for i in range(500)), "each sent once"
    times = [t for t, _ in log]
    assert busiest_window(times) == 45
    # 500 calls at 45 per second: the last one starts after 11 full windows, not later.
    assert 11.0 <= max(times) - min(times) < 12.0
    assert pacer.started == 500 and pacer.waiting == 0


async def test_waiting_calls_start_by_priority_then_in_arrival_order() -> None:
    clock = FakeClock()
    pacer = Pacer(10, clock=clock, sleep=clock.sleep)
    log: list[tuple[float, str]] = []
    call = recorder(clock, log)
    kinds = [Priority.COSMETIC, Priority.NORMAL, Priority.ROUND, Priority.TURN] * 25
    await asyncio.gather(*(pacer.send(call(f"{k.name} {i}"), priority=k) for i, k in enumerate(kinds)))
    # All 100 were waiting together: every turn line before any round post, before the rest, before
    # the cosmetic edits, each kind in arrival order.
    assert [name for _, name in log] == [
        f"{k.name} {i}" for k in Priority for i, kind in enumerate(kinds) if kind is k
    ]
    assert busiest_window([t for t, _ in log]) == 10


async def test_droppable_edits_of_the_same_message_are_coalesced_into_the_newest() -> None:
    clock = FakeClock()
    pacer = Pacer(5, clock=clock, sleep=clock.sleep)
    log: list[tuple[float, str]] = []
    call = recorder(clock, log)
    # Five posts take this second's budget; line 1 is edited three times and line 2 once while they
    # wait: line 1's older edits are never sent, and their callers get the newest edit's result.
    posts = [asyncio.ensure_future(pacer.send(call(f"post {i}"))) for i in range(5)]
    edits = [
        asyncio.ensure_future(pacer.send(call(name), priority=Priority.COSMETIC, key=key))
        for name, key in (("line 1 a", 1), ("line 2 a", 2), ("line 1 b", 1), ("line 1 c", 1))
    ]
    turn = asyncio.ensure_future(pacer.send(call("turn"), priority=Priority.TURN))
    assert await asyncio.gather(*posts) == [f"post {i}" for i in range(5)]
    assert await asyncio.gather(*edits) == ["line 1 c", "line 2 a", "line 1 c", "line 1 c"]
    assert await turn == "turn"
    # The turn line first, the cosmetic edits last (line 1's in the place of its first edit).
    assert [name for _, name in log] == ["turn", *(f"post {i}" for i in range(5)), "line 1 c", "line 2 a"]
    assert pacer.coalesced == 2


async def test_a_coalesced_edit_keeps_its_place_and_an_edit_already_started_is_not_coalesced() -> None:
    clock = FakeClock()
    pacer = Pacer(1, clock=clock, sleep=clock.sleep)
    log: list[tuple[float, str]] = []
    call = recorder(clock, log)
    first = asyncio.ensure_future(pacer.send(call("line 1 a"), priority=Priority.COSMETIC, key=1))
    await asyncio.sleep(0)
    await asyncio.sleep(0)  # started: the budget of this second is spent
    later = [
        asyncio.ensure_future(pacer.send(call(name), priority=Priority.COSMETIC, key=key))
        for name, key in (("line 2 a", 2), ("line 1 b", 1), ("line 2 b", 2))
    ]
    assert await first == "line 1 a"
    assert await asyncio.gather(*later) == ["line 2 b", "line 1 b", "line 2 b"]
    assert [name for _, name in log] == ["line 1 a", "line 2 b", "line 1 b"]


async def test_a_call_holds_its_slot_until_a_window_after_it_ended() -> None:
    """Discord may see a request late (the bot's loop was busy, the connection pool full): a slow
    call keeps its slot, so the calls after it cannot bunch up with it in Discord's second."""
    clock = FakeClock()
    pacer = Pacer(1, clock=clock, sleep=clock.sleep)
    seen: dict[str, float] = {}

    async def slow() -> None:
        seen["slow starts"] = clock.now
        await clock.sleep(3.0)
        seen["slow ends"] = clock.now

    async def quick() -> None:
        seen["next starts"] = clock.now

    await asyncio.gather(pacer.send(slow), pacer.send(quick))
    assert seen["slow ends"] - seen["slow starts"] == 3.0
    assert seen["next starts"] - seen["slow ends"] == 1.0


async def test_a_failing_call_fails_its_caller_only() -> None:
    clock = FakeClock()
    pacer = Pacer(2, clock=clock, sleep=clock.sleep)

    async def refused() -> None:
        raise RuntimeError("403 Forbidden")

    async def fine() -> str:
        return "sent"

    calls = (pacer.send(refused), pacer.send(fine), pacer.send(fine))
    outcome = await asyncio.gather(*calls, return_exceptions=True)
    # gather hands back a list, where its types say a tuple.
    assert isinstance(outcome[0], RuntimeError) and list(outcome[1:]) == ["sent", "sent"]


async def test_install_paces_every_http_call_at_the_callers_priority_and_coalesces_droppable_edits() -> None:
    """``install`` wraps discord.py's ``HTTPClient.request``: the call underneath is unchanged."""

    class Route:
        def __init__(self, method: str, url: str) -> None:
            self.method, self.url = method, url

    clock = FakeClock()
    log: list[tuple[float, str]] = []

    class Http:
        async def request(self, route: Route, **kwargs: Any) -> str:
            log.append((clock.now, f"{route.method} {route.url} {kwargs.get('json')}"))
            return route.url

    http = Http()
    pacer = Pacer(1, clock=clock, sleep=clock.sleep)
    install(http, pacer)

    async def cosmetic(url: str, body: str) -> Any:
        with pacing(Priority.COSMETIC, droppable=True):
            return await http.request(Route("PATCH", url), json=body)

    async def turn_line() -> Any:
        with pacing(Priority.TURN):
            return await http.request(Route("POST", "/channels/1/messages"), json="your turn")

    spent = asyncio.ensure_future(http.request(Route("POST", "/channels/1/messages"), json="lobby"))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    waiting = [
        asyncio.ensure_future(cosmetic("/channels/1/messages/7", "a")),
        asyncio.ensure_future(cosmetic("/channels/1/messages/7", "b")),
        asyncio.ensure_future(turn_line()),
    ]
    await asyncio.gather(spent, *waiting)
    assert [entry for _, entry in log] == [
        "POST /channels/1/messages lobby",
        "POST /channels/1/messages your turn",
        "PATCH /channels/1/messages/7 b",
    ]
    assert busiest_window([t for t, _ in log]) == 1


def test_a_rate_below_one_call_per_window_is_refused() -> None:
    with pytest.raises(ValueError):
        Pacer(0.5)


async def test_a_failed_call_whose_caller_gave_up_is_not_reported_as_unread() -> None:
    """A caller cancelled (the bot stopping) leaves its call to go out for the others; when that call then
    fails, nobody is left to read the error, and asyncio logged "Future exception was never retrieved"."""
    import gc

    loop = asyncio.get_running_loop()
    unread: list[str] = []
    loop.set_exception_handler(lambda _loop, context: unread.append(str(context.get("message"))))
    started = asyncio.Event()

    async def failing() -> None:
        started.set()
        await asyncio.sleep(0.01)
        raise RuntimeError("Discord is down")

    try:
        pacer = Pacer(45)
        caller = asyncio.ensure_future(pacer.send(failing))
        await started.wait()
        caller.cancel()
        await asyncio.gather(caller, return_exceptions=True)
        await asyncio.sleep(0.05)  # the call fails with nobody waiting
        del caller
        gc.collect()
        await asyncio.sleep(0)
        assert unread == []
    finally:
        loop.set_exception_handler(None)


class _Response:
    """What discord.HTTPException reads of a response."""

    def __init__(self, status: int, headers: dict[str, str]) -> None:
        self.status, self.reason, self.headers = status, "refused", headers


async def test_a_call_refused_through_discords_own_tries_gets_more_rounds_but_a_ban_does_not() -> None:
    """A 429 storm that outlasts discord.py's five tries is ridden out (the upload rewound for each
    round); Cloudflare's ban (a 429 without ``Via``) and other errors reach the caller at once."""
    import io

    import discord

    class Route:
        method, url = "POST", "/channels/1/messages"

    upload = discord.File(io.BytesIO(b"picture"), filename="board.png")
    refusals: list[dict[str, str]] = [{"Via": "1.1 google"}] * 3
    sent: list[bytes] = []

    class Http:
        async def request(self, route: Route, **kwargs: Any) -> str:
            sent.append(kwargs["files"][0].fp.read())
            if refusals:
                raise discord.HTTPException(_Response(429, refusals.pop(0)), {"message": "slow down"})
            return "taken"

    http = Http()
    install(http, Pacer(45))
    assert await http.request(Route(), files=[upload]) == "taken"
    assert sent == [b"picture"] * 4
    refusals[:] = [{}]
    with pytest.raises(discord.HTTPException):
        await http.request(Route(), files=[upload])
    assert len(sent) == 5
