"""The bot's one clock: every time the bot reads comes from a ``Clock`` it was given, so tests run
days of play in seconds (the engine has no clock at all). Stored times are ISO-8601 UTC text in the
older tables and integer epoch seconds in the turn clocks' (``epoch``, ``from_epoch``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def epoch(at: datetime | str) -> int:
    """Whole seconds since 1970 of an aware datetime or an ISO-8601 text written by the bot."""
    moment = datetime.fromisoformat(at) if isinstance(at, str) else at
    return int(moment.timestamp())


def from_epoch(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def iso(seconds: int) -> str:
    """The ISO text the schedules table sorts by, for an epoch second."""
    return from_epoch(seconds).isoformat()
