"""FakeDiscord: a loopback Discord (REST + gateway) that the real discord.py talks to, plus the driver
API tests use to act as players. Start with ``await FakeDiscord().start()``."""

from __future__ import annotations

import asyncio
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp import web

from tests.fakediscord.buckets import Buckets
from tests.fakediscord.connector import make_connector
from tests.fakediscord.faults import Fault
from tests.fakediscord.gateway import Gateway
from tests.fakediscord.interactions import InteractionsMixin
from tests.fakediscord.messages import Attachment, Message
from tests.fakediscord.model import PATIENCE, Channel, Guild, User, snowflake
from tests.fakediscord.outcome import FakeInteraction
from tests.fakediscord.refusals import INVALID_REQUEST_BUDGET
from tests.fakediscord.rest_callbacks import CallbacksMixin
from tests.fakediscord.tls import server_context
from tests.fakediscord.wire import Handler, RecordedRequest

__all__ = ["FakeDiscord", "RecordedRequest"]  # tests.fakediscord imports both from here


# Discord's 3 seconds run from the interaction's creation to the callback's arrival, network both ways
# included (gateway delivery, then the bot's request: 0.1-0.5 s); on loopback the fake keeps 0.5 s
# of them for the network, so an acknowledgement late in production is late here too.
ACK_DEADLINE = 2.5


