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


@dataclass(frozen=True)
class LineChoices:
    """One seat's row on the line: the seat and its choices, each with its position among the seat's
    choices (what a button carries: while the seat has not moved the positions mean the same choices)."""

    seat: int
    choices: list[tuple[int, Choice]]

    @property
    def menu(self) -> bool:
        """Too many for a row of buttons: one select menu holds them."""
        return len(self.choices) > ON_LINE


def line_choices(table: Table, progress: Progress, offered: Offered | None = None) -> list[LineChoices]:
    """The rows of choices the turn line carries now (none: the line only offers **Take my turn**): one
    for each deciding person whose choices fit on a row or in a menu, so that a choice made at the same
    time (the end of a round's activations) is one click for each too. ``offered``: what the move that
    made this version listed, so a long list (an HR turn's ~100 journeys) is known to be long without
    being labelled again."""
    decision = progress.decision
    if decision.finished:
        return []
    rows: list[LineChoices] = []
    for seat in decision.seats:
        if seat in table.ai_seats or table.user_at(seat) is None:
            continue
        known = offered.at(table, seat) if offered is not None else None
        if known is not None and len(known) > ON_MENU:
            continue
        listed = list(enumerate(progress.choices.get(seat, [])))
        if 1 <= len(listed) <= ON_MENU:
            rows.append(LineChoices(seat, listed))
    return rows[:MAX_ROWS]


def row_of(rows: list[LineChoices], seat: int) -> LineChoices | None:
    return next((row for row in rows if row.seat == seat), None)


def parse_index(text: str) -> int | None:
    """A button's position read back from its custom_id, or None when the bot would not have written it."""
    return _bounded(text, MAX_INDEX_DIGITS, ON_LINE)


def parse_option(text: str) -> int | None:
    """A line menu's picked value (the choice's position), or None when the bot would not have written it."""
    return _bounded(text, MAX_OPTION_DIGITS, ON_MENU)


def _bounded(text: str, digits: int, limit: int) -> int | None:
    if not (text.isascii() and text.isdigit() and len(text) <= digits):
        return None
    index = int(text)
    return index if index < limit else None
