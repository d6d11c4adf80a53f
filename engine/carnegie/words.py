"""Player words for everything Carnegie writes: plurals, resources, donations, departments, spaces of the
company board. One place, so that labels, prompts, events, refusals and the guide say things the same way
(and a later translation has one layer to back with catalogues)."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.reconstructed import GRID_COLS, GRID_ROWS, LOBBY, ROW_VP

# Score categories (rules.md §9.2 for a player, §10.4 for Andrew), in the box's words. One list for both,
# so that Andrew's line uses the players' names where a category applies to him too and a ranked table can
# show the lines side by side.
SCORE_TRACK = "score track"
ACTION_CHOICE = "Action Choice tile"
ACTIVE_EMPLOYEES = "active employees"
DEPARTMENTS = "departments"
PROJECT_TABS = "project tabs"
CONNECTIONS = "major-city connections"
CITY_VP = "city VP"
DONATIONS = "donations"
ACTION_CARDS = "action cards"  # Andrew only: his cards under the VP cards
TRANSPORT = "transportation tracks"  # Andrew only: his discs on a track's last space


# R6.2.2, said in refusals about building a department.
BUILD_COST = "A department costs 2 goods, or 1 on a space where one of your employees lies."


def count(n: int, one: str, many: str | None = None) -> str:
    """``count(1, "good")`` = "1 good", ``count(2, "good")`` = "2 goods"; ``many`` for irregular plurals."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def gain(g: data.Gain, k: int = 1) -> list[str]:
    """A bundle of resources (``k`` times) in words: "$3", "1 good", "2 VP", "3 study points", "1 new
    employee"."""
    out = []
    if g.money:
        out.append(f"${g.money * k}")
    if g.goods:
        out.append(count(g.goods * k, "good"))
    if g.vp:
        out.append(f"{g.vp * k} VP")
    if g.sp:
        out.append(count(g.sp * k, "study point"))
    if g.employees:
        out.append(count(g.employees * k, "new employee"))
    return out


def gain_text(g: data.Gain, k: int = 1) -> str:
    return " + ".join(gain(g, k)) or "nothing"


def alternatives(alts: tuple[data.Gain, ...]) -> str:
    """An income icon: "1 new employee or $1"."""
    return " or ".join(gain_text(g) for g in alts)


# The action types in full (the box's names); the notation's codes stay in ``data.ACTION_CODES``.
def action_type(t: int) -> str:
    return data.ACTION_TYPES[t]


def donation(cell: int) -> str:
    """A donation cell with its condition, e.g. "Welfare: 2 VP per $5 paid at the end, up to 6 times"."""
    _, column, _, condition = data.DONATION_CELLS[cell]
    return f"{data.DONATION_COLUMNS[column - 1]}: {condition}"


def donation_code(code: str) -> str:
    return donation(data.DONATION_INDEX[code.upper()])


# One short effect line per department (rules.md §4.1.5, §7), for labels where a department is built,
# chosen or used, and for the guide.
DEPT_EFFECTS: dict[int, str] = {
    data.D_HR: "3 moves per active employee",
    data.D_TF: "$3 or 1 good per use, or a mission for $6 or 2 goods",
    data.D_SP: "builds a department",
    data.D_CON: "a mission to build a project in that region",
    data.D_RD: "3 study points per active employee",
    1: "a mission for $8 or 8 moves",
    2: "4 moves, or a mission for 1 new employee",
    3: "a mission for 1 VP per 2 active employees",
    4: "arriving employees may lie here instead",
    5: "a mission for $8 or 3 goods",
    6: "sell up to 3 goods at $6 each",
    7: "up to 3 goods at $3 and 1 VP each",
    8: "moves an employee into new departments",
    9: "a mission to build a project in that region",
    10: "build anywhere for +$3, no mission",
    11: "buy up to 3 goods at $1 each",
    12: "donations cost $3 per donation made, not $5",
    13: "a mission for 7 study points",
    14: "4 study points per active employee",
    15: "a mission to donate on another's donation",
    16: "track steps cost 1 study point less",
}


def department(dept: int) -> str:
    """A department with its effect: "Sales (sell up to 3 goods at $6 each)"."""
    return f"{data.DEPT_NAMES[dept]} ({DEPT_EFFECTS[dept]})"


def card_back(back: str) -> str:
    """What the back of Andrew's card shows (``solo.back``): an action type, or "?" on an Advanced card."""
    if back in data.ACTION_CODES:
        return data.ACTION_TYPES[data.ACTION_CODES.index(back)]
    return "a question mark"


_SIDE = {(-1, 0): "below", (1, 0): "above", (0, -1): "right of", (0, 1): "left of"}
_CORNERS = {
    0: "top-left corner",
    GRID_COLS - 1: "top-right corner",
    (GRID_ROWS - 1) * GRID_COLS: "bottom-left corner",
    GRID_ROWS * GRID_COLS - 1: "bottom-right corner",
}


def space(cells: list[int], cell: int) -> str:
    """A space of the company board in words: a department's name, "the Lobby", or an empty space named
    by a neighbour ("the empty space left of Research and Development"); a pair (side, neighbour) names one
    space only, so the words are as exact as a coordinate."""
    content = cells[cell]
    if content > 0:
        return data.DEPT_NAMES[content]
    if content == LOBBY:
        return "the Lobby"
    r, c = divmod(cell, GRID_COLS)
    named = [
        f"the empty space {side} {space(cells, rr * GRID_COLS + cc)}"
        for (dr, dc), side in _SIDE.items()
        if 0 <= (rr := r + dr) < GRID_ROWS
        and 0 <= (cc := c + dc) < GRID_COLS
        and cells[rr * GRID_COLS + cc] != 0
    ]
    if named:
        return min(named, key=len)  # the shortest, to leave room on a button
    if cell in _CORNERS:
        return f"the empty {_CORNERS[cell]} space"
    row = ("top", "second", "third", "bottom")[r]
    return f"the empty space {c + 1} from the left in the {row} row"


def row_vp(cell: int) -> int:
    """End VP of a department built on ``cell`` (R4.1.3: 3 in the top row, 2 below)."""
    return ROW_VP[cell // GRID_COLS]
