"""What the channel reads about a game: event texts with the players' names, checkpoint summaries
and score lines. Pure text from the engine's events and score sheets; never names a game."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from bot.service import alike, score_causes
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
    return alike.together(out)


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
        # The first summary (nothing before it) counts from zero, so that it too names every cause.
        old = earlier.get((line.seat, line.name)) or ScoreLine(
            seat=line.seat, name=line.name, categories={}, total=0
        )
        # A category whose points moved without a move of its own (a donation scored on goods) says why.
        why = score_causes.causes(line, earlier.get((line.seat, line.name)))
        moved = [
            f"{say(category)} {signed(value - old.categories.get(category, 0))}"
            + (f" ({why[category]})" if category in why else "")
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


# A summary is never cut (the thread is the game's log); this bounds a runaway stretch only.
MAX_SUMMARY_PARTS = 8
# Room kept in a part for the skipped-turns note the announcer may add to the last one.
NOTE_ROOM = 300


def summary_parts(
    game_title: str,
    title: str,
    events: Sequence[Event],
    names: Sequence[str],
    sheet: ScoreSheet,
    before: ScoreSheet | None,
) -> list[str]:
    """A checkpoint's summary: its headline events, then every contestant's provisional total with
    its change by category since the checkpoint before; over as many messages as it needs, in
    order, the score in the last (the one its picture goes with)."""
    lines = [f"• {line}" for line in event_lines(folded(events), names)] or [
        "• " + t("Nothing of note happened.")
    ]
    quiet = quiet_seats(events, len(names))
    if quiet:
        lines.append("• " + t("Nothing of note from {who}.", who=listing([names[seat] for seat in quiet])))
    score = (
        t("**Provisional score**") + "\n" + "\n".join(score_changes(sheet, before, names))
        if sheet.lines
        else ""
    )
    tail = [score] if score else []
    parts = _packed(game_title, title, [*lines, *tail])
    dropped = 0
    while len(parts) > MAX_SUMMARY_PARTS and dropped < len(lines):
        # Only a runaway stretch gets here: its oldest lines are left to /game log.
        dropped = min(len(lines), dropped + max(1, len(lines) // 64))
        earlier = "• " + tn("…{n} earlier (`/game log`).", "…{n} earlier (`/game log`).", dropped)
        parts = _packed(game_title, title, [earlier, *lines[dropped:], *tail])
    return parts


def quiet_seats(events: Sequence[Event], seats: int) -> list[int]:
    """The seats with no headline of their own in a stretch where something was told (another
    player's move, a rival's turn): a summary names them, so a player who could do nothing is not
    simply left out (why is the panel's to say)."""
    telling = [e for e in events if e.headline or isinstance(e.data.get("fold"), dict)]
    if not telling:
        return []
    told = {e.seat for e in telling}
    return [seat for seat in range(seats) if seat not in told]


def _packed(game_title: str, title: str, lines: Sequence[str]) -> list[str]:
    """``lines`` under the summary's head, as few messages as fit them whole, in order."""
    head = f"**{game_title} — {say(title)}.**"
    budget = MAX_MESSAGE - NOTE_ROOM
    parts: list[list[str]] = [[head]]
    size = len(head)
    for line in lines:
        line = clip(line, budget - len(head) - 40)  # a single line longer than a message: never in practice
        if size + 1 + len(line) > budget:
            cont = t("**{head}** (continued)", head=f"{game_title} — {say(title)}")
            parts.append([cont])
            size = len(cont)
        parts[-1].append(line)
        size += 1 + len(line)
    return ["\n".join(part) for part in parts]
