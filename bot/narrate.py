"""What the channel reads about a game: event texts with the players' names, checkpoint summaries
and score lines. Pure text from the engine's events and score sheets; never names a game."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.views.limits import MAX_MESSAGE, clip
from engine.core import CHECKPOINT, Event, ScoreLine

_PLACEHOLDER = re.compile(r"\{p(\d)\}")


def name_players(text: str, names: Sequence[str]) -> str:
    """``{p0}``..``{p3}`` → display names (the engine's texts never mention Discord users)."""
    return _PLACEHOLDER.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], text)


def event_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    return [name_players(event.text, names) for event in events if event.text]


def checkpoints(events: Sequence[Event]) -> list[Event]:
    """The checkpoints these events reached, in order (one action can reach several when nobody
    had anything to decide in between)."""
    return [event for event in events if event.kind == CHECKPOINT]


def events_before(log_events: Sequence[Sequence[Event]], key: str) -> list[Event]:
    """The events between the checkpoint before ``key`` (or the start) and ``key`` itself, from
    the per-action event lists of the live log."""
    out: list[Event] = []
    for events in log_events:
        for event in events:
            if event.kind != CHECKPOINT:
                out.append(event)
            elif event.data.get("key") == key:
                return out
            else:
                out = []
    return out


def line_name(line: ScoreLine, names: Sequence[str]) -> str:
    """A score line's player: the seat's display name, or the sheet's own name for a rival
    without a seat (a solo game's opponent)."""
    if line.seat is not None and 0 <= line.seat < len(names):
        return names[line.seat]
    return line.name


def summary_text(
    game_title: str,
    title: str,
    events: Sequence[Event],
    names: Sequence[str],
    scored: Sequence[tuple[str, int]],
    before: Sequence[int] | None,
) -> str:
    """A checkpoint's summary: its headline events and the provisional totals with their change."""
    lines = event_lines([e for e in events if e.headline], names)
    head = f"**{game_title} — {title} is over.**"
    parts = []
    for index, (name, total) in enumerate(scored):
        delta = "" if before is None or index >= len(before) else f" ({total - before[index]:+d})"
        parts.append(f"{name} {total}{delta}")
    score = "Provisional score: " + ", ".join(parts) if parts else ""
    body: list[str] = []
    budget = MAX_MESSAGE - len(head) - len(score) - 80
    for index, line in enumerate(lines):
        if budget - len(line) - 3 < 0:
            body.append(f"…and {len(lines) - index} more (`/game log`).")
            break
        body.append(f"• {line}")
        budget -= len(line) + 3
    if not body:
        body.append("• Nothing of note happened.")
    return clip("\n".join([head, *body, score]))
