"""What goes over the wire between discord.py and the fake: recorded requests, the request being
handled, Discord's JSON responses and error bodies."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakediscord.messages import Attachment

API_PREFIX = "/api/v10"
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024

Handler = Callable[["Call"], Awaitable[web.StreamResponse]]


class FormError(str):
    """One entry of an Invalid Form Body: its text reads ``path: message`` as every other error of the
    fake's checks, and it carries the code Discord gives it (``APPLICATION_COMMAND_TOO_LARGE``, …)."""

    code: str

    def __new__(cls, text: str, code: str) -> FormError:
        made = super().__new__(cls, text)
        made.code = code
        return made


_PATH = re.compile(r"^([\w\[\]]+(?:\.[\w\[\]]+)*): (.+)$", re.DOTALL)


def form_errors(errors: list[str]) -> dict[str, Any]:
    """Discord's ``errors`` object of a 400 / 50035: each error nested under its field path, leaves
    holding ``_errors`` lists (REF §Error Messages), so discord.py names the field (``In 0.name: …``)
    and ``CommandSyncFailure`` names the command. An error without a path goes to the top level."""
    tree: dict[str, Any] = {}
    for error in errors:
        code = error.code if isinstance(error, FormError) else "BASE_TYPE_INVALID"
        match = _PATH.match(error)
        node = tree
        message = error
        if match is not None:
            message = match.group(2)
            for key in match.group(1).split("."):
                node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


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
