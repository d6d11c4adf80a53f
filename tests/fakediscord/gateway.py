"""The gateway websocket: HELLO, heartbeats, IDENTIFY/READY, RESUME with replay, op 7 and op 9.

Shards: an IDENTIFY with ``shard: [id, count]`` gets the guilds of that shard only, and an event of a
guild goes to the session of the guild's shard, ``(guild_id >> 22) % count`` as Discord routes it;
several processes (or one process with several shards) then share the application. An event without
a guild (a DM) goes to shard 0 only. ``require_sharding()`` makes the gateway refuse a connection
without shards (close 4011), and ``identify_interval`` (opt-in) enforces ``max_concurrency``."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

RESUME_URL = "wss://gateway-resume.discord.gg"
HEARTBEAT_INTERVAL_MS = 41250
GUILD_MESSAGES = 1 << 9
GUILD_MEMBERS = 1 << 1


@dataclass
class Session:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    events: list[tuple[int, str]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    resumes: int = 0

    def owns(self, guild_id: int) -> bool:
        """Whether this session receives the guild's events."""
        return self.shard is None or shard_of(guild_id, self.shard[1]) == self.shard[0]


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


@dataclass
class GatewayLog:
    """Counters tests can assert on."""

    connections: int = 0
    identifies: int = 0
    resumes: int = 0
    heartbeats: int = 0
    refused_identifies: int = 0  # closed with 4011, or answered op 9 for identifying too fast
    close_codes: list[int | None] = field(default_factory=list)
    received: list[dict[str, Any]] = field(default_factory=list)


