"""What every part of ``FakeDiscord`` shares: the state ``FakeDiscord.__init__`` creates, declared
once so that each part (a mixin in its own module) can be read, and type-checked, on its own."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from tests.fakediscord.buckets import Buckets
    from tests.fakediscord.faults import Fault
    from tests.fakediscord.gateway import Gateway
    from tests.fakediscord.messages import Attachment, Message
    from tests.fakediscord.model import Channel, Guild, Role, User
    from tests.fakediscord.outcome import FakeInteraction
    from tests.fakediscord.wire import Handler, RecordedRequest


class FakeState:
    token: str
    ack_deadline: float  # seconds an interaction may wait for its acknowledgement
    host: str
    port: int
    bot: User
    application_id: int
    owner: User
    users: dict[str, User]
    guilds: dict[int, Guild]
    channels: dict[int, Channel]
    messages: dict[int, Message]
    nonces: dict[tuple[int, str], tuple[int, float]]
    commands: dict[int | None, list[dict[str, Any]]]  # guild id (None: global) -> registered commands
    _command_ids: dict[tuple[int | None, str, int], int]
    interactions: dict[int, FakeInteraction]
    requests: list[RecordedRequest]
    unknown_routes: list[str]
    problems: list[str]
    faults: list[Fault]
    invalid_requests: list[RecordedRequest]  # answered 401, 403 or a non-shared 429 (refusals.py)
    invalid_budget: int  # how many of them the test may cost
    buckets: Buckets  # the X-RateLimit-* headers of successful answers
    cdn: dict[int, Attachment]  # files users attached to slash command options, served at their cdn URL
    message_events: bool
    clock_offset: float  # seconds tests moved the fake's clock on by (threads.py)
    gateway: Gateway
    _routes: list[tuple[str, str, re.Pattern[str], Handler]]
    _in_flight: int
    _last_activity: float
    _changed: asyncio.Event
    _runner: web.AppRunner | None
    # the default world (WorldMixin._build_default_world)
    guild: Guild
    moderator_role: Role
    general: Channel
    games: Channel

    if TYPE_CHECKING:
        # Defined in server.py, used by every part.
        def problem(self, text: str) -> None: ...

        def bump(self) -> None: ...

        async def wait_until(self, predicate: Callable[[], Any], timeout: float, what: str) -> Any: ...

        async def settle(self, quiet: float = 0.1, timeout: float = 30.0) -> None: ...
