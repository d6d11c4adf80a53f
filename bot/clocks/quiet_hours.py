"""When a player's clock runs: never during their quiet hours (local whole hours in their own time
zone, ``/boardroom me``) nor during a vacation (``/game vacation``). Pure functions of epoch
seconds, so a week of play is worked out without waiting for it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.clock import from_epoch

# Far enough to stand for "never" when nothing pauses a clock.
_NEVER = 100 * 365 * 24 * 3600


@dataclass(frozen=True)
class Pauses:
    """What stops one player's clock: a daily quiet window [quiet_from, quiet_until) in local hours
    (it may run past midnight, 23 to 8), and one vacation [vacation_from, vacation_until)."""

    timezone: str = "UTC"
    quiet_from: int | None = None
    quiet_until: int | None = None
    vacation_from: int | None = None
    vacation_until: int | None = None

    @property
    def zone(self) -> ZoneInfo:
        return zone(self.timezone) or ZoneInfo("UTC")

    @property
    def has_quiet(self) -> bool:
        return (
            self.quiet_from is not None
            and self.quiet_until is not None
            and self.quiet_from != self.quiet_until
        )


def zone(name: str) -> ZoneInfo | None:
    """The IANA time zone of that name, or None when there is none."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _in_window(hour: float, start: int, end: int) -> bool:
    return start <= hour < end if start < end else hour >= start or hour < end


def _quiet_edges(t: int, pauses: Pauses) -> list[int]:
    """The next starts and ends of quiet hours after ``t`` (in the player's zone, DST included)."""
    assert pauses.quiet_from is not None and pauses.quiet_until is not None
    tz = pauses.zone
    local = from_epoch(t).astimezone(tz)
    edges = []
    for days in range(3):
        day = (local + timedelta(days=days)).date()
        for hour in (pauses.quiet_from, pauses.quiet_until):
            moment = int(datetime(day.year, day.month, day.day, hour, tzinfo=tz).timestamp())
            if moment > t:
                edges.append(moment)
    return edges


def running_at(t: int, pauses: Pauses) -> tuple[bool, int]:
    """Whether the clock runs at ``t``, and the next moment when that may change."""
    edges = [t + _NEVER]
    on_vacation = False
    if pauses.vacation_from is not None and pauses.vacation_until is not None:
        on_vacation = pauses.vacation_from <= t < pauses.vacation_until
        edges += [e for e in (pauses.vacation_from, pauses.vacation_until) if e > t]
    quiet = False
    if pauses.has_quiet:
        assert pauses.quiet_from is not None and pauses.quiet_until is not None
        local = from_epoch(t).astimezone(pauses.zone)
        quiet = _in_window(local.hour + local.minute / 60, pauses.quiet_from, pauses.quiet_until)
        edges += _quiet_edges(t, pauses)
    return not (on_vacation or quiet), min(edges)


def charged(start: int, end: int, pauses: Pauses) -> int:
    """The seconds of [start, end) the player's clock ran."""
    total, t = 0, start
    while t < end:
        running, change = running_at(t, pauses)
        stop = min(change, end)
        if running:
            total += stop - t
        t = stop
    return total


def deadline(start: int, amount: int, pauses: Pauses) -> int:
    """The moment the player's clock, running from ``start``, has counted ``amount`` seconds (always
    a moment when it runs: a reminder due then never falls in quiet hours)."""
    t, left = start, max(0, amount)
    while True:
        running, change = running_at(t, pauses)
        if running:
            # strictly before the change: a deadline falling on the start of quiet hours moves past them
            if t + left < change:
                return t + left
            left -= change - t
        t = change