# CODES §Gateway Close Event Codes: 4011 "Sharding required: The session would have handled too many
# guilds - you are required to shard your connection in order to connect."
SHARDING_REQUIRED = 4011
# GW §Max Concurrency: "max_concurrency … Number of identify requests allowed per 5 seconds"
IDENTIFY_WINDOW = 5.0


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        # the latest session of each shard id, when the client identifies with shards
        self.shards: dict[int, Session] = {}
        self.log = GatewayLog()
        self._sockets: set[web.WebSocketResponse] = set()
        # the fewest shards Discord accepts (None: any, one connection included); GET /gateway/bot
        # recommends this many
        self.min_shards: int | None = None
        # ``max_concurrency`` of GET /gateway/bot; IDENTIFYs of one bucket (shard id % it) are
        # refused with op 9 within ``identify_interval`` seconds of each other. None (the default):
        # not enforced, since discord.py then waits 5 s before identifying again and tests start
        # several shards; a test of the rule sets it to IDENTIFY_WINDOW.
        self.max_concurrency = 1
        self.identify_interval: float | None = None
        self._last_identify: dict[int, float] = {}
        self._pings: list[asyncio.Future[float]] = []

    async def ping(self, timeout: float) -> float:
        """Seconds from asking the client for a heartbeat to its answer (GW §Heartbeat Requests: "The
        gateway may request a heartbeat from the client in some situations by sending an Opcode 1
        Heartbeat"): a bare round trip through the client's event loop with no bot code in it, the floor
        the benchmark holds acknowledgements against. A heartbeat the client sends on its own timer in
        the meantime answers it too (one in 41 s)."""
        session = self.current
        if session is None or session.ws is None or session.ws.closed:
            raise ConnectionError("no client is connected")
        answer: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._pings.append(answer)
        started = time.monotonic()
        async with session.lock:
            await session.ws.send_str(json.dumps({"op": 1, "d": None}))
        return await asyncio.wait_for(answer, timeout) - started

    def _answered(self, at: float) -> None:
        pings, self._pings = self._pings, []
        for answer in pings:
            if not answer.done():
                answer.set_result(at)

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.ws is not None and not self.current.ws.closed

    # -- server side --------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.log.connections += 1
        self._sockets.add(ws)
        session: Session | None = None
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.log.received.append(frame)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    self.log.heartbeats += 1
                    self._answered(time.monotonic())
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    session = await self._identify(ws, data)
                elif op == 6:
                    session = await self._resume(ws, data)
                elif op == 8:
                    await self._members_chunk(ws, data)
                elif op in (3, 4):
                    pass
                else:
                    self.fake.problem(f"gateway: unexpected op {op} from the client")
        finally:
            self._sockets.discard(ws)
            self.log.close_codes.append(ws.close_code)
            if session is not None and session.ws is ws:
                session.ws = None
            self.fake.bump()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = data.get("shard")
        if self.min_shards is not None and (shard is None or int(shard[1]) < self.min_shards):
            self.log.refused_identifies += 1
            await ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
            return None
        if self.identify_interval is not None:
            bucket = int(shard[0]) % self.max_concurrency if shard else 0
            now = time.monotonic()
            if now - self._last_identify.get(bucket, -self.identify_interval) < self.identify_interval:
                # GW §Identifying: "If your app exceeds this limit, Discord will respond with a
                # Invalid Session (opcode 9) event."
                self.log.refused_identifies += 1
                await ws.send_str(json.dumps({"op": 9, "d": False}))
                return None
            self._last_identify[bucket] = now
        self.log.identifies += 1
        session = Session(
            id=secrets.token_hex(16), intents=int(data.get("intents") or 0), shard=data.get("shard")
        )
        self.sessions[session.id] = session
        self.current = session
        if session.shard is not None:
            self.shards[session.shard[0]] = session
        async with session.lock:
            session.ws = ws
            await self._send(session, "READY", self.fake.ready_payload(session))
            for guild in self.fake.guilds.values():
                if session.owns(guild.id) and not guild.bot_removed:
                    await self._send(session, "GUILD_CREATE", guild.create_payload())
        self.fake.bump()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.fake.token:
            # Not resumable: the client must IDENTIFY afresh.
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        seq = int(data.get("seq") or 0)
        async with session.lock:
            for number, frame in session.events:
                if number > seq:
                    await ws.send_str(frame)
            session.ws = ws
            session.resumes += 1
            self.log.resumes += 1
            self.current = session
            if session.shard is not None:
                self.shards[session.shard[0]] = session
            await self._send(session, "RESUMED", {"_trace": ["fakediscord"]})
        self.fake.bump()
        return session

    async def _members_chunk(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        guild = self.fake.guilds.get(int(data["guild_id"]))
        if guild is None or self.current is None:
            return
        payload: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            payload["nonce"] = data["nonce"]
        async with self.current.lock:
            await self._send(self.current, "GUILD_MEMBERS_CHUNK", payload)

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        """Caller holds session.lock. Events are kept for replay on RESUME."""
        session.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": session.seq, "d": data})
        session.events.append((session.seq, frame))
        if session.ws is not None and not session.ws.closed:
            try:
                await session.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                session.ws = None

    # -- driver side --------------------------------------------------------------------------
    async def dispatch(
        self, event: str, data: dict[str, Any], *, intent: int | None = None, guild_id: int | None = None
    ) -> float:
        """Send an event to the bot's session of the event's guild (buffered for replay if its socket
        is down). Returns the monotonic time it was handed to the socket layer. ``guild_id``: the
        guild of an event that names it by ``id`` (GUILD_DELETE), not ``guild_id``."""
        if self.current is None:
            raise AssertionError(f"cannot dispatch {event}: the bot never connected to the gateway")
        session = self._session_for(data if guild_id is None else {"guild_id": guild_id})
        if session is None:
            # The guild's shard has no session (its process is down or not started yet): Discord
            # delivers the event to nobody, and the shard's next IDENTIFY does not bring it back.
            return time.monotonic()
        if intent is not None and not session.intents & intent:
            return time.monotonic()
        async with session.lock:
            await self._send(session, event, data)
        return time.monotonic()

    def _session_for(self, data: dict[str, Any]) -> Session | None:
        guild_id = data.get("guild_id")
        if not self.shards:
            return self.current
        if guild_id is None:
            # GW §Sharding: "Gateway events that do not contain a guild_id will only be sent to the
            # first shard (shard_id: 0). This includes Direct Message (DM) … events."
            return self.shards.get(0)
        shard = next(iter(self.shards.values())).shard
        assert shard is not None  # a session is filed under its shard only when it names one
        count = shard[1]
        return self.shards.get(shard_of(int(guild_id), count))

    def _live(self) -> Session:
        if self.current is None or self.current.ws is None or self.current.ws.closed:
            raise AssertionError("the bot is not connected to the gateway")
        return self.current

    async def drop(self, code: int = 4000, *, wait: bool = True, timeout: float = 5.0) -> None:
        """Close the socket from the server side; with 4000 the client resumes."""
        session = self._live()
        before = self.log.resumes
        assert session.ws is not None
        await session.ws.close(code=code, message=b"fakediscord drop")
        if wait:
            await self.fake.wait_until(
                lambda: self.log.resumes > before and self.connected, timeout, "RESUME"
            )

    async def reconnect(self, *, wait: bool = True, timeout: float = 5.0) -> None:
        """op 7: the client closes and resumes."""
        session = self._live()
        before = self.log.resumes
        assert session.ws is not None
        await session.ws.send_str(json.dumps({"op": 7, "d": None}))
        if wait:
            await self.fake.wait_until(
                lambda: self.log.resumes > before and self.connected, timeout, "RESUME"
            )

    async def invalidate(self, *, resumable: bool = False, wait: bool = True, timeout: float = 5.0) -> None:
        """op 9: with ``false`` the session is gone and the client IDENTIFIES again."""
        session = self._live()
        assert session.ws is not None
        identifies, resumes = self.log.identifies, self.log.resumes
        if not resumable:
            self.sessions.pop(session.id, None)
        await session.ws.send_str(json.dumps({"op": 9, "d": resumable}))
        if wait:

            def done() -> bool:
                moved = self.log.resumes > resumes if resumable else self.log.identifies > identifies
                return moved and self.connected

            await self.fake.wait_until(done, timeout, "re-IDENTIFY" if not resumable else "RESUME")

    async def require_sharding(self, shards: int = 2, *, timeout: float = 5.0) -> None:
        """The application outgrew one connection: Discord closes a session without shards (or with
        fewer than ``shards``) with 4011, refuses such IDENTIFYs from now on, and recommends
        ``shards`` in GET /gateway/bot. Returns once the refused sessions are closed."""
        self.min_shards = shards
        refused = [
            s
            for s in self.sessions.values()
            if s.ws is not None and not s.ws.closed and (s.shard is None or int(s.shard[1]) < shards)
        ]
        for session in refused:
            assert session.ws is not None
            # 4011 ends the session ("Reconnect: false"): a RESUME gets op 9, its IDENTIFY 4011 again.
            self.sessions.pop(session.id, None)
            await session.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
        await self.fake.wait_until(
            lambda: all(s.ws is None or s.ws.closed for s in refused),
            timeout,
            "the refused sessions to close",
        )

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)
