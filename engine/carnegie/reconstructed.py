"""RECONSTRUCTED component values — not transcribed from printed components.

rules.md §12 lists three things no source gives: the company board grid (D-1), the starting departments'
workplaces (D-2) and the project tabs (D-3). The values below are reconstructions that satisfy every
constraint of §12 and the later evidence of §12.2. Replace them when the printed components have been
checked; nothing else in the engine hard-codes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.carnegie.data import D_CON, D_HR, D_RD, D_SP, D_TF, Gain

# --- D-1: company board --------------------------------------------------------------------------------
# 4 × 4 grid, row 0 at the top (3 VP per department built there, R4.1.3), rows 1–3 score 2 VP. Cell
# index = row * 4 + column. Layout = the §12 D-1 placeholder: Construction and the empty cell left of the
# Lobby's row above are two orthogonal steps from the Lobby, as the HR example (A5) needs.
GRID_ROWS, GRID_COLS = 4, 4
N_CELLS = GRID_ROWS * GRID_COLS
LOBBY = -1  # cell content code of the Lobby; 0 = empty cell; department ids otherwise
START_LAYOUT: tuple[int, ...] = (
    0, 0, 0, 0,
    0, D_HR, D_TF, 0,
    0, D_SP, D_RD, 0,
    0, LOBBY, 0, D_CON,
)  # fmt: skip
ROW_VP: tuple[int, ...] = (3, 2, 2, 2)  # R4.1.3, R4.4.7

# --- D-2: starting departments' workplaces (activation cost in $) ----------------------------------------
# §12 D-2 placeholder; §12.2 says the starting R&D department has 3 workplaces. HR's first workplace holds
# the printed permanent employee (R4.3.1) and is never free. Setup employees stand on the first listed
# non-permanent workplace (D-18).
START_WORKPLACES: dict[int, tuple[int, ...]] = {
    D_HR: (0, 0, 2),
    D_TF: (0, 1, 2),
    D_SP: (0, 2),
    D_CON: (0, 2, 2),
    D_RD: (0, 2, 2),
}
PERMANENT_WORKPLACE = 0  # index of the permanent employee's workplace in the starting HR department

# --- D-3: project tabs ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TabSpace:
    """One space of a project tab, in exposure order.

    ``kind``: "P" project space (a disc is placed when exposed), "V" VP space, "B" blank start space.
    ``cost``: SP to expose it (0 for the start space). ``income``: the alternatives of its income icon —
    one entry = fixed income, two = "choose one" (R5.3.5). ``vp``: end VP of a VP space.
    ``raises_cap``: exposing it raises the donation cap by 3 (R6.4.7, §8.5).
    """

    kind: str
    cost: int
    income: tuple[Gain, ...] = ()
    vp: int = 0
    raises_cap: bool = False


def _p(cost: int, *income: Gain) -> TabSpace:
    return TabSpace("P", cost, income)


def _v(cost: int, vp: int, cap: bool = False) -> TabSpace:
    return TabSpace("V", cost, vp=vp, raises_cap=cap)


_EMP_OR_1 = (Gain(employees=1), Gain(money=1))  # "1 new employee or $1" (§13 D19)
_GOOD_OR_3 = (Gain(goods=1), Gain(money=3))  # "1 good or $3"

# TABS[type][side]: side 0 = A, side 1 = B (the cap-raising side, D21). Constraints of D-3 honoured:
# H/C/I start on a project space (the setup disc), P on a blank space; project spaces before VP spaces;
# max VP 6/9/12/15 on both sides; exactly one side (B) raises the cap on its last space; incomes include
# money, goods, "1 good or $3", "1 new employee or $1" and new employees on Housing. §12.2: side A costs
# 1 / 2 / 3 SP per push for Housing / Commerce / Industry with 4 / 4 / 3 project spaces; side B is costlier.
# Industry side B's first two pushes cost 4 and 4 and the second exposes 3 VP (example A8).
TABS: tuple[tuple[tuple[TabSpace, ...], tuple[TabSpace, ...]], ...] = (
    (  # Housing
        (_p(0, *_EMP_OR_1), _p(1, Gain(money=2)), _p(1, Gain(employees=1)), _p(1, Gain(money=2)),
         _v(1, 3), _v(1, 6)),
        (_p(0, *_EMP_OR_1), _p(2, Gain(money=2)), _p(2, Gain(employees=1)), _p(3, Gain(money=3)),
         _v(3, 3), _v(4, 6, cap=True)),
    ),
    (  # Commerce
        (_p(0, Gain(money=2)), _p(2, Gain(money=2)), _p(2, Gain(money=3)), _p(2, *_GOOD_OR_3),
         _v(2, 3), _v(2, 6), _v(2, 9)),
        (_p(0, Gain(money=2)), _p(3, Gain(money=3)), _p(3, Gain(money=3)), _p(4, Gain(money=4)),
         _v(4, 3), _v(5, 6), _v(5, 9, cap=True)),
    ),
    (  # Industry
        (_p(0, Gain(goods=1)), _p(3, Gain(goods=1)), _p(3, *_GOOD_OR_3),
         _v(3, 3), _v(3, 6), _v(3, 9), _v(3, 12)),
        (_p(0, Gain(goods=1)), _p(4, Gain(goods=2)), _v(4, 3), _v(5, 6), _v(6, 9), _v(7, 12, cap=True)),
    ),
    (  # Public Infrastructure
        (TabSpace("B", 0), _p(3, Gain(money=3)), _p(3, Gain(goods=2)), _p(3, Gain(money=4)),
         _v(4, 5), _v(4, 10), _v(5, 15)),
        (TabSpace("B", 0), _p(4, Gain(money=4)), _p(4, Gain(goods=2)),
         _v(5, 5), _v(6, 10), _v(7, 15, cap=True)),
    ),
)  # fmt: skip
TAB_SIDES: tuple[str, ...] = ("A", "B")
