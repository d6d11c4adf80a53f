"""Which choices the public turn line carries itself, so that a player coming back hours later answers a
small decision with one click instead of **Take my turn** and a panel (the panel a click opened lives
15 minutes, Discord's limit; the turn line lives as long as the decision).

Only a one-step decision of one person qualifies: one seat decides (a simultaneous choice keeps its
panels, each player's own), that seat is a person's, and all its choices fit on one row of buttons
(``ON_LINE``; the games group only longer lists). What a line shows is public: the whole table reads
it, so it only ever holds the choices of the seat it names, and a game's choices say only what is on
the table (no game here has a hidden hand; a solo opponent's hidden cards are never a person's
choice).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.progress import Offered
from bot.service.tables import Choice, Progress, Table

# One row of buttons: Discord's 5 a row, and a line a phone shows without scrolling.
ON_LINE = 5
# An index on a line is one digit; a longer one was not written by the bot.
MAX_INDEX_DIGITS = 1


@dataclass(frozen=True)
class LineChoices:
    """The seat the line asks and its choices, each with its position among the seat's choices (what
    a button carries: at one version the positions mean the same choices)."""

    seat: int
    choices: list[tuple[int, Choice]]


def line_choices(table: Table, progress: Progress, offered: Offered | None = None) -> LineChoices | None:
    """The choices the turn line carries now, or None (the line then only offers **Take my turn**).
    ``offered``: what the move that made this version listed, so a long list (an HR turn's ~100
    journeys) is known to be long without being labelled again."""
    decision = progress.decision
    if decision.finished or len(decision.seats) != 1:
        return None
    seat = decision.seats[0]
    if seat in table.ai_seats or table.user_at(seat) is None:
        return None
    known = offered.at(table, seat) if offered is not None else None
    if known is not None and len(known) > ON_LINE:
        return None
    listed = list(enumerate(progress.choices.get(seat, [])))
    if not 1 <= len(listed) <= ON_LINE:
        return None
    return LineChoices(seat, listed)


def parse_index(text: str) -> int | None:
    """A button's position read back from its custom_id, or None when the bot would not have written it."""
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_INDEX_DIGITS):
        return None
    index = int(text)
    return index if index < ON_LINE else None
