"""The fake Discord of the load benchmark: the loopback fake with targeted wake-ups and the records
the figures are read from (acknowledgements, bare round trips, panels redrawn, hand-overs, round posts).

A round's summary is posted as text at once and its picture edited on after (``pictures_after``): the
round post counts when its picture arrives, created or edited on, from the click that closed the round
(the last click in its channel before the text was created)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict
from typing import Any

from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.outcome import FakeInteraction, InteractionNotAcknowledged, InteractionOutcome

TAKE_MY_TURN = "Take my turn"
ROUND_OVER = "is over.**"  # a round's summary (its title: "**Round 3 is over.**")
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
        self.round_texts: dict[int, int] = defaultdict(int)  # channel id -> summaries posted (text first)
        self.finished: set[int] = set()
        self.acks: list[tuple[float, float]] = []  # (created, latency s)
        self.pings: list[tuple[float, float]] = []  # (sent, bare round trip s)
        self.handovers: list[float] = []  # when each new turn line was created
        # (click created, s until the next player's turn line was created) for lines a click brought
        self.next_lines: list[tuple[float, float]] = []
        self.round_done: dict[int, list[tuple[float, float]]] = defaultdict(list)  # (click, posted)
        self.edited_at: dict[int, float] = {}  # message id -> its last edit
        self.last_click: dict[int, float] = {}  # channel id -> its latest interaction's creation
        self._click_of: dict[int, float] = {}  # message id -> the click it followed
        self._unanswered: dict[int, float] = {}  # channel id -> a click no turn line has followed yet
        self._pictured: set[int] = set()
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

    def click_made(self, channel_id: int, created: float) -> None:
        """A player's interaction in the channel was created."""
        self.last_click[channel_id] = created
        self._unanswered[channel_id] = created

    def _pictures(self, message: Message, now: float) -> None:
        """A round's picture or the final one has reached ``message`` (created with it or edited on)."""
        names = [a.filename for a in message.attachments]
        if any(n.startswith("final") for n in names):
            self.finished.add(message.channel_id)
        if message.id in self._pictured or not any(n.startswith("round-") for n in names):
            return
        self._pictured.add(message.id)
        self.round_posts[message.channel_id].append(now)
        click = self._click_of.get(message.id)
        if click is not None:
            self.round_done[message.channel_id].append((click, now))
        self.notify("round", 0)

    def _strip(self, message: Message) -> None:
        for attachment in message.attachments:
            if attachment.data:
                self.max_png = max(self.max_png, len(attachment.data))
                attachment.data = b""

    async def _create_message(self, call: Any, channel: Any, **kw: Any) -> Message:
        message = await super()._create_message(call, channel, **kw)
        now = time.monotonic()
        click = self.last_click.get(channel.id)
        if click is not None:
            self._click_of[message.id] = click
        self._pictures(message, now)
        if ROUND_OVER in message.content:
            self.round_texts[channel.id] += 1
            self.notify("round", 0)
        if any(b.get("label") == TAKE_MY_TURN for b in message.buttons()):
            self.turn_lines[channel.id] = message
            self.handovers.append(now)
            handed = self._unanswered.pop(channel.id, None)
            if handed is not None:
                # one hand-over per click: a later line without a click of its own is not this one's
                self.next_lines.append((handed, now - handed))
        self._strip(message)
        call.record.files = []
        interaction: FakeInteraction | None = kw.get("interaction")
        if interaction is not None and interaction.source_message is not None:
            self.notify("msg", interaction.source_message.id)  # a refusal instead of a panel edit
        self.notify("chan", channel.id)
        return message

    async def _edit_message(self, call: Any, message: Message, *, interaction: Any) -> Message:
        edited = await super()._edit_message(call, message, interaction=interaction)
        now = time.monotonic()
        self.edited_at[message.id] = now
        self._pictures(edited, now)
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
        self.click_made(record.channel.id, record.created)
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        with contextlib.suppress(TimeoutError):
            await self.wait_for_change("ack", record.id, lambda: record.attempts, timeout)
        if not record.acknowledged or record.callback_at is None:
            raise InteractionNotAcknowledged(f"interaction {record.id}: {record.attempts}")
        self.acks.append((record.created, record.callback_at - record.created))
        return InteractionOutcome(self, record)

    async def ping_while(self, stop: asyncio.Event, every: float) -> None:
        """Bare round trips to the bot (``Gateway.ping``) every ``every`` seconds until ``stop``: the floor
        of the acknowledgements, measured beside them."""
        while not stop.is_set():
            sent = time.monotonic()
            with contextlib.suppress(TimeoutError, ConnectionError):
                self.pings.append((sent, await self.gateway.ping(WAIT)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), every)
