"""Player words for everything Carnegie writes: plurals, resources, donations, departments, spaces of the
company board. One place, so that labels, prompts, events, refusals and the guide say things the same way
(and a later translation has one layer to back with catalogues)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.carnegie import data
from engine.carnegie.reconstructed import GRID_COLS, GRID_ROWS, LOBBY, ROW_VP
from engine.core.words import Msg, either, join, money, msg, plural, plural_in, quiet

# Score categories (rules.md §9.2 for a player, §10.4 for Andrew), in the box's words. One list for both,
# so that Andrew's line uses the players' names where a category applies to him too and a ranked table can
# show the lines side by side.
SCORE_TRACK = msg("score track")
ACTION_CHOICE = msg("Action Choice tile")
ACTIVE_EMPLOYEES = msg("active employees")
DEPARTMENTS = msg("departments")
PROJECT_TABS = msg("project tabs")
CONNECTIONS = msg("major-city connections")
CITY_VP = msg("city VP")
DONATIONS = msg("donations")
ACTION_CARDS = msg("action cards")  # Andrew only: his cards under the VP cards
TRANSPORT = msg("transportation tracks")  # Andrew only: his discs on a track's last space


# R6.2.2, said in refusals about building a department.
BUILD_COST = msg("A department costs 2 goods, or 1 on a space where one of your employees lies.")

# The counted things of Carnegie, each a whole counted phrase ("1 good", "2 goods") so that a language
# with more plural forms takes its own.
_COUNTED: dict[str, Callable[[int], Msg]] = {
    "good": lambda n: plural("{n} good", "{n} goods", n),
    "study point": lambda n: plural("{n} study point", "{n} study points", n),
    "unspent study point": lambda n: plural("{n} unspent study point", "{n} unspent study points", n),
    "employee": lambda n: plural("{n} employee", "{n} employees", n),
    "new employee": lambda n: plural("{n} new employee", "{n} new employees", n),
    "move": lambda n: plural("{n} move", "{n} moves", n),
    "choice": lambda n: plural("{n} choice", "{n} choices", n),
    "project income choice": lambda n: plural("{n} project income choice", "{n} project income choices", n),
    "new project": lambda n: plural("{n} new project", "{n} new projects", n),
    "space": lambda n: plural("{n} space", "{n} spaces", n),
    "step": lambda n: plural("{n} step", "{n} steps", n),
    "symbol": lambda n: plural("{n} symbol", "{n} symbols", n),
    # Department tiles Andrew takes by type (§10.3).
    "Human Resources tile": lambda n: plural("{n} Human Resources tile", "{n} Human Resources tiles", n),
    "Management tile": lambda n: plural("{n} Management tile", "{n} Management tiles", n),
    "Construction tile": lambda n: plural("{n} Construction tile", "{n} Construction tiles", n),
    "Research and Development tile": lambda n: plural(
        "{n} Research and Development tile", "{n} Research and Development tiles", n
    ),
}


def count(n: int, one: str) -> Msg:
    """``count(1, "good")`` = "1 good", ``count(2, "good")`` = "2 goods" (the things of ``_COUNTED``)."""
    return _COUNTED[one](n)


def vp(n: int) -> Msg:
    return plural("{n} VP", "{n} VP", n)


# Employees as the thing a player takes ("took 1 new employee"): Ukrainian, Russian and Polish put an
# animate noun taken in the accusative ("1 нового працівника"); goods, money and points read the same
# in both places.
_TAKEN: dict[str, Callable[[int], Msg]] = {
    "employee": lambda n: plural_in("taken", "{n} employee", "{n} employees", n),
    "new employee": lambda n: plural_in("taken", "{n} new employee", "{n} new employees", n),
}


def taken(n: int, kind: str) -> Msg:
    """``n`` employees (``kind`` "employee" or "new employee") as what a player takes or brings back."""
    return _TAKEN[kind](n)


def gain(g: data.Gain, k: int = 1, new: bool = True, taken: bool = False) -> list[str]:
    """A bundle of resources (``k`` times) in words: "$3", "1 good", "2 VP", "3 study points", "1 new
    employee" ("1 employee" where ``new`` is false, short of room); ``taken`` where the bundle is what
    a player takes (the object of the sentence)."""
    out: list[str] = []
    if g.money:
        out.append(money(g.money * k, "$"))
    if g.goods:
        out.append(count(g.goods * k, "good"))
    if g.vp:
        out.append(vp(g.vp * k))
    if g.sp:
        out.append(count(g.sp * k, "study point"))
    if g.employees:
        kind = "new employee" if new else "employee"
        out.append(_TAKEN[kind](g.employees * k) if taken else count(g.employees * k, kind))
    return out


def gain_text(g: data.Gain, k: int = 1, new: bool = True, taken: bool = False) -> str:
    parts = gain(g, k, new, taken)
    return join(" + ", parts) if parts else msg("nothing")


def alternatives(alts: tuple[data.Gain, ...], new: bool = True, taken: bool = False) -> str:
    """An income icon: "1 new employee or $1"; ``taken`` where they are what a player chooses."""
    return either([gain_text(g, 1, new, taken) for g in alts])


# The action types in full (the box's names); the notation's codes stay in ``data.ACTION_CODES``.
def action_type(t: int) -> str:
    return data.ACTION_TYPES[t]


def donation(cell: int) -> str:
    """A donation cell with its condition, e.g. "Welfare: 2 VP per $5 paid at the end, up to 6 times"."""
    _, column, _, condition = data.DONATION_CELLS[cell]
    return join(": ", (data.DONATION_COLUMNS[column - 1], condition))


def donation_code(code: str) -> str:
    return donation(data.DONATION_INDEX[code.upper()])


# One short effect line per department (rules.md §4.1.5, §7), for labels where a department is built,
# chosen or used, and for the guide.
DEPT_EFFECTS: dict[int, str] = {
    data.D_HR: msg("3 moves per active employee"),
    data.D_TF: msg("$3 or 1 good per use, or a mission for $6 or 2 goods"),
    data.D_SP: msg("builds a department"),
    data.D_CON: msg("a mission to build a project in that region"),
    data.D_RD: msg("3 study points per active employee"),
    1: msg("a mission for $8 or 8 moves"),
    2: msg("4 moves, or a mission for 1 new employee"),
    3: msg("a mission for 1 VP per 2 active employees"),
    4: msg("arriving employees may lie here instead"),
    5: msg("a mission for $8 or 3 goods"),
    6: msg("sell up to 3 goods at $6 each"),
    7: msg("up to 3 goods at $3 and 1 VP each"),
    8: msg("moves an employee into new departments"),
    9: msg("a mission to build a project in that region"),
    10: msg("build anywhere for +$3, no mission"),
    11: msg("buy up to 3 goods at $1 each"),
    12: msg("donations cost $3 per donation made, not $5"),
    13: msg("a mission for 7 study points"),
    14: msg("4 study points per active employee"),
    15: msg("a mission to donate on another's donation"),
    16: msg("track steps cost 1 study point less"),
}


def department(dept: int) -> str:
    """A department with its effect: "Sales (sell up to 3 goods at $6 each)"."""
    return msg("{name} ({effect})", name=data.DEPT_NAMES[dept], effect=DEPT_EFFECTS[dept])


def card_back(back: str) -> str:
    """What the back of Andrew's card shows (``solo.back``): an action type, or "?" on an Advanced card."""
    if back in data.ACTION_CODES:
        return data.ACTION_TYPES[data.ACTION_CODES.index(back)]
    return msg("a question mark")


