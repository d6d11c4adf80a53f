"""The fake Discord of the load benchmark: the loopback fake with targeted wake-ups and the records
the figures are read from (acknowledgements, hand-overs, round posts)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from typing import Any

from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.outcome import FakeInteraction, InteractionNotAcknowledged, InteractionOutcome

TAKE_MY_TURN = "Take my turn"
WAIT = 20.0  # a reply slower than this is a failure of the run, not a figure


class LoadFake(FakeDiscord):
    """The fake with targeted wake-ups (a waiter per message, channel or interaction instead of every
    waiter re-checking on every request: with 1,000 players that would cost the driver more than the
    bot), per-channel indexes, and attachment bytes dropped once their size is noted."""

    def __init__(self) -> None:
        super().__init__()
        self._waiters: dict[tuple[str, int], list[asyncio.Future[None]]] = defaultdict(list)
        self.turn_lines: dict[int, Message] = {}
        self.round_posts: dict[int, list[float]] = defaultdict(list)
        self.finished: set[int] = set()
        self.acks: list[tuple[float, float]] = []  # (created, latency s)
        self.handovers: list[float] = []  # when each new turn line was created
        self.max_png = 0

    def notify(self, kind: str, key: int) -> None:
        for fut in self._waiters.pop((kind, key), []):
            if not fut.done():
                fut.set_result(None)

    async def wait_for_change(self, kind: str, key: int, ready: Any, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{kind} {key}")
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters[(kind, key)].append(fut)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fut, remaining)

    def _strip(self, message: Message) -> None:
        for attachment in message.attachments:
            if attachment.data:
                self.max_png = max(self.max_png, len(attachment.data))
                attachment.data = b""

    async def _create_message(self, call: Any, channel: Any, **kw: Any) -> Message:
        message = await super()._create_message(call, channel, **kw)
        now = time.monotonic()
        if any(a.filename.startswith("round-") for a in message.attachments):
            self.round_posts[channel.id].append(now)
            self.notify("round", 0)
        if any(a.filename.startswith("final") for a in message.attachments):
            self.finished.add(channel.id)
        if any(b.get("label") == TAKE_MY_TURN for b in message.buttons()):
            self.turn_lines[channel.id] = message
            self.handovers.append(now)
        self._strip(message)
        call.record.files = []
        interaction: FakeInteraction | None = kw.get("interaction")
        if interaction is not None and interaction.source_message is not None:
            self.notify("msg", interaction.source_message.id)  # a refusal instead of a panel edit
        self.notify("chan", channel.id)
        return message

    async def _edit_message(self, call: Any, message: Message, *, interaction: Any) -> Message:
        edited = await super()._edit_message(call, message, interaction=interaction)
        self._strip(edited)
        call.record.files = []
        self.notify("msg", message.id)
        self.notify("chan", message.channel_id)
        return edited

    async def _callback(self, call: Any) -> Any:
        try:
            return await super()._callback(call)
        finally:
            self.notify("ack", int(call.params["interaction_id"]))

    async def _deliver(self, record: FakeInteraction, timeout: float) -> InteractionOutcome:
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        with contextlib.suppress(TimeoutError):
            await self.wait_for_change("ack", record.id, lambda: record.attempts, timeout)
        if not record.acknowledged or record.callback_at is None:
            raise InteractionNotAcknowledged(f"interaction {record.id}: {record.attempts}")
        self.acks.append((record.created, record.callback_at - record.created))
        return InteractionOutcome(self, record)
