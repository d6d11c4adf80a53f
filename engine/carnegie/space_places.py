"""An empty space of the company board said as the place where something is built: "built Sales on
the empty space below Engineering". Ukrainian, Russian and Polish say a place after a preposition in
another case than the nominative of a button's label (``words.bare_space``), and name a neighbour
through its department ("під відділом «…»") rather than decline the department's own name; so each
form here is a key of its own, in the context "built on"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.carnegie import data
from engine.carnegie.reconstructed import GRID_COLS, GRID_ROWS, LOBBY
from engine.core.words import Msg, msg_in

# (department neighbour, Lobby neighbour) for each side, keyed like ``words._NEXT_TO``.
_NEXT_TO: dict[tuple[int, int], tuple[Callable[[str], Msg], Msg]] = {
    (-1, 0): (
        lambda n: msg_in("built on", "the empty space below {name}", name=n),
        msg_in("built on", "the empty space below the Lobby"),
    ),
    (1, 0): (
        lambda n: msg_in("built on", "the empty space above {name}", name=n),
        msg_in("built on", "the empty space above the Lobby"),
    ),
    (0, -1): (
        lambda n: msg_in("built on", "the empty space right of {name}", name=n),
        msg_in("built on", "the empty space right of the Lobby"),
    ),
    (0, 1): (
        lambda n: msg_in("built on", "the empty space left of {name}", name=n),
        msg_in("built on", "the empty space left of the Lobby"),
    ),
}
_CORNERS: dict[int, Msg] = {
    0: msg_in("built on", "the empty top-left corner space"),
    GRID_COLS - 1: msg_in("built on", "the empty top-right corner space"),
    (GRID_ROWS - 1) * GRID_COLS: msg_in("built on", "the empty bottom-left corner space"),
    GRID_ROWS * GRID_COLS - 1: msg_in("built on", "the empty bottom-right corner space"),
}
_ROWS: tuple[Callable[[int], Msg], ...] = (
    lambda c: msg_in("built on", "the empty space {column} from the left in the top row", column=c),
    lambda c: msg_in("built on", "the empty space {column} from the left in the second row", column=c),
    lambda c: msg_in("built on", "the empty space {column} from the left in the third row", column=c),
    lambda c: msg_in("built on", "the empty space {column} from the left in the bottom row", column=c),
)


def built_on(cells: Sequence[int], cell: int) -> Msg:
    """The empty ``cell`` as the place of a building, named the way ``words.bare_space`` names it: by
    the neighbour giving the shortest words, else by its corner, else by its row and column."""
    r, c = divmod(cell, GRID_COLS)
    named: list[Msg] = []
    for (dr, dc), (by_department, by_lobby) in _NEXT_TO.items():
        rr, cc = r + dr, c + dc
        if not (0 <= rr < GRID_ROWS and 0 <= cc < GRID_COLS):
            continue
        content = cells[rr * GRID_COLS + cc]
        if content == LOBBY:
            named.append(by_lobby)
        elif content > 0:
            named.append(by_department(data.DEPT_NAMES[content]))
    if named:
        return min(named, key=len)
    if cell in _CORNERS:
        return _CORNERS[cell]
    return _ROWS[r](c + 1)