# An empty space is named by a neighbour on one side (the neighbour's name stays in the nominative: "on
# the left: Sales"), by its corner, or by its column and row; each in two forms: ``bare`` (no article, for a
# button's "from … → …") and ``brief`` ("space" for "empty space", when a button is short of room).
_NEXT_TO: dict[tuple[int, int], tuple[Callable[[str], Msg], Callable[[str], Msg]]] = {
    (-1, 0): (
        lambda n: msg("empty space below {name}", name=n),
        lambda n: msg("space below {name}", name=n),
    ),
    (1, 0): (
        lambda n: msg("empty space above {name}", name=n),
        lambda n: msg("space above {name}", name=n),
    ),
    (0, -1): (
        lambda n: msg("empty space right of {name}", name=n),
        lambda n: msg("space right of {name}", name=n),
    ),
    (0, 1): (
        lambda n: msg("empty space left of {name}", name=n),
        lambda n: msg("space left of {name}", name=n),
    ),
}
_CORNERS: dict[int, tuple[Msg, Msg]] = {
    0: (msg("empty top-left corner space"), msg("top-left corner space")),
    GRID_COLS - 1: (msg("empty top-right corner space"), msg("top-right corner space")),
    (GRID_ROWS - 1) * GRID_COLS: (msg("empty bottom-left corner space"), msg("bottom-left corner space")),
    GRID_ROWS * GRID_COLS - 1: (msg("empty bottom-right corner space"), msg("bottom-right corner space")),
}
_ROWS: tuple[tuple[Callable[[int], Msg], Callable[[int], Msg]], ...] = (
    (
        lambda c: msg("empty space {column} from the left in the top row", column=c),
        lambda c: msg("space {column} from the left in the top row", column=c),
    ),
    (
        lambda c: msg("empty space {column} from the left in the second row", column=c),
        lambda c: msg("space {column} from the left in the second row", column=c),
    ),
    (
        lambda c: msg("empty space {column} from the left in the third row", column=c),
        lambda c: msg("space {column} from the left in the third row", column=c),
    ),
    (
        lambda c: msg("empty space {column} from the left in the bottom row", column=c),
        lambda c: msg("space {column} from the left in the bottom row", column=c),
    ),
)


