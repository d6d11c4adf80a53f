"""FakeDiscord: a loopback Discord (REST + gateway) that the real discord.py talks to, plus the driver
API tests use to act as players. Start with ``await FakeDiscord().start()``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp import web

from tests.fakediscord import validation
from tests.fakediscord.connector import make_connector
from tests.fakediscord.gateway import GUILD_MESSAGES, RESUME_URL, Gateway, Session
from tests.fakediscord.model import (
    EPHEMERAL,
    LOADING,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Overwrite,
    Permission,
    Role,
    User,
    iso_now,
    snowflake,
)
from tests.fakediscord.outcome import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    CallbackAttempt,
    FakeInteraction,
    InteractionNotAcknowledged,
    InteractionOutcome,
)
from tests.fakediscord.tls import server_context

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
class Fault:
    route: str  # e.g. "POST /channels/{channel_id}/messages"; "*" matches any route
    status: int
    remaining: int
    retry_after: float = 0.05
    is_global: bool = False
    uploads_only: bool = False


@dataclass
class Call:
    """One REST request being handled."""

    request: web.Request
    params: dict[str, str]
    record: RecordedRequest
    payload: dict[str, Any] | None = None
    files: dict[int, Attachment] = field(default_factory=dict)


class FakeDiscord:
    def __init__(self, *, token: str | None = None, ack_deadline: float = 3.0) -> None:
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
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[int | None, str, int], int] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.requests: list[RecordedRequest] = []
        self.unknown_routes: list[str] = []
        self.problems: list[str] = []
        self.faults: list[Fault] = []
        # files users attached to slash command options, served at their cdn URL
        self.cdn: dict[int, Attachment] = {}
        self.message_events = True
        self.gateway = Gateway(self)
        self._routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        self._in_flight = 0
        self._last_activity = time.monotonic()
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._install_routes()
        self._build_default_world()

    # ------------------------------------------------------------------------------------------
    # world
    # ------------------------------------------------------------------------------------------
    def _build_default_world(self) -> None:
        self.users["owner"] = self.owner
        self.guild = self.add_guild("Boardroom Test Guild", owner=self.owner)
        self.moderator_role = self.add_role(self.guild, "Moderator", Permission.MANAGE_GUILD)
        self.general = self.add_channel(self.guild, "general")
        self.games = self.add_channel(self.guild, "games")
        for name in ("alice", "bob", "carol", "dave"):
            self.add_user(name)
        self.add_user("mod", roles=[self.moderator_role])

    def add_guild(self, name: str, *, owner: User) -> Guild:
        guild_id = snowflake()
        guild = Guild(id=guild_id, name=name, owner_id=owner.id)
        guild.roles[guild_id] = Role(id=guild_id, name="@everyone", permissions=Permission.EVERYONE_DEFAULT)
        guild.members[owner.id] = Member(owner)
        bot_role = Role(
            id=snowflake(), name=self.bot.username, permissions=Permission.EVERYONE_DEFAULT, position=1
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = Member(self.bot, roles=[bot_role.id])
        self.guilds[guild_id] = guild
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(id=snowflake(), name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_channel(self, guild: Guild, name: str, *, overwrites: list[Overwrite] | None = None) -> Channel:
        channel = Channel(
            id=snowflake(),
            name=name,
            guild_id=guild.id,
            position=len(guild.channels),
            overwrites=overwrites or [],
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_user(self, name: str, *, roles: list[Role] | None = None, guild: Guild | None = None) -> User:
        user = User(id=snowflake(), username=name)
        self.users[name] = user
        (guild or self.guild).members[user.id] = Member(user, roles=[r.id for r in roles or []])
        return user

    def channel(self, name: str) -> Channel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(name)

    def _user(self, user: User | str) -> User:
        return self.users[user] if isinstance(user, str) else user

    def _channel(self, channel: Channel | str | int) -> Channel:
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, int):
            return self.channels[channel]
        return self.channel(channel)

    def channel_messages(
        self, channel: Channel | str | int, *, include_ephemeral: bool = False
    ) -> list[Message]:
        channel_id = self._channel(channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def latest_message(
        self, channel: Channel | str | int, *, include_ephemeral: bool = False, by_bot: bool = True
    ) -> Message:
        messages = [
            m
            for m in self.channel_messages(channel, include_ephemeral=include_ephemeral)
            if not by_bot or m.author.id == self.bot.id
        ]
        if not messages:
            raise AssertionError(f"no message in #{self._channel(channel).name}")
        return messages[-1]

    def dm_channel(self, user: User | str) -> Channel:
        """The DM channel the bot opened with ``user`` (raises if it never did)."""
        target = self._user(user)
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipients == [target]:
                return channel
        raise AssertionError(f"the bot never opened a DM with {target.username}")

    def message(self, message_id: int) -> Message:
        return self.messages[message_id]

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
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))
        return result

    async def settle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:
        """Wait until no request is in flight and nothing happened for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            if self._in_flight == 0 and now - self._last_activity >= quiet:
                return
            if now > deadline:
                raise AssertionError(f"fake Discord did not settle within {timeout}s")
            await asyncio.sleep(quiet / 4)

    async def wait_ready(self, timeout: float = 5.0) -> None:
        await self.wait_until(lambda: self.gateway.connected, timeout, "the bot to connect to the gateway")

    def requests_to(self, route: str) -> list[RecordedRequest]:
        """Recorded requests for a route template, e.g. ``"POST /channels/{channel_id}/messages"``."""
        return [r for r in self.requests if r.route == route]

    # ------------------------------------------------------------------------------------------
    # fault injection
    # ------------------------------------------------------------------------------------------
    def rate_limit(
        self, route: str, *, count: int = 1, retry_after: float = 0.05, is_global: bool = False
    ) -> None:
        """The next ``count`` calls of ``route`` get a 429 with ``Via`` and ``retry_after``, as Discord."""
        self._check_route(route)
        self.faults.append(Fault(route, 429, count, retry_after=retry_after, is_global=is_global))

    def fail_next(self, route: str, *, status: int = 500, count: int = 1) -> None:
        self._check_route(route)
        self.faults.append(Fault(route, status, count))

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
            fault.remaining -= 1
            return fault
        return None

    def expire_token(self, outcome: InteractionOutcome | None = None) -> None:
        """Age one interaction's token (or all) past Discord's 15 minutes: followups and edits of the
        original response then fail with 401 / 50027, as they do after a long pause."""
        records = [outcome.record] if outcome is not None else list(self.interactions.values())
        for record in records:
            record.expired = True

    def upload(self, filename: str, data: bytes, *, content_type: str | None = None) -> Attachment:
        """A file a user picks for an attachment option: ``await fake.slash(..., file=fake.upload(...))``."""
        guessed = content_type or mimetypes.guess_type(filename)[0]
        return Attachment(id=snowflake(), filename=filename, data=data, content_type=guessed)

    def set_permissions(
        self, channel: Channel | str | int, target: User | Role | str, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Put a permission overwrite on a channel, e.g. deny the bot SEND_MESSAGES in #games."""
        where = self._channel(channel)
        if isinstance(target, Role):
            target_id, kind = target.id, 0
        else:
            target_id, kind = self._user(target).id, 1
        where.overwrites = [o for o in where.overwrites if o.id != target_id]
        where.overwrites.append(Overwrite(id=target_id, type=kind, allow=allow, deny=deny))

    async def drop_gateway(self, code: int = 4000, *, wait: bool = True, timeout: float = 5.0) -> None:
        await self.gateway.drop(code, wait=wait, timeout=timeout)

    async def send_reconnect(self, *, wait: bool = True) -> None:
        await self.gateway.reconnect(wait=wait)

    async def invalidate_session(self, *, resumable: bool = False, wait: bool = True) -> None:
        await self.gateway.invalidate(resumable=resumable, wait=wait)

    # ------------------------------------------------------------------------------------------
    # REST plumbing
    # ------------------------------------------------------------------------------------------
    def route(self, method: str, template: str) -> Callable[[Handler], Handler]:
        pattern = re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "$")

        def register(handler: Handler) -> Handler:
            self._routes.append((method, template, pattern, handler))
            return handler

        return register

    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        self.bump()
        record = RecordedRequest(
            method=request.method,
            path=request.path,
            route=None,
            query=dict(request.query),
            json=None,
            files=[],
            started=time.monotonic(),
        )
        self.requests.append(record)
        try:
            response = await self._serve(request, record)
        except DiscordError as exc:
            response = self._error_response(record, exc)
        finally:
            self._in_flight -= 1
        record.status = response.status
        record.finished = time.monotonic()
        self.bump()
        return response

    def _error_response(self, record: RecordedRequest, exc: DiscordError) -> web.Response:
        body: dict[str, Any] = {"message": exc.message, "code": exc.code}
        if exc.errors:
            body["errors"] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": e} for e in exc.errors]}
        return json_response(body, status=exc.status)

    async def _serve(self, request: web.Request, record: RecordedRequest) -> web.StreamResponse:
        path = request.path
        if path.startswith("/attachments/") and request.method == "GET":
            record.route = "GET /attachments/{channel_id}/{attachment_id}/{filename}"
            parts = path.split("/")
            attachment = self.cdn.get(int(parts[3])) if len(parts) > 3 and parts[3].isdigit() else None
            if attachment is None:
                return json_response({"message": "404: Not Found", "code": 0}, status=404)
            return web.Response(body=attachment.data, content_type="application/octet-stream")
        if not path.startswith(API_PREFIX):
            return self._unknown(record)
        sub = path[len(API_PREFIX) :]
        for method, template, pattern, handler in self._routes:
            if method != request.method:
                continue
            match = pattern.match(sub)
            if match is None:
                continue
            record.route = f"{method} {template}"
            if request.headers.get("Authorization") != f"Bot {self.token}" and not template.startswith(
                ("/interactions/", "/webhooks/")
            ):
                raise DiscordError(401, 0, "401: Unauthorized")
            call = Call(request=request, params=match.groupdict(), record=record)
            await self._read_body(call)
            fault = self._take_fault(call)
            if fault is not None:
                record.fault = f"injected {fault.status}"
                return self._fault_response(fault)
            return await handler(call)
        return self._unknown(record)

    def _unknown(self, record: RecordedRequest) -> web.Response:
        self.unknown_routes.append(f"{record.method} {record.path}")
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

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
                "X-RateLimit-Scope": "global" if fault.is_global else "user",
            }
            if fault.is_global:
                headers["X-RateLimit-Global"] = "true"
            return json_response(body, status=429, headers=headers)
        return json_response({"message": f"{fault.status}: injected failure", "code": 0}, status=fault.status)

    async def _read_body(self, call: Call) -> None:
        request = call.request
        content_type = request.headers.get("Content-Type", "")
        if content_type.startswith("multipart/form-data"):
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, aiohttp.BodyPartReader) or part.name is None:
                    continue
                raw = await part.read()
                if part.name == "payload_json":
                    call.payload = json.loads(raw)
                    continue
                match = re.fullmatch(r"files\[(\d+)\]", part.name)
                if match is None:
                    self.problem(f"{call.record.route}: unexpected multipart field {part.name!r}")
                    continue
                filename = part.filename or "unnamed"
                # Parts arrive as application/octet-stream; Discord derives the type from the name.
                guessed = mimetypes.guess_type(filename)[0]
                call.files[int(match.group(1))] = Attachment(
                    id=snowflake(), filename=filename, data=bytes(raw), content_type=guessed
                )
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                if content_type != "application/json":
                    self.problem(f"{call.record.route}: body sent as {content_type!r}")
                call.payload = json.loads(raw)
        call.record.json = call.payload
        call.record.files = [(f"files[{i}]", a.filename, a.data) for i, a in sorted(call.files.items())]

    def _reject(self, where: str, errors: list[str]) -> None:
        if errors:
            self.problem(f"{where}: Invalid Form Body: " + "; ".join(errors))
            raise DiscordError(400, 50035, "Invalid Form Body", errors)

    # ------------------------------------------------------------------------------------------
    # payloads
    # ------------------------------------------------------------------------------------------
    def ready_payload(self, session: Session) -> dict[str, Any]:
        user = self.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}
        data: dict[str, Any] = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": RESUME_URL,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "user_settings": {},
            "_trace": ["fakediscord"],
        }
        if session.shard is not None:
            data["shard"] = session.shard
        return data

    def application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.payload(),
            "team": None,
            "flags": 0,
            "rpc_origins": [],
            "redirect_uris": [],
            "tags": [],
            "install_params": None,
            "custom_install_url": None,
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": len(self.guilds),
            "integration_types_config": {"0": {}},
            "bot": self.bot.payload() | {"bot": True},
        }

    def _member_with_permissions(self, guild: Guild, channel: Channel, user: User) -> dict[str, Any]:
        data = guild.members[user.id].payload()
        data["permissions"] = str(guild.permissions_in(channel, user.id))
        return data

    # ------------------------------------------------------------------------------------------
    # messages
    # ------------------------------------------------------------------------------------------
    def _upload_limit(self, interaction: FakeInteraction | None) -> int:
        if interaction is not None:
            return int(interaction.payload.get("attachment_size_limit", DEFAULT_UPLOAD_LIMIT))
        return DEFAULT_UPLOAD_LIMIT

    def _check_files(self, call: Call, limit: int) -> None:
        for attachment in call.files.values():
            if attachment.size > limit:
                self.problem(
                    f"{call.record.route}: {attachment.filename} is {attachment.size} bytes > {limit}"
                )
                raise DiscordError(413, 40005, "Request entity too large")

    def _attachments_for(self, call: Call, existing: list[Attachment], *, editing: bool) -> list[Attachment]:
        payload = call.payload or {}
        uploads = dict(call.files)
        if "attachments" not in payload:
            return [*existing, *uploads.values()] if editing else list(uploads.values())
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = []
        for entry in payload["attachments"] or []:
            ref = int(entry["id"])
            if ref in uploads:
                attachment = uploads.pop(ref)
                if entry.get("filename"):
                    attachment.filename = entry["filename"]
                    attachment.content_type = mimetypes.guess_type(attachment.filename)[0]
                attachment.description = entry.get("description")
                result.append(attachment)
            elif ref in by_id:
                result.append(by_id[ref])
            else:
                self._reject(str(call.record.route), [f"attachments: unknown attachment id {ref}"])
        return result + list(uploads.values())

    async def _create_message(
        self,
        call: Call,
        channel: Channel,
        *,
        interaction: FakeInteraction | None = None,
        extra_flags: int = 0,
        validate: bool = True,
    ) -> Message:
        payload = call.payload or {}
        if validate:
            self._reject(
                str(call.record.route),
                validation.message_errors(payload, creating=True, has_files=bool(call.files)),
            )
        self._check_files(call, self._upload_limit(interaction))
        allowed = EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15)  # ephemeral, suppress embeds/notifications, v2
        flags = (int(payload.get("flags") or 0) & allowed) | extra_flags
        if interaction is None:
            flags &= ~EPHEMERAL
        message = Message(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self._attachments_for(call, [], editing=False),
            flags=flags,
        )
        if interaction is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_id = interaction.id
            message.interaction_user = interaction.user
            message.type = 20 if interaction.type == APPLICATION_COMMAND else 0
        message.snapshot()
        self.messages[message.id] = message
        if not message.ephemeral and self.message_events:
            await self.gateway.dispatch("MESSAGE_CREATE", self._message_event(message), intent=GUILD_MESSAGES)
        return message

    def _message_event(self, message: Message) -> dict[str, Any]:
        data = message.payload()
        if message.guild_id is not None:
            member = self.guilds[message.guild_id].members.get(message.author.id)
            if member is not None and message.webhook_id is None:
                data["member"] = {k: v for k, v in member.payload().items() if k != "user"}
        return data

    async def _edit_message(
        self, call: Call, message: Message, *, interaction: FakeInteraction | None
    ) -> Message:
        payload = call.payload or {}
        self._reject(
            str(call.record.route), validation.message_errors(payload, creating=False, has_files=False)
        )
        self._check_files(call, self._upload_limit(interaction))
        if "content" in payload:
            message.content = str(payload["content"] or "")
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "attachments" in payload or call.files:
            message.attachments = self._attachments_for(call, message.attachments, editing=True)
        if "flags" in payload and payload["flags"] is not None:
            # Ephemerality cannot change after sending; only the v2 and suppress-embeds bits can.
            mutable = (1 << 2) | (1 << 15)
            message.flags = (message.flags & ~mutable) | (int(payload["flags"]) & mutable)
        message.flags &= ~LOADING
        message.edited_timestamp = iso_now()
        message.snapshot()
        if not message.ephemeral and self.message_events:
            await self.gateway.dispatch("MESSAGE_UPDATE", self._message_event(message), intent=GUILD_MESSAGES)
        return message

    async def _delete_message(self, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral and self.message_events:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=GUILD_MESSAGES)

    def _channel_param(self, call: Call) -> Channel:
        channel = self.channels.get(int(call.params["channel_id"]))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _message_param(self, call: Call, channel: Channel) -> Message:
        message = self.messages.get(int(call.params["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    def _require(self, channel: Channel, needed: int, what: str) -> None:
        if channel.guild_id is None:
            return
        have = self.guilds[channel.guild_id].permissions_in(channel, self.bot.id)
        if have & needed != needed:
            self.problem(f"bot lacks permissions for {what} in #{channel.name}")
            raise DiscordError(403, 50013, "Missing Permissions")

    # ------------------------------------------------------------------------------------------
    # routes
    # ------------------------------------------------------------------------------------------
    def _install_routes(self) -> None:
        r = self.route

        @r("GET", "/users/@me")
        async def users_me(call: Call) -> web.StreamResponse:
            return json_response(self.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

        @r("GET", "/users/{user_id}")
        async def get_user(call: Call) -> web.StreamResponse:
            for user in [*self.users.values(), self.bot]:
                if str(user.id) == call.params["user_id"]:
                    return json_response(user.payload())
            raise DiscordError(404, 10013, "Unknown User")

        @r("POST", "/users/@me/channels")
        async def create_dm(call: Call) -> web.StreamResponse:
            recipient_id = int((call.payload or {})["recipient_id"])
            user = next((u for u in self.users.values() if u.id == recipient_id), None)
            if user is None:
                raise DiscordError(400, 50033, "Invalid Recipient(s)")
            for channel in self.channels.values():
                if channel.type == 1 and channel.recipients == [user]:
                    return json_response(channel.payload())
            dm = Channel(id=snowflake(), name=f"dm-{user.username}", type=1, recipients=[user])
            self.channels[dm.id] = dm
            return json_response(dm.payload())

        @r("GET", "/oauth2/applications/@me")
        async def application(call: Call) -> web.StreamResponse:
            return json_response(self.application_payload())

        @r("GET", "/applications/@me")
        async def application_me(call: Call) -> web.StreamResponse:
            return json_response(self.application_payload())

        @r("GET", "/gateway")
        async def gateway(call: Call) -> web.StreamResponse:
            return json_response({"url": "wss://gateway.discord.gg"})

        @r("GET", "/gateway/bot")
        async def gateway_bot(call: Call) -> web.StreamResponse:
            return json_response(
                {
                    "url": "wss://gateway.discord.gg",
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                }
            )

        def command_scope(call: Call) -> int | None:
            if call.params.get("app_id") != str(self.application_id):
                raise DiscordError(403, 50001, "Missing Access")
            if "guild_id" not in call.params:
                return None
            guild_id = int(call.params["guild_id"])
            if guild_id not in self.guilds:
                raise DiscordError(403, 50001, "Missing Access")
            return guild_id

        def stored_command(scope: int | None, command: dict[str, Any]) -> dict[str, Any]:
            kind = int(command.get("type", 1))
            key = (scope, command["name"], kind)
            command_id = self._command_ids.setdefault(key, snowflake())
            stored = {
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                "contexts": None,
                "integration_types": [0],
                **command,
                "id": str(command_id),
                "application_id": str(self.application_id),
                "type": kind,
                "version": str(snowflake()),
            }
            if scope is not None:
                stored["guild_id"] = str(scope)
            return stored

        @r("PUT", "/applications/{app_id}/commands")
        @r("PUT", "/applications/{app_id}/guilds/{guild_id}/commands")
        async def put_commands(call: Call) -> web.StreamResponse:
            scope = command_scope(call)
            commands = list(call.payload or [])  # type: ignore[arg-type]
            self._reject(str(call.record.route), validation.command_errors(commands, guild=scope is not None))
            self.commands[scope] = [stored_command(scope, c) for c in commands]
            return json_response(self.commands[scope])

        @r("GET", "/applications/{app_id}/commands")
        @r("GET", "/applications/{app_id}/guilds/{guild_id}/commands")
        async def get_commands(call: Call) -> web.StreamResponse:
            return json_response(self.commands.get(command_scope(call), []))

        @r("POST", "/interactions/{interaction_id}/{token}/callback")
        async def callback(call: Call) -> web.StreamResponse:
            return await self._callback(call)

        def webhook_interaction(call: Call) -> FakeInteraction:
            if call.params["app_id"] != str(self.application_id):
                raise DiscordError(404, 10015, "Unknown Webhook")
            for interaction in self.interactions.values():
                if interaction.token == call.params["token"]:
                    if interaction.expired:
                        # Not a strict-mode problem: the bot cannot know; it must fall back.
                        raise DiscordError(401, 50027, "Invalid Webhook Token")
                    if not interaction.acknowledged:
                        self.problem(
                            f"{call.record.route} before the interaction {interaction.id} was acknowledged"
                        )
                        raise DiscordError(404, 10015, "Unknown Webhook")
                    return interaction
            raise DiscordError(404, 10015, "Unknown Webhook")

        def webhook_message(call: Call, interaction: FakeInteraction) -> Message:
            ref = call.params["message_id"]
            if ref == "@original":
                if interaction.original is None or interaction.callback_type in (AUTOCOMPLETE_RESULT, MODAL):
                    raise DiscordError(404, 10008, "Unknown Message")
                if interaction.original.deleted:
                    raise DiscordError(404, 10008, "Unknown Message")
                return interaction.original
            for message in [*interaction.followups, interaction.original]:
                if message is not None and str(message.id) == ref and not message.deleted:
                    return message
            raise DiscordError(404, 10008, "Unknown Message")

        @r("POST", "/webhooks/{app_id}/{token}")
        async def followup(call: Call) -> web.StreamResponse:
            interaction = webhook_interaction(call)
            original = interaction.original
            if (
                interaction.callback_type == DEFERRED_CHANNEL_MESSAGE
                and original is not None
                and original.loading
                and not original.deleted
            ):
                # Discord fills the "thinking…" message with the first followup.
                self._reject(
                    str(call.record.route),
                    validation.message_errors(call.payload or {}, creating=True, has_files=bool(call.files)),
                )
                message = await self._edit_message(call, original, interaction=interaction)
            else:
                message = await self._create_message(call, interaction.channel, interaction=interaction)
            interaction.followups.append(message)
            if call.record.query.get("wait") in ("true", "1", "True"):
                return json_response(message.payload())
            return no_content()

        @r("GET", "/webhooks/{app_id}/{token}/messages/{message_id}")
        async def webhook_get(call: Call) -> web.StreamResponse:
            return json_response(webhook_message(call, webhook_interaction(call)).payload())

        @r("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}")
        async def webhook_edit(call: Call) -> web.StreamResponse:
            interaction = webhook_interaction(call)
            message = webhook_message(call, interaction)
            return json_response((await self._edit_message(call, message, interaction=interaction)).payload())

        @r("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}")
        async def webhook_delete(call: Call) -> web.StreamResponse:
            interaction = webhook_interaction(call)
            await self._delete_message(webhook_message(call, interaction))
            return no_content()

        @r("GET", "/channels/{channel_id}")
        async def get_channel(call: Call) -> web.StreamResponse:
            return json_response(self._channel_param(call).payload())

        @r("POST", "/channels/{channel_id}/messages")
        async def post_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            needed = Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES
            if call.files:
                needed |= Permission.ATTACH_FILES
            if (call.payload or {}).get("embeds"):
                needed |= Permission.EMBED_LINKS
            self._require(channel, needed, "sending a message")
            return json_response((await self._create_message(call, channel)).payload())

        @r("GET", "/channels/{channel_id}/messages")
        async def list_messages(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            self._require(
                channel, Permission.VIEW_CHANNEL | Permission.READ_MESSAGE_HISTORY, "reading history"
            )
            limit = int(call.record.query.get("limit", "50"))
            messages = sorted(self.channel_messages(channel), key=lambda m: m.id, reverse=True)
            if "before" in call.record.query:
                messages = [m for m in messages if m.id < int(call.record.query["before"])]
            if "after" in call.record.query:
                messages = [m for m in messages if m.id > int(call.record.query["after"])]
            return json_response([m.payload() for m in messages[:limit]])

        @r("GET", "/channels/{channel_id}/messages/{message_id}")
        async def get_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            return json_response(self._message_param(call, channel).payload())

        @r("PATCH", "/channels/{channel_id}/messages/{message_id}")
        async def edit_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            message = self._message_param(call, channel)
            if message.author.id != self.bot.id:
                raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
            return json_response((await self._edit_message(call, message, interaction=None)).payload())

        @r("DELETE", "/channels/{channel_id}/messages/{message_id}")
        async def delete_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            message = self._message_param(call, channel)
            if message.author.id != self.bot.id:
                self._require(channel, Permission.MANAGE_MESSAGES, "deleting someone else's message")
            await self._delete_message(message)
            return no_content()

        @r("POST", "/channels/{channel_id}/typing")
        async def typing(call: Call) -> web.StreamResponse:
            self._channel_param(call)
            return no_content()

        @r("GET", "/guilds/{guild_id}")
        async def get_guild(call: Call) -> web.StreamResponse:
            guild = self.guilds.get(int(call.params["guild_id"]))
            if guild is None:
                raise DiscordError(404, 10004, "Unknown Guild")
            return json_response(guild.payload())

        @r("GET", "/guilds/{guild_id}/channels")
        async def guild_channels(call: Call) -> web.StreamResponse:
            guild = self.guilds.get(int(call.params["guild_id"]))
            if guild is None:
                raise DiscordError(404, 10004, "Unknown Guild")
            return json_response([c.payload() for c in guild.channels.values()])

        @r("GET", "/guilds/{guild_id}/members/{user_id}")
        async def guild_member(call: Call) -> web.StreamResponse:
            guild = self.guilds.get(int(call.params["guild_id"]))
            member = guild.members.get(int(call.params["user_id"])) if guild else None
            if member is None:
                raise DiscordError(404, 10007, "Unknown Member")
            return json_response(member.payload())

    # ------------------------------------------------------------------------------------------
    # interaction callback
    # ------------------------------------------------------------------------------------------
    async def _callback(self, call: Call) -> web.StreamResponse:
        record = self.interactions.get(int(call.params["interaction_id"]))
        if record is None or record.token != call.params["token"]:
            self.problem(f"callback for unknown interaction {call.params['interaction_id']}")
            raise DiscordError(404, 10062, "Unknown interaction")
        if call.record.query.get("with_response") not in ("1", "true", "True"):
            self.problem("interaction callback without ?with_response=1 (discord.py 2.7 always sends it)")
        payload = call.payload or {}
        kind = int(payload.get("type", 0))
        data = dict(payload.get("data") or {})
        now = time.monotonic()
        if record.acknowledged:
            record.attempts.append(CallbackAttempt(kind, now, 400))
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - record.created > self.ack_deadline:
            record.attempts.append(CallbackAttempt(kind, now, 404))
            self.problem(
                f"interaction {record.id} acknowledged after {now - record.created:.2f}s "
                f"(> {self.ack_deadline}s): the user saw 'This interaction failed'"
            )
            raise DiscordError(404, 10062, "Unknown interaction")
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if record.source_message is not None else set()),
        }[record.type]
        if kind not in allowed:
            record.attempts.append(CallbackAttempt(kind, now, 400))
            self._reject(
                str(call.record.route),
                [f"callback type {kind} is not valid for interaction type {record.type}"],
            )
        if kind == MODAL:
            self._reject(str(call.record.route), validation.modal_errors(data))
        if kind == AUTOCOMPLETE_RESULT and len(data.get("choices") or []) > 25:
            self._reject(str(call.record.route), ["data.choices: at most 25"])

        message: Message | None = None
        if kind == CHANNEL_MESSAGE:
            call.payload = data
            message = await self._create_message(call, record.channel, interaction=record)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            call.payload = {"flags": data.get("flags", 0)}
            message = await self._create_message(
                call, record.channel, interaction=record, extra_flags=LOADING, validate=False
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            message = record.source_message
            assert message is not None
            if kind == UPDATE_MESSAGE:
                call.payload = data
                await self._edit_message(call, message, interaction=record)
        record.attempts.append(CallbackAttempt(kind, now, 200))
        record.callback_type = kind
        record.callback_data = data
        record.callback_at = now
        record.original = message
        self.bump()
        body: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
        }
        if message is not None:
            body["interaction"]["response_message_id"] = str(message.id)
        resource: dict[str, Any] = {"type": kind}
        if message is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            resource["message"] = message.payload()
        body["resource"] = resource
        return json_response(body)

    # ------------------------------------------------------------------------------------------
    # driver: acting as players
    # ------------------------------------------------------------------------------------------
    def find_command(self, path: str, guild: Guild | None) -> tuple[dict[str, Any], list[str]]:
        name, *rest = path.split()
        scopes = ([guild.id] if guild is not None else []) + [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command, rest
        known = sorted({c["name"] for s in scopes for c in self.commands.get(s, [])})
        raise AssertionError(f"no registered slash command /{name}; registered: {known}")

    def _check_can_use(
        self, definition: dict[str, Any], user: User, channel: Channel, guild: Guild | None
    ) -> None:
        """Discord does not even show a command to someone who may not use it."""
        if guild is None:
            contexts = definition.get("contexts")
            if definition.get("guild_id") or (contexts is not None and 1 not in contexts):
                raise AssertionError(f"/{definition['name']} is not available in DMs")
            return
        have = guild.permissions_in(channel, user.id)
        needed = Permission.VIEW_CHANNEL | Permission.USE_APPLICATION_COMMANDS
        if have & needed != needed:
            raise AssertionError(f"{user.username} cannot use application commands in #{channel.name}")
        required = definition.get("default_member_permissions")
        if required is not None and have & int(required) != int(required):
            raise AssertionError(
                f"Discord hides /{definition['name']} from {user.username} "
                f"(default_member_permissions {required}, member has {have})"
            )

    def _build_options(
        self,
        command: dict[str, Any],
        sub_path: list[str],
        values: dict[str, Any],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
        channel: Channel,
    ) -> list[dict[str, Any]]:
        definitions = command.get("options") or []
        if sub_path:
            head, *tail = sub_path
            sub = next((o for o in definitions if o["name"] == head and o["type"] in (1, 2)), None)
            if sub is None:
                raise AssertionError(f"/{command['name']} has no subcommand {head!r}")
            inner = self._build_options(sub, tail, values, focused, resolved, guild, channel)
            return [{"name": head, "type": sub["type"], "options": inner}]
        if any(o["type"] in (1, 2) for o in definitions):
            raise AssertionError(f"/{command['name']} needs a subcommand")
        by_name = {o["name"]: o for o in definitions}
        unknown = set(values) - set(by_name)
        if unknown:
            raise AssertionError(
                f"/{command['name']} has no option(s) {sorted(unknown)}; it has {sorted(by_name)}"
            )
        options: list[dict[str, Any]] = []
        for definition in definitions:
            name = definition["name"]
            if name not in values:
                if definition.get("required") and focused is None:
                    raise AssertionError(f"/{command['name']}: required option {name!r} missing")
                continue
            value = self._option_value(definition, values[name], name == focused, resolved, guild, channel)
            option: dict[str, Any] = {"name": name, "type": definition["type"], "value": value}
            if name == focused:
                option["focused"] = True
            options.append(option)
        return options

    def _option_value(
        self,
        definition: dict[str, Any],
        value: Any,
        is_focused: bool,
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
        channel: Channel,
    ) -> Any:
        kind = definition["type"]
        if is_focused:
            return str(value)  # autocomplete sends what was typed so far
        if definition.get("choices") and value not in [c["value"] for c in definition["choices"]]:
            raise AssertionError(
                f"option {definition['name']!r}: {value!r} is not one of the offered choices"
            )
        if kind == 3:
            text = str(value)
            if len(text) < definition.get("min_length", 0) or len(text) > definition.get("max_length", 6000):
                raise AssertionError(f"option {definition['name']!r}: length outside the allowed range")
            return text
        if kind in (4, 10):
            number = int(value) if kind == 4 else float(value)
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and number < low) or (high is not None and number > high):
                raise AssertionError(f"option {definition['name']!r}: {number} outside [{low}, {high}]")
            return number
        if kind == 5:
            return bool(value)
        if kind in (6, 9) and isinstance(value, User | str):
            user = self._user(value)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild is not None and user.id in guild.members:
                member = self._member_with_permissions(guild, channel, user)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind == 7:
            target = self._channel(value)
            resolved.setdefault("channels", {})[str(target.id)] = target.payload() | {"permissions": "0"}
            return str(target.id)
        if kind == 11 and isinstance(value, Attachment):
            # A file the user attached: its bytes are served at the cdn URL in the payload.
            self.cdn[value.id] = value
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            return str(value.id)
        if kind in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        raise AssertionError(f"option type {kind} with value {value!r} is not supported by the fake")

    def _envelope(
        self, kind: int, user: User, channel: Channel, data: dict[str, Any], message: Message | None
    ) -> FakeInteraction:
        interaction_id = snowflake()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": DEFAULT_UPLOAD_LIMIT,
        }
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            if user.id not in guild.members:
                raise AssertionError(f"{user.username} is not a member of {guild.name}")
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=self._member_with_permissions(guild, channel, user),
                app_permissions=str(guild.permissions_in(channel, self.bot.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(user=user.payload(), authorizing_integration_owners={"1": str(user.id)}, context=1)
        if message is not None:
            payload["message"] = message.payload()
        record = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            payload=payload,
            created=time.monotonic(),
            source_message=message,
        )
        self.interactions[interaction_id] = record
        return record

    async def _deliver(self, record: FakeInteraction, timeout: float) -> InteractionOutcome:
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        try:
            await self.wait_until(
                lambda: record.attempts, timeout, f"acknowledgement of interaction {record.id}"
            )
        except AssertionError:
            raise InteractionNotAcknowledged(
                f"the bot did not acknowledge interaction {record.id} ({record.payload['data']}) within "
                f"{timeout}s; problems: {self.problems}"
            ) from None
        if not record.acknowledged:
            raise InteractionNotAcknowledged(
                f"interaction {record.id} answered late or wrongly: {record.attempts}; {self.problems}"
            )
        return InteractionOutcome(self, record)

    async def slash(
        self,
        user: User | str,
        channel: Channel | str | int,
        command: str,
        *,
        timeout: float = 5.0,
        **options: Any,
    ) -> InteractionOutcome:
        """Run ``/command sub …`` with the given options as ``user`` in ``channel``."""
        player, where = self._user(user), self._channel(channel)
        guild = self.guilds.get(where.guild_id) if where.guild_id is not None else None
        definition, sub_path = self.find_command(command, guild)
        self._check_can_use(definition, player, where, guild)
        resolved: dict[str, dict[str, Any]] = {}
        data: dict[str, Any] = {
            "id": definition["id"],
            "name": definition["name"],
            "type": 1,
            "options": self._build_options(definition, sub_path, options, None, resolved, guild, where),
        }
        if definition.get("guild_id"):
            data["guild_id"] = definition["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return await self._deliver(self._envelope(APPLICATION_COMMAND, player, where, data, None), timeout)

    async def autocomplete(
        self,
        user: User | str,
        channel: Channel | str | int,
        command: str,
        *,
        focused: str,
        value: str,
        timeout: float = 5.0,
        **options: Any,
    ) -> InteractionOutcome:
        """Type ``value`` into option ``focused`` of ``/command``; returns the suggestions (``.choices``)."""
        player, where = self._user(user), self._channel(channel)
        guild = self.guilds.get(where.guild_id) if where.guild_id is not None else None
        definition, sub_path = self.find_command(command, guild)
        self._check_can_use(definition, player, where, guild)
        resolved: dict[str, dict[str, Any]] = {}
        values = {**options, focused: value}
        data: dict[str, Any] = {
            "id": definition["id"],
            "name": definition["name"],
            "type": 1,
            "options": self._build_options(definition, sub_path, values, focused, resolved, guild, where),
        }
        if definition.get("guild_id"):
            data["guild_id"] = definition["guild_id"]
        return await self._deliver(self._envelope(AUTOCOMPLETE, player, where, data, None), timeout)

    def _component_target(self, message: Message | int, custom_id: str) -> tuple[Message, dict[str, Any]]:
        target = message if isinstance(message, Message) else self.messages[message]
        target = self.messages.get(target.id, target)
        if target.deleted:
            raise AssertionError(f"message {target.id} was deleted")
        component = target.component(custom_id)
        if component.get("disabled"):
            raise AssertionError(f"component {custom_id!r} on message {target.id} is disabled")
        return target, component

    async def click(
        self, user: User | str, message: Message | int, custom_id: str, *, timeout: float = 5.0
    ) -> InteractionOutcome:
        target, component = self._component_target(message, custom_id)
        if component.get("type") != 2:
            raise AssertionError(f"{custom_id!r} is not a button")
        data = {"custom_id": custom_id, "component_type": 2}
        channel = self.channels[target.channel_id]
        return await self._deliver(
            self._envelope(MESSAGE_COMPONENT, self._user(user), channel, data, target), timeout
        )

    async def click_button(
        self, user: User | str, message: Message | int, label: str, *, timeout: float = 5.0
    ) -> InteractionOutcome:
        target = message if isinstance(message, Message) else self.messages[message]
        return await self.click(user, target, target.button(label)["custom_id"], timeout=timeout)

    async def select(
        self,
        user: User | str,
        message: Message | int,
        custom_id: str,
        values: list[str],
        *,
        timeout: float = 5.0,
    ) -> InteractionOutcome:
        target, component = self._component_target(message, custom_id)
        kind = component.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise AssertionError(f"{custom_id!r} is not a select menu")
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise AssertionError(f"{custom_id!r} takes {low}..{high} values, got {len(values)}")
        if kind == 3:
            offered = [o["value"] for o in component.get("options", [])]
            missing = [v for v in values if v not in offered]
            if missing:
                raise AssertionError(f"{custom_id!r} does not offer {missing}; it offers {offered}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind, "values": list(values)}
        channel = self.channels[target.channel_id]
        return await self._deliver(
            self._envelope(MESSAGE_COMPONENT, self._user(user), channel, data, target), timeout
        )

    async def submit_modal(
        self, user: User | str, opened: InteractionOutcome, values: dict[str, str], *, timeout: float = 5.0
    ) -> InteractionOutcome:
        """Fill in and submit the modal the bot opened in ``opened`` (callback type 9)."""
        modal = opened.modal

        def fill(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for item in items:
                if item.get("type") == 1:
                    out.append({"type": 1, "components": fill(item.get("components") or [])})
                elif item.get("type") == 18:
                    out.append({"type": 18, "component": fill([item["component"]])[0]})
                elif item.get("type") == 4:
                    out.append(
                        {
                            "type": 4,
                            "custom_id": item["custom_id"],
                            "value": values.get(item["custom_id"], ""),
                        }
                    )
                elif item.get("custom_id"):
                    out.append({"type": item["type"], "custom_id": item["custom_id"], "values": []})
            return out

        data = {"custom_id": modal["custom_id"], "components": fill(modal.get("components") or [])}
        source = opened.record.source_message
        record = self._envelope(MODAL_SUBMIT, self._user(user), opened.record.channel, data, source)
        return await self._deliver(record, timeout)

    async def press(
        self,
        user: User | str,
        channel: Channel | str | int,
        custom_id: str,
        *,
        values: list[str] | None = None,
        timeout: float = 5.0,
        expect_ack: bool = True,
    ) -> InteractionOutcome:
        """Deliver a component interaction carrying any ``custom_id`` (a button, or with ``values`` a
        string select) on a fresh bot message in ``channel``, whatever the bot posted there: a
        replayed custom_id from another channel or guild, a forged payload, a scripted player that
        skips the panel. With ``expect_ack=False`` an ignored interaction is not an error: the
        outcome is returned after ``timeout`` with ``outcome.type is None``."""
        player, where = self._user(user), self._channel(channel)
        if values is None:
            component: dict[str, Any] = {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        else:
            options = [{"label": (v or "-")[:100], "value": v} for v in dict.fromkeys(values)]
            component = {"type": 3, "custom_id": custom_id, "options": options}
            component |= {"min_values": 1, "max_values": 1}
            data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        message = Message(
            id=snowflake(),
            channel_id=where.id,
            guild_id=where.guild_id,
            author=self.bot,
            content="",
            components=[{"type": 1, "components": [component]}],
            application_id=self.application_id,
        )
        message.snapshot()
        self.messages[message.id] = message
        record = self._envelope(MESSAGE_COMPONENT, player, where, data, message)
        if expect_ack:
            return await self._deliver(record, timeout)
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        with contextlib.suppress(AssertionError):
            await self.wait_until(lambda: record.attempts, timeout, f"interaction {record.id}")
        return InteractionOutcome(self, record)

    async def redeliver(self, outcome: InteractionOutcome, *, quiet: float = 0.1) -> InteractionOutcome:
        """Deliver the same interaction (same id and token) again, as Discord occasionally does."""
        record = outcome.record
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        await self.settle(quiet=quiet)
        return outcome

    async def post_message(self, user: User | str, channel: Channel | str | int, content: str) -> Message:
        """A player writes an ordinary message (dispatched as MESSAGE_CREATE if the bot has the intent)."""
        where = self._channel(channel)
        message = Message(
            id=snowflake(),
            channel_id=where.id,
            guild_id=where.guild_id,
            author=self._user(user),
            content=content,
        )
        message.snapshot()
        self.messages[message.id] = message
        await self.gateway.dispatch("MESSAGE_CREATE", self._message_event(message), intent=GUILD_MESSAGES)
        return message
