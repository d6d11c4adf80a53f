"""REST plumbing: the route table, dispatch with auth and injected faults, request bodies, error
bodies; plus the account, gateway-URL and guild routes."""

from __future__ import annotations

import json
import mimetypes
import re
import time
from collections.abc import Callable
from typing import Any

import aiohttp
from aiohttp import web

from tests.fakediscord.faults import FaultsMixin
from tests.fakediscord.messages import Attachment
from tests.fakediscord.model import Channel, snowflake
from tests.fakediscord.refusals import RefusalsMixin
from tests.fakediscord.wire import (
    API_PREFIX,
    Call,
    DiscordError,
    Handler,
    RecordedRequest,
    form_errors,
    json_response,
)
from tests.fakediscord.world import WorldMixin


class RestMixin(WorldMixin, FaultsMixin, RefusalsMixin):
    """Route registry and request handling; every request is recorded in ``self.requests``."""

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
        if 200 <= response.status < 300 and record.route is not None and record.path.startswith(API_PREFIX):
            response.headers.update(self.buckets.take(record.route, record.path[len(API_PREFIX) :]))
        record.status = response.status
        record.finished = time.monotonic()
        self._count_invalid(record, response)
        self.bump()
        return response

    def _error_response(self, record: RecordedRequest, exc: DiscordError) -> web.Response:
        body: dict[str, Any] = {"message": exc.message, "code": exc.code}
        if exc.errors:
            body["errors"] = form_errors(exc.errors)
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
            if fault is not None and fault.held is not None:
                record.fault = "answer held"
                answer = await handler(call)
                await fault.held.wait()
                return answer
            if fault is not None:
                record.fault = f"injected {fault.status}"
                if fault.after:
                    await handler(call)
                return self._fault_response(fault)
            return await handler(call)
        return self._unknown(record)

    def _unknown(self, record: RecordedRequest) -> web.Response:
        self.unknown_routes.append(f"{record.method} {record.path}")
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

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

    def _install_account_routes(self) -> None:
        """Who the bot is, its application, and where the gateway is."""
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
                    "shards": self.gateway.min_shards or 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 0,
                        "max_concurrency": self.gateway.max_concurrency,
                    },
                }
            )

    def _install_guild_routes(self) -> None:
        """Guilds, their channels and members (read-only)."""
        r = self.route

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
