"""Which choices the public turn line carries itself, so that a player coming back hours later answers a
small decision with one click instead of **Take my turn** and a panel (the panel a click opened lives
15 minutes, Discord's limit; the turn line lives as long as the decision).

A person's decision qualifies when all its choices fit on one row of buttons (``ON_LINE``), or in one
select menu (``ON_MENU``: a longer list the panel would group, ~10 workers to take, say, is still
one component and one pick); where several decide at the same time, each such person has a
row, their name on its buttons (or its menu's placeholder). What a line shows is public: the whole
table reads it, so it only ever holds the choices of the seats it names, and a game's choices say only
what is on the table (no game here has a hidden hand; a solo opponent's hidden cards are never a
person's choice).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import picker
from bot.service.limits import MENU_OPTIONS
from bot.service.progress import Offered
from bot.service.tables import Choice, Progress, Table

# One row of buttons: Discord's 5 a row, and a line a phone shows without scrolling.
ON_LINE = 5
# One select menu: Discord's 25 options. A longer list (an HR turn's ~100 journeys) needs the panel's
# groups, opened one at a time.
ON_MENU = MENU_OPTIONS
# Rows of choices a line holds (one a deciding person); the last of Discord's five holds Take my turn.
MAX_ROWS = 4
# An index on a line is one digit (a button) or two (a menu's option); a longer one was not written by
# the bot.
MAX_INDEX_DIGITS = 1
MAX_OPTION_DIGITS = 2
# A line menu's option that opens a group of the panel (its value ``g`` and the group's step) rather than
# making a move (its value the choice's position).
GROUP_OPTION = "g"


@dataclass(frozen=True)
class LineChoices:
    """One seat's row on the line: the seat and its choices, each with its position among the seat's
    choices (what a button carries: while the seat has not moved the positions mean the same choices)."""

    seat: int
    choices: list[tuple[int, Choice]]
    # A decision too long for one menu, as the first level of the panel's groups (``picker.level``): its
    # groups, each opening the player's panel there, and its actions (``choices``, with Done last) in the
    # panel's order; empty when ``choices`` are all of the seat's choices.
    entries: tuple[picker.Entry, ...] = ()

    @property
    def menu(self) -> bool:
        """Too many for a row of buttons, or grouped: one select menu holds them."""
        return bool(self.entries) or len(self.choices) > ON_LINE

    def group_at(self, step: picker.Step) -> picker.Entry | None:
        """The group this row offers at ``step``, or None (a value the bot would not have written)."""
        return next((e for e in self.entries if e.step is not None and e.step == step), None)


def line_choices(
    table: Table, progress: Progress, offered: Offered | None = None, *, groups: bool = True
) -> list[LineChoices]:
    """The rows of choices the turn line carries now (none: the line only offers **Take my turn**): one
    for each deciding person whose choices fit on a row or in a menu, or (``groups``) whose panel's first
    level of groups does, so that a choice made at the same time (the end of a round's activations) is
    one click for each too. It labels every deciding seat's choices (an HR turn's ~100 journeys take
    tens of ms): the announcer has a new line's labelled in the engine thread first
    (``moves.label_choices``). Without ``groups``, ``offered`` (what the move that made this version
    listed) tells a long list without labelling it."""
    decision = progress.decision
    if decision.finished:
        return []
    rows: list[LineChoices] = []
    for seat in decision.seats:
        if seat in table.ai_seats or table.user_at(seat) is None:
            continue
        known = offered.at(table, seat) if offered is not None else None
        if not groups and known is not None and len(known) > ON_MENU:
            continue
        listed = list(enumerate(progress.choices.get(seat, [])))
        if 1 <= len(listed) <= ON_MENU:
            rows.append(LineChoices(seat, listed))
            continue
        grouped = _first_level(progress, seat, listed) if groups else None
        if grouped is not None:
            rows.append(grouped)
    return rows[:MAX_ROWS]


def _first_level(progress: Progress, seat: int, listed: list[tuple[int, Choice]]) -> LineChoices | None:
    """The panel's first level as a line menu's row, when the game groups the seat's choices and the
    level (with Done) fits in one menu."""
    others = picker.listed(progress, seat)
    if not picker.is_grouped(others):
        return None
    entries = picker.level(others, ())
    done = [(i, c) for i, c in listed if c.notation == progress.decision.done]
    if len(entries) + len(done) > ON_MENU:
        return None
    actions = [listed[e.index] for e in entries if e.index is not None]
    return LineChoices(seat, actions + done, tuple(entries))


def row_of(rows: list[LineChoices], seat: int) -> LineChoices | None:
    return next((row for row in rows if row.seat == seat), None)


def parse_index(text: str) -> int | None:
    """A button's position read back from its custom_id, or None when the bot would not have written it."""
    return _bounded(text, MAX_INDEX_DIGITS, ON_LINE)


def parse_option(text: str) -> int | None:
    """A line menu's picked value (the choice's position), or None when the bot would not have written it."""
    return _bounded(text, MAX_OPTION_DIGITS, ON_MENU)


def option_of_group(step: picker.Step) -> str:
    """A line menu's value for a group of the panel's first level: ``g`` and the group's step."""
    return GROUP_OPTION + picker.format_step(step)


def parse_group(text: str) -> picker.Step | None:
    """A line menu's group value read back (``option_of_group``), or None when it is not one."""
    if not text.startswith(GROUP_OPTION):
        return None
    step = picker.parse_step(text[len(GROUP_OPTION) :])
    return step if step else None


def _bounded(text: str, digits: int, limit: int) -> int | None:
    if not (text.isascii() and text.isdigit() and len(text) <= digits):
        return None
    index = int(text)
    return index if index < limit else None
