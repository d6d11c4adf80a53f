"""What the channel reads about a game: event texts with the players' names, checkpoint summaries
and score lines. Pure text from the engine's events and score sheets; never names a game."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from bot.service.limits import MAX_MESSAGE, clip
from bot.service.words import listing, signed, times
from engine.core import CHECKPOINT, Event, ScoreLine, ScoreSheet
from render.common.language import say, t, tn

_PLACEHOLDER = re.compile(r"\{p(\d)\}")


def name_players(text: str, names: Sequence[str]) -> str:
    """``{p0}``..``{p3}`` → display names (the engine's texts never mention Discord users), in an
    engine text said first in the current language (a name never goes through a catalogue)."""
    return _PLACEHOLDER.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], say(text))


def event_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    return [name_players(event.text, names) for event in events if event.text]


def folded(events: Sequence[Event]) -> list[Event]:
    """The headline events, with the events that carry ``data["fold"]`` folded into one line per seat
    and kind where the first of them happened (a turn's employee moves, a round's activations)."""
    out: list[Event] = []
    # an item is an engine text (a Msg), said when the line is written
    folds: dict[tuple[int | None, str], tuple[int, list[str]]] = {}
    for event in events:
        fold = event.data.get("fold")
        if isinstance(fold, dict):
            key = (event.seat, event.kind)
            if key not in folds:
                folds[key] = (len(out), [])
                out.append(event)
            item = fold["item"]
            folds[key][1].append(item if isinstance(item, str) else str(item))
        elif event.headline:
            out.append(event)
    for index, items in folds.values():
        fold = out[index].data["fold"]
        counted = Counter(items)
        told = [
            say(item) if n == 1 else t("{item} ({times})", item=say(item), times=times(n))
            for item, n in counted.items()
        ]
        lead = say(fold["one"] if len(items) == 1 else fold["many"])
        text = t("{lead} {items}.", lead=lead, items=listing(told))
        out[index] = Event(kind=out[index].kind, text=text, seat=out[index].seat)
    return out


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
    return say(line.name)


def score_changes(sheet: ScoreSheet, before: ScoreSheet | None, names: Sequence[str]) -> list[str]:
    """Each contestant's total and, against the score before, the change by category, so that every
    "+N" has its reason: "Ana 42 (+6: cities +3, departments +3)"."""
    earlier = {(line.seat, line.name): line for line in before.lines} if before is not None else {}
    out = []
    for line in sorted(sheet.lines, key=lambda line: -line.total):
        name = line_name(line, names)
        old = earlier.get((line.seat, line.name))
        if old is None:
            out.append(f"{name} {line.total}")
            continue
        moved = [
            f"{say(category)} {signed(value - old.categories.get(category, 0))}"
            for category, value in line.categories.items()
            if value != old.categories.get(category, 0)
        ]
        moved += [
            f"{say(category)} {signed(-value)}"
            for category, value in old.categories.items()
            if category not in line.categories and value
        ]
        change = signed(line.total - old.total)
        out.append(f"{name} {line.total} ({change}" + (f": {', '.join(moved)})" if moved else ")"))
    return out


def summary_text(
    game_title: str,
    title: str,
    events: Sequence[Event],
    names: Sequence[str],
    sheet: ScoreSheet,
    before: ScoreSheet | None,
) -> str:
    """A checkpoint's summary: its headline events, then every contestant's provisional total with
    its change by category since the checkpoint before."""
    lines = event_lines(folded(events), names)
    head = f"**{game_title} — {say(title)}.**"
    score = (
        t("**Provisional score**") + "\n" + "\n".join(score_changes(sheet, before, names))
        if sheet.lines
        else ""
    )
    # When they do not all fit, the newest stay: the stretch ends with what made it a checkpoint
    # (a scoring's points, the round's last income); the earlier ones are in /game log.
    body: list[str] = []
    budget = MAX_MESSAGE - len(head) - len(score) - 80
    for index, line in enumerate(reversed(lines)):
        if budget - len(line) - 3 < 0:
            body.insert(
                0, "• " + tn("…{n} earlier (`/game log`).", "…{n} earlier (`/game log`).", len(lines) - index)
            )
            break
        body.insert(0, f"• {line}")
        budget -= len(line) + 3
    if not body:
        body.append("• " + t("Nothing of note happened."))
    return clip("\n".join([head, *body, score]))