class FakeDiscord(InteractionsMixin, CallbacksMixin):
    """Assembled from parts, one job and module each; a part derives from the parts it uses:

    - ``FakeState`` (state.py): the shared state, declared once;
    - ``WorldMixin`` (world.py): guilds, channels, users, queries, READY payload;
    - ``FaultsMixin`` (faults.py): 429s, failures, expired tokens, gateway drops;
    - ``RestMixin`` (rest.py; world, faults): route table, dispatch, bodies; account and guild routes;
    - ``ThreadsMixin`` (threads.py; rest): the fake's clock, archived and locked threads;
    - ``MessagesMixin`` (rest_messages.py; threads): messages and the channel routes;
    - ``CallbacksMixin`` (rest_callbacks.py; messages): interaction callback and webhook;
    - ``CommandsMixin`` (commands.py; rest): command registration, lookup and options;
    - ``InteractionsMixin`` (interactions.py; commands, messages): the driver acting as players;
    - this class: construction, lifecycle, strict mode and waiting.

    All parts work on this one object, so a subclass can still override any part's method
    (``tests/perf/bot_load/fake.py`` overrides ``_create_message`` and ``_callback``)."""

    def __init__(self, *, token: str | None = None, ack_deadline: float = ACK_DEADLINE) -> None:
        self.token = token or "fake." + secrets.token_urlsafe(24)
        self.ack_deadline = ack_deadline
        self.host = "127.0.0.1"
        self.port = 0
        self.bot = User(id=snowflake(), username="Boardroom", bot=True)
        self.application_id = self.bot.id
        self.owner = User(id=snowflake(), username="owner")
        self.users: dict[str, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        # (author id, nonce) -> (message id, monotonic time made): enforce_nonce's memory
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.requests: list[RecordedRequest] = []
        self.unknown_routes: list[str] = []
        self.problems: list[str] = []
        self.faults: list[Fault] = []
        self.invalid_requests: list[RecordedRequest] = []
        self.invalid_budget = INVALID_REQUEST_BUDGET
        self.buckets = Buckets()
        # files users attached to slash command options, served at their cdn URL
        self.cdn: dict[int, Attachment] = {}
        self.message_events = True
        self.clock_offset = 0.0
        self.gateway = Gateway(self)
        self._routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self._in_flight = 0
        self._last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._install_account_routes()
        self._install_command_routes()
        self._install_callback_routes()
        self._install_message_routes()
        self._install_thread_routes()
        self._install_guild_routes()
        self._build_default_world()

    # ------------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/", self.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self._handle_rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((self.host, 0))
        self.port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock, ssl_context=server_context())
        await site.start()
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def loopback(self) -> str:
        """The value for ``Settings.discord_loopback`` / ``DISCORD_LOOPBACK``."""
        return f"{self.host}:{self.port}"

    def connector(self) -> aiohttp.TCPConnector:
        return make_connector(self.host, self.port)

    def problem(self, text: str) -> None:
        self.problems.append(text)

    def assert_clean(self) -> None:
        """Strict mode: unknown routes and rejected requests (what real Discord would refuse) fail."""
        issues = [f"unknown route: {r}" for r in self.unknown_routes] + self.problems
        if issues:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(issues))

    def allow_problems(self) -> list[str]:
        """Tests that provoke errors on purpose take them out of the strict check."""
        seen = [f"unknown route: {r}" for r in self.unknown_routes] + self.problems
        self.unknown_routes.clear()
        self.problems.clear()
        return seen

    # ------------------------------------------------------------------------------------------
    # waiting
    # ------------------------------------------------------------------------------------------
    def bump(self) -> None:
        self._last_activity = time.monotonic()
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float, what: str) -> Any:
        deadline = time.monotonic() + timeout
        while not (result := predicate()):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what}; problems: {self.problems}"
                )
            await _changed_or_after(self._changed, min(remaining, 0.25))
        return result

    async def settle(self, quiet: float = 0.1, timeout: float = PATIENCE) -> None:
        """Wait until no request is in flight and nothing happened for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            if self._in_flight == 0 and now - self._last_activity >= quiet:
                return
            if now > deadline:
                raise AssertionError(f"fake Discord did not settle within {timeout}s")
            await asyncio.sleep(quiet / 4)

    async def wait_until_async(
        self, predicate: Callable[[], Awaitable[Any]], timeout: float, what: str, *, poll: float = 0.02
    ) -> Any:
        """``wait_until`` for a condition only the bot can answer (its database, say): checked after
        every change the fake sees and at least every ``poll`` seconds, since the bot's own state
        changes without a request to the fake."""
        deadline = time.monotonic() + timeout
        while not (result := await predicate()):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what}; problems: {self.problems}"
                )
            await _changed_or_after(self._changed, min(remaining, poll))
        return result

    async def wait_for_message(
        self,
        channel: Channel | str | int,
        predicate: Callable[[Message], Any] | None = None,
        *,
        timeout: float = PATIENCE,
        include_ephemeral: bool = False,
        by_bot: bool = True,
        what: str | None = None,
    ) -> Message:
        """The newest message in ``channel`` (by the bot, unless ``by_bot=False``) for which
        ``predicate`` holds, as soon as there is one."""

        def found() -> Message | None:
            for message in reversed(self.channel_messages(channel, include_ephemeral=include_ephemeral)):
                if by_bot and message.author.id != self.bot.id:
                    continue
                if predicate is None or predicate(message):
                    return message
            return None

        where = self._channel(channel).name
        result: Message = await self.wait_until(found, timeout, what or f"a matching message in #{where}")
        return result

    async def wait_for_pictures(
        self, messages: list[Message], timeout: float = 4 * PATIENCE
    ) -> list[Message]:
        """The bot posts a summary's text first and edits its picture onto it afterwards: wait until
        every one of ``messages`` carries its picture (a whole game played at machine speed leaves
        pictures queued behind each other in the one render process)."""
        await self.wait_until(
            lambda: all(m.attachments for m in messages), timeout, f"the pictures of {len(messages)} posts"
        )
        return messages

    async def wait_for_update(
        self,
        message: Message | int,
        predicate: Callable[[Message], Any],
        *,
        timeout: float = PATIENCE,
        what: str | None = None,
    ) -> Message:
        """``message`` as stored now, once ``predicate`` holds for it (typically: the bot edited it)."""
        message_id = message if isinstance(message, int) else message.id

        def updated() -> Message | None:
            current = self.messages[message_id]
            return current if predicate(current) else None

        result: Message = await self.wait_until(
            updated, timeout, what or f"an update of message {message_id}"
        )
        return result

    async def wait_idle(self, timeout: float = PATIENCE) -> None:
        """Until no REST request is in flight. Not a quiet period: it returns at once when none is,
        so wait for the positive condition first."""
        await self.wait_until(lambda: self._in_flight == 0, timeout, "no request in flight")

    async def wait_ready(self, timeout: float = PATIENCE) -> None:
        await self.wait_until(lambda: self.gateway.connected, timeout, "the bot to connect to the gateway")

    def requests_to(self, route: str) -> list[RecordedRequest]:
        """Recorded requests for a route template, e.g. ``"POST /channels/{channel_id}/messages"``."""
        return [r for r in self.requests if r.route == route]


async def _changed_or_after(event: asyncio.Event, seconds: float) -> None:
    """Until ``event`` is set or ``seconds`` have passed. Not ``asyncio.wait_for``: on Python 3.11 a
    cancellation that lands as its timeout fires is swallowed and read as the timeout, and a waiter
    cancelled that way went on waiting until its deadline (a test's driver took 30 s to stop).
    ``asyncio.wait`` never cancels on its own, so a cancellation is always the caller's."""
    waiter = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({waiter}, timeout=seconds)
    finally:
        waiter.cancel()
