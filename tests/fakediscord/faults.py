"""Fault injection: 429s and failures on named routes, failed uploads, expired interaction tokens,
gateway drops, op 7 and op 9."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.fakediscord.outcome import InteractionOutcome
from tests.fakediscord.state import FakeState
from tests.fakediscord.wire import Call, json_response


@dataclass
class Fault:
    route: str  # e.g. "POST /channels/{channel_id}/messages"; "*" matches any route
    status: int
    remaining: int
    retry_after: float = 0.05
    is_global: bool = False
    # X-RateLimit-Scope of a 429: "user", "global" or "shared" (a resource's limit, not the bot's)
    scope: str = "user"
    uploads_only: bool = False
    # carried out first, then answered with the failure: Discord did it, the answer was lost
    after: bool = False
    # carried out first, then answered only once this is set: the bot may die waiting
    held: asyncio.Event | None = None
    # which calls of the route it takes (their JSON payload); None: any
    matching: Callable[[dict[str, Any]], bool] | None = None


class FaultsMixin(FakeState):
    """Faults are consumed in the order they were added; ``self.faults`` holds what is left."""

    def rate_limit(
        self,
        route: str,
        *,
        count: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        scope: str | None = None,
    ) -> None:
        """The next ``count`` calls of ``route`` get a 429 with ``Via`` and ``retry_after``, as Discord.
        ``scope`` is its ``X-RateLimit-Scope`` (Rate Limits, "Exceeding A Rate Limit"): "user" (the
        default), "global" (the same as ``is_global``) or "shared", a limit on the resource that
        other bots share, which can be long (the docs' example waits 1336 s) and, alone of 429s, is
        not counted towards the invalid request limit."""
        self._check_route(route)
        if scope is None:
            scope = "global" if is_global else "user"
        if scope not in ("user", "global", "shared"):
            raise ValueError(f"no such rate limit scope {scope!r}")
        fault = Fault(route, 429, count, retry_after=retry_after, is_global=scope == "global", scope=scope)
        self.faults.append(fault)

    def fail_next(self, route: str, *, status: int = 500, count: int = 1) -> None:
        self._check_route(route)
        self.faults.append(Fault(route, status, count))

    def lose_next_answer(self, route: str, *, status: int = 500, count: int = 1) -> None:
        """The next ``count`` calls of ``route`` are carried out and then answered with ``status``, as
        when Discord made the message but its answer never reached the bot (a 5xx at the edge, a
        dropped connection): discord.py sends the same request again."""
        self._check_route(route)
        self.faults.append(Fault(route, status, count, after=True))

    def hold_next_answer(
        self, route: str, *, matching: Callable[[dict[str, Any]], bool] | None = None
    ) -> asyncio.Event:
        """The next call of ``route`` (of those whose payload ``matching`` accepts) is carried out and
        its answer held until the returned event is set: the moment between Discord making a message
        and the bot hearing of it, in which a process can be killed."""
        self._check_route(route)
        held = asyncio.Event()
        self.faults.append(Fault(route, 200, 1, held=held, matching=matching))
        return held

    def fail_next_upload(self, *, status: int = 500, count: int = 1) -> None:
        """The next request that carries a file fails (whatever the route)."""
        self.faults.append(Fault("*", status, count, uploads_only=True))

    def _check_route(self, route: str) -> None:
        if route not in {f"{m} {t}" for m, t, _, _ in self._routes}:
            raise ValueError(f"no such route {route!r}")

    def _take_fault(self, call: Call) -> Fault | None:
        for fault in self.faults:
            if fault.remaining <= 0:
                continue
            if fault.uploads_only and not call.files:
                continue
            if fault.route not in ("*", call.record.route):
                continue
            if fault.matching is not None and not fault.matching(call.payload or {}):
                continue
            fault.remaining -= 1
            return fault
        return None

    def expire_token(self, outcome: InteractionOutcome | None = None) -> None:
        """Age one interaction's token (or all) past Discord's 15 minutes: followups and edits of the
        original response then fail with 401 / 50027, as they do after a long pause."""
        records = [outcome.record] if outcome is not None else list(self.interactions.values())
        for record in records:
            record.expired = True

    async def drop_gateway(self, code: int = 4000, *, wait: bool = True, timeout: float = 5.0) -> None:
        await self.gateway.drop(code, wait=wait, timeout=timeout)

    async def send_reconnect(self, *, wait: bool = True) -> None:
        await self.gateway.reconnect(wait=wait)

    async def invalidate_session(self, *, resumable: bool = False, wait: bool = True) -> None:
        await self.gateway.invalidate(resumable=resumable, wait=wait)

    def _fault_response(self, fault: Fault) -> web.Response:
        if fault.status == 429:
            body = {
                "message": "You are being rate limited.",
                "retry_after": fault.retry_after,
                "global": fault.is_global,
            }
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(fault.retry_after))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(fault.retry_after),
                "X-RateLimit-Bucket": "fakediscord-" + fault.route.replace(" ", "-"),
                "X-RateLimit-Scope": fault.scope,
            }
            if fault.is_global:
                headers["X-RateLimit-Global"] = "true"
            return json_response(body, status=429, headers=headers)
        return json_response({"message": f"{fault.status}: injected failure", "code": 0}, status=fault.status)