def space(cells: Sequence[int], cell: int) -> str:
    """A space of the company board in words: a department's name, "the Lobby", or an empty space named
    by a neighbour ("the empty space left of Research and Development"); a pair (side, neighbour) names one
    space only, so the words are as exact as a coordinate."""
    content = cells[cell]
    if content > 0:
        return data.DEPT_NAMES[content]
    if content == LOBBY:
        return msg("the Lobby")
    return msg("the {space}", space=bare_space(cells, cell))


def bare_space(cells: Sequence[int], cell: int, brief: bool = False) -> str:
    """``space`` without its article ("Lobby", "empty space left of Sales"); ``brief`` says "space"
    for "empty space", for a button short of room."""
    return _bare_space(tuple(cells), cell, brief, quiet())


# An HR turn's panel names the same few spaces in ~100 journeys' labels, each by weighing the names of
# all its neighbours. Keyed on ``quiet`` too: a sentence left unsaid in a play-out is never a player's.
@lru_cache(maxsize=1 << 12)
def _bare_space(cells: tuple[int, ...], cell: int, brief: bool, quiet: bool) -> str:
    content = cells[cell]
    if content > 0:
        return data.DEPT_NAMES[content]
    if content == LOBBY:
        return msg("Lobby")
    r, c = divmod(cell, GRID_COLS)
    named = [
        said[brief](space(cells, rr * GRID_COLS + cc))
        for (dr, dc), said in _NEXT_TO.items()
        if 0 <= (rr := r + dr) < GRID_ROWS
        and 0 <= (cc := c + dc) < GRID_COLS
        and cells[rr * GRID_COLS + cc] != 0
    ]
    if named:
        return min(named, key=len)  # the shortest, to leave room on a button
    if cell in _CORNERS:
        return _CORNERS[cell][brief]
    return _ROWS[r][brief](c + 1)


def row_vp(cell: int) -> int:
    """End VP of a department built on ``cell`` (R4.1.3: 3 in the top row, 2 below)."""
    return ROW_VP[cell // GRID_COLS]
