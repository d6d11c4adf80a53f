"""What goes over the wire between discord.py and the fake: recorded requests, the request being
handled, Discord's JSON responses and error bodies."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakediscord.model import Attachment

API_PREFIX = "/api/v10"
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024

Handler = Callable[["Call"], Awaitable[web.StreamResponse]]


class DiscordError(Exception):
    """Raised by a route handler; becomes Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str, errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors or []


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json": with a charset suffix discord.py reads the body as text.
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    return web.Response(status=204)


@dataclass
class RecordedRequest:
    method: str
    path: str
    route: str | None
    query: dict[str, str]
    json: Any
    files: list[tuple[str, str, bytes]]
    started: float
    status: int = 0
    finished: float = 0.0
    fault: str | None = None

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}{' (' + self.fault + ')' if self.fault else ''}>"


@dataclass
class Call:
    """One REST request being handled."""

    request: web.Request
    params: dict[str, str]
    record: RecordedRequest
    payload: dict[str, Any] | None = None
    files: dict[int, Attachment] = field(default_factory=dict)
