"""The turn clock's part of an export: the game's speed and its clock events, written out with
the game and read back on import.

An imported game keeps its speed and its record: a result flagged for an expelled player stays flagged
(else export and import would wash the flag off), a skipped player can still say "I'm back", an expelled
one still cannot, and the days of vacation taken still count against the per-game bound. What an export
does not hold, the banks, starts afresh: every seat of an imported game in progress has the speed's full
bank at the next sync (a skipped seat none, as after a skip). Every field is bounded and checked, and
the record must agree with the seats: a skipped or expelled seat is the bot's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from bot.clocks.time_banks import (
    BACK,
    EXPEL_VOTE,
    EXPELLED,
    FIRST,
    RAN_OUT,
    REMINDED,
    SECOND,
    SKIPPED,
    VACATION,
)
from bot.service.refusals import ImportRefused
from bot.service.speeds import MAX_VACATION_DAYS, NO_LIMIT, SPEEDS
from bot.service.tables import ID_DIGITS, MAX_ROW_ID
from bot.storage import clocks as rows
from bot.storage.connection import Connection
from engine.core.words import msg

# Two reminders and an out-of-time per decision of every seat of a long game stay far below this.
MAX_CLOCK_EVENTS = 5_000
# The detail each kind of event may carry (``record_event``'s callers).
_DETAILS: dict[str, frozenset[str]] = {
    REMINDED: frozenset({FIRST, SECOND}),
    VACATION: frozenset(str(days) for days in range(MAX_VACATION_DAYS + 1)),
    RAN_OUT: frozenset({""}),
    SKIPPED: frozenset({""}),
    BACK: frozenset({""}),
    EXPEL_VOTE: frozenset({""}),
    EXPELLED: frozenset({""}),
}


class ClockEvent(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    seat: Annotated[int, Field(strict=True, ge=0, le=15)]
    kind: Annotated[str, Field(strict=True, max_length=32)]
    after_seq: Annotated[int, Field(strict=True, ge=0, le=MAX_ROW_ID)]
    by_user: Annotated[str, Field(strict=True, pattern=ID_DIGITS)]  # "0": the bot did it
    detail: Annotated[str, Field(strict=True, max_length=32)] = ""
    at: Annotated[int, Field(strict=True, ge=0, le=MAX_ROW_ID)]


ClockEvents = Annotated[list[ClockEvent], Field(max_length=MAX_CLOCK_EVENTS)]


@dataclass(frozen=True)
class SeatStanding:
    """What the record says of one seat at the end of the log."""

    skipped: bool = False
    expelled: bool = False
    vacation_days: int = 0


@dataclass(frozen=True)
class ClockRecord:
    speed: str = NO_LIMIT.key
    events: list[ClockEvent] = field(default_factory=list)
    standings: dict[int, SeatStanding] = field(default_factory=dict)


def exported(speed: str, events: Sequence[rows.ClockEvent]) -> dict[str, Any]:
    """The export's clock fields; a result with an expelled player is flagged."""
    return {
        "speed": speed,
        "flagged": any(e.kind == EXPELLED for e in events),
        "clock_events": [
            {
                "seat": e.seat,
                "kind": e.kind,
                "after_seq": e.after_seq,
                "by_user": str(e.by_user),
                "detail": e.detail,
                "at": e.at,
            }
            for e in events
        ],
    }


def checked(
    speed: str, events: list[ClockEvent], users: dict[int, int], ai_seats: set[int], actions: int
) -> ClockRecord:
    """The record of an export whose seats are ``users`` (seat → user id), ``ai_seats`` the bot's, with
    ``actions`` actions in its log; refused with one sentence when it does not hold together."""
    if speed not in SPEEDS:
        raise ImportRefused(
            msg(
                "The export's speed {speed} is not one of this bot's ({speeds}).",
                speed=repr(speed),
                speeds=", ".join(SPEEDS),
            )
        )
    standings: dict[int, SeatStanding] = {}
    last = 0
    for n, event in enumerate(events, start=1):
        if event.kind not in _DETAILS or event.detail not in _DETAILS[event.kind]:
            raise ImportRefused(msg("Clock event {n} is of a kind this bot does not keep.", n=n))
        if event.seat not in users or not (int(event.by_user) == 0 or int(event.by_user) in users.values()):
            raise ImportRefused(msg("Clock event {n} names a seat or a member not at this table.", n=n))
        if not last <= event.after_seq <= actions:
            raise ImportRefused(msg("Clock event {n} is out of the log's order.", n=n))
        last = event.after_seq
        was = standings.get(event.seat, SeatStanding())
        if event.kind == VACATION:
            was = replace(was, vacation_days=was.vacation_days + int(event.detail))
        elif event.kind in (SKIPPED, BACK):
            was = replace(was, skipped=event.kind == SKIPPED)
        elif event.kind == EXPELLED:
            was = replace(was, skipped=False, expelled=True)
        standings[event.seat] = was
    for seat, standing in sorted(standings.items()):
        if (standing.skipped or standing.expelled) and seat not in ai_seats:
            raise ImportRefused(
                msg(
                    "The clock's record says seat {seat} was skipped, but the bot does not hold it.",
                    seat=seat,
                )
            )
        if standing.vacation_days > MAX_VACATION_DAYS:
            raise ImportRefused(
                msg("The clock's record gives seat {seat} more vacation than a game allows.", seat=seat)
            )
    return ClockRecord(speed, events, standings)


async def store(conn: Connection, game_id: int, record: ClockRecord) -> None:
    """The speed, the events (in their order) and the seats' standing of an imported game."""
    await rows.set_speed(conn, game_id, record.speed)
    await rows.insert_events(
        conn,
        [
            rows.ClockEvent(game_id, ordinal, e.seat, e.kind, e.after_seq, int(e.by_user), e.detail, e.at)
            for ordinal, e in enumerate(record.events, start=1)
        ],
    )
    for seat, standing in sorted(record.standings.items()):
        bank = 0 if standing.skipped or standing.expelled else SPEEDS[record.speed].bank  # as after a skip
        await rows.add_seat_clock(conn, game_id, seat, bank)
        await rows.update_seat_clock(
            conn,
            game_id,
            seat,
            skipped=standing.skipped,
            expelled=standing.expelled,
            vacation_days=standing.vacation_days,
        )
