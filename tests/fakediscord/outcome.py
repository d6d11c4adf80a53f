"""What the tests see of one interaction: how the bot acknowledged it and everything it sent after."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tests.fakediscord.messages import EPHEMERAL, Message
from tests.fakediscord.model import PATIENCE, Channel, User

if TYPE_CHECKING:
    from tests.fakediscord.state import FakeState

# Interaction types
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
# Callback types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


@dataclass
class CallbackAttempt:
    type: int
    at: float
    status: int


@dataclass
class FakeInteraction:
    """Server-side record of one interaction (one id, possibly delivered more than once)."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    created: float
    # the fake clock's epoch seconds at creation (``FakeDiscord.now``): the 15 minutes of its token
    # run from here, and its id carries this time
    created_at: float
    source_message: Message | None = None  # the message a component or modal lived on
    deliveries: list[float] = field(default_factory=list)
    callback_type: int | None = None
    callback_data: dict[str, Any] = field(default_factory=dict)
    callback_at: float | None = None
    attempts: list[CallbackAttempt] = field(default_factory=list)
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    expired: bool = False  # the 15-minute token lifetime has passed (see FakeDiscord.expire_token)

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None


class InteractionNotAcknowledged(AssertionError):
    """The bot did not answer within the timeout: the user would see "This interaction failed"."""


class InteractionOutcome:
    """A live view of one interaction. Properties read the current state (edits included)."""

    def __init__(self, fake: FakeState, record: FakeInteraction) -> None:
        self._fake = fake
        self.record = record

    def __repr__(self) -> str:
        return (
            f"<InteractionOutcome id={self.id} type={self.type} ephemeral={self.ephemeral} "
            f"content={self.content!r} followups={len(self.followups)}>"
        )

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def type(self) -> int | None:
        """Callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal."""
        return self.record.callback_type

    @property
    def deferred(self) -> bool:
        return self.type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE)

    @property
    def latency(self) -> float:
        """Seconds from the interaction's creation to the bot's acknowledgement."""
        if self.record.callback_at is None:
            raise AssertionError("the interaction was never acknowledged")
        return self.record.callback_at - self.record.created

    @property
    def message(self) -> Message | None:
        """The response message (types 4 and 5), or the component's message (types 6 and 7)."""
        return self.record.original

    @property
    def ephemeral(self) -> bool:
        if self.record.original is not None and self.type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            return self.record.original.ephemeral
        return bool(int(self.record.callback_data.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        if self.record.original is not None and self.type != DEFERRED_UPDATE:
            return self.record.original.content
        return str(self.record.callback_data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        if self.record.original is not None and self.type != DEFERRED_UPDATE:
            return self.record.original.embeds
        return list(self.record.callback_data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        if self.record.original is not None and self.type != DEFERRED_UPDATE:
            return self.record.original.components
        return list(self.record.callback_data.get("components") or [])

    @property
    def followups(self) -> list[Message]:
        return list(self.record.followups)

    @property
    def replies(self) -> list[Message]:
        """The follow-ups only the user sees (a refusal, a note). A public follow-up is the channel's:
        the bot posts the turn line a click brought about as that click's follow-up (issue 19)."""
        return [m for m in self.record.followups if m.ephemeral]

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete suggestions (callback type 8)."""
        if self.type != AUTOCOMPLETE_RESULT:
            raise AssertionError(f"callback type is {self.type}, not an autocomplete result")
        return list(self.record.callback_data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any]:
        if self.type != MODAL:
            raise AssertionError(f"callback type is {self.type}, not a modal")
        return self.record.callback_data

    def text(self) -> str:
        """Everything a player can read from this interaction: response and followups."""
        parts: list[str] = []
        if self.record.original is not None and self.type in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, 7):
            parts.append(self.record.original.text())
        elif self.record.callback_data.get("content"):
            parts.append(str(self.record.callback_data["content"]))
        # The first followup to a deferred response fills the original message: do not count it twice.
        parts += [m.text() for m in self.record.followups if m is not self.record.original]
        return "\n".join(p for p in parts if p)

    async def wait_followups(self, count: int = 1, timeout: float = PATIENCE) -> list[Message]:
        await self._fake.wait_until(
            lambda: len(self.record.followups) >= count,
            timeout,
            f"{count} followup(s) to interaction {self.id}",
        )
        return self.followups

    async def wait_response(self, timeout: float = PATIENCE) -> Message:
        """For a deferred response: wait until the loading message has been filled in (edited or by the
        first followup) and return it."""

        def ready() -> bool:
            m = self.record.original
            return m is not None and not m.loading

        await self._fake.wait_until(ready, timeout, f"the deferred response of interaction {self.id}")
        assert self.record.original is not None
        return self.record.original

    async def wait_for(
        self, predicate: Callable[[InteractionOutcome], bool], timeout: float = PATIENCE
    ) -> None:
        await self._fake.wait_until(lambda: predicate(self), timeout, f"condition on interaction {self.id}")
