"""A retired turn line told as the moves it led to: "✓ carol took an orange worker …". The thread
then reads as the game's log, line after line, with no post added and nobody pinged (the old
line is edited, not replaced)."""

from __future__ import annotations

from bot.service import narrate, said_events
from bot.service.limits import MAX_MESSAGE, clip
from bot.service.reading import Reading
from bot.service.tables import Table
from bot.service.words import listing
from engine.core import CHECKPOINT, Event
from render.common.language import t


async def retired_line(reading: Reading, table: Table) -> str | None:
    """The text the current turn line takes once its decision is made: what was done since it was
    posted (``waiting_since``); None when nothing was (the line then keeps its text)."""
    since = table.game.waiting_since
    if since is None:
        return None
    rows = await reading.live_log_after(table.id, since)
    events = [event for row in rows for event in said_events.loads(row.events)]
    seats = list(dict.fromkeys(row.seat for row in rows))
    return moves_line(events, seats, table.said_names)


def moves_line(events: list[Event], seats: list[int], names: list[str]) -> str | None:
    """ "✓ " and the moves, in order, up to the first checkpoint (what comes after it opens the next
    stretch, told by its summary): the headlines, and every told move of the seats that acted, headline
    or not (a worker taken for a track's steps and its cost is the whole turn, though a summary leaves it
    to the log); the seats that acted when they told nothing (they ended a step without a change:
    activated nobody, say)."""
    first = next((i for i, event in enumerate(events) if event.kind == CHECKPOINT), len(events))
    acted = set(seats)
    told = [
        event.model_copy(update={"headline": True})
        if not event.headline and event.seat in acted and event.text and "fold" not in event.data
        else event
        for event in events[:first]
    ]
    # An event that only closes a turn ("alice ended the turn.") is told when its seat told nothing else.
    busy = {e.seat for e in told if (e.headline or "fold" in e.data) and not e.data.get("closing")}
    told = [e for e in told if not (e.data.get("closing") and e.seat in busy)]
    lines = narrate.event_lines(narrate.folded(told), names)
    if not lines:
        if not seats:
            return None
        who = listing([names[seat] if seat < len(names) else "?" for seat in seats])
        lines = [t("{who} finished without a move to tell.", who=who)]
    return "✓ " + " ".join(lines)


def told_line(question: str, moves: str) -> str:
    """The retired line: the question it asked (its mentions already made plain names), then the
    moves that answered it, within a message."""
    return question + "\n" + clip(moves, MAX_MESSAGE - len(question) - 1)
