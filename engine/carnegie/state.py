"""The Carnegie game state.

Model (all plain ints and short lists, so that ``clone`` is cheap and JSON stays small):

- ``CarnegieState`` (an ``engine.core.GameState``) holds the shared table: Timeline (tile and side per row,
  action-marker positions, the selected row and the flipped row), the map (one owner and one project type
  per flat slot, see ``data.SLOT_CITY``), the donation cells (a stack of owners per cell), the department
  display (copies left per tile number), round, first player, and the progress of the current phase.
- ``Company`` holds one player's company board and supplies: the 4 × 4 grid of cells (content code per
  cell: 0 empty, ``LOBBY`` = -1, else a department id — tiles 1–16, starting departments 17–21), per cell
  the workplaces (``FREE``/``ACTIVE``/``USED`` = active and already used this turn) and the number of
  inactive (lying) employees, employees per mission area, the personal employee and disc supplies, money,
  goods, VP on the score track, track positions (1–5), and per project tab its side, the index of its
  farthest exposed space and the number of projects built from it.
- Owners of discs on the map and donation cells: a seat index, ``NEUTRAL`` or ``ANDREW`` (solo).
- ``andrew`` (solo games only, rules.md §10) holds the virtual opponent: his deck, the current card and its
  shift, the cards under each VP card, his discs, track positions and department tiles.
- ``tasks`` is a queue of small sub-decisions that interrupt the phase (choose-one income icons, where
  arriving employees go when a New Lobby exists, study points gained outside an R&D turn that must be
  spent at once, a Property Management relocation, the slot of a project just placed).

Derived facts that scoring, views and rules share live here as functions (``active_employees``,
``tab_discs``, ``tab_end_vp``, ``donation_cap`` …).
"""

from __future__ import annotations

from functools import cache
from itertools import chain

from pydantic import BaseModel, Field

from engine.carnegie import data
from engine.carnegie.reconstructed import (
    PERMANENT_WORKPLACE,
    START_WORKPLACES,
    TABS,
)
from engine.core import GameState, Rng
from engine.core.fast import trusted as _raw  # ``clone`` is on the hot path: no validation

FREE, ACTIVE, USED = 0, 1, 2  # workplace states


NO_OWNER, NEUTRAL, ANDREW = -1, 8, 9  # disc owners besides seats 0–3
NO_PROJECT = -1


class Company(BaseModel):
    """One player's company board and personal supplies (rules.md §3 step 6, §4)."""

    cells: list[int]
    staff: list[list[int]]
    idle: list[int]
    missions: list[int]
    supply: int
    discs: int
    money: int
    goods: int
    vp: int
    tracks: list[int]
    tab_side: list[int]
    tab_pos: list[int]
    tab_built: list[int]
    reserved: int = 0
    action_choice: bool = False
    donations: int = 0

    def clone(self) -> Company:
        # The numbers come with the ``__dict__`` copy; every list is copied again (``CarnegieState.clone``).
        values = self.__dict__.copy()
        values.update(
            cells=self.cells[:],
            staff=[w[:] for w in self.staff],
            idle=self.idle[:],
            missions=self.missions[:],
            tracks=self.tracks[:],
            tab_side=self.tab_side[:],
            tab_pos=self.tab_pos[:],
            tab_built=self.tab_built[:],
        )
        return _raw(Company, values, self.__pydantic_fields_set__)


class Task(BaseModel):
    """A pending sub-decision of one seat.

    kinds: ``pick`` (choose one alternative of an income icon; ``a`` = project type, ``b`` = tab space),
    ``lobby`` (``a`` employees arrive; choose how many go to the New Lobby), ``spend`` (``a`` study points
    gained outside an R&D turn, spend now, R6.4.11), ``relocate`` (Property Management after building the
    department in cell ``a``, R6.2.5), ``slot`` (the project just placed on slot ``a``, of type ``b``, may
    take another free slot of its type in that city, R6.3.1 step 4 and §3 step 10).
    """

    kind: str
    seat: int
    a: int = 0
    b: int = 0


class Andrew(BaseModel):
    """The solo opponent (rules.md §10): no company, only cards, discs, track positions and tiles.

    ``deck`` lists card ids top first (hidden from the player except the back of the top card); ``current``
    is the card of this round ("" between rounds), at shift position ``shift`` 0–4 under the VP cards
    (R10.2.6), face up once ``revealed``; ``piles[p]`` holds the cards slid under VP card ``p`` (R10.1.5).
    """

    difficulty: str
    deck: list[str]
    current: str = ""
    shift: int = 0
    revealed: bool = False
    piles: list[list[str]] = Field(default_factory=lambda: [list[str]() for _ in range(5)])
    discs: int
    tracks: list[int] = Field(default_factory=lambda: [1, 1, 1, 1])
    tiles: list[int] = Field(default_factory=list)

    def clone(self) -> Andrew:
        values = self.__dict__.copy()
        values.update(
            deck=self.deck[:], piles=[p[:] for p in self.piles], tracks=self.tracks[:], tiles=self.tiles[:]
        )
        return _raw(Andrew, values, self.__pydantic_fields_set__)


class CarnegieState(GameState):
    """The whole table. ``phase`` is one of PHASES; ``step`` counts seats done in sequential phases."""

    companies: list[Company]
    timeline: list[list[int]]  # per row: [tile number 1–8, side 0 Front / 1 Back]
    markers: list[int]  # per row: action-marker position 0–5 (R5.1.1)
    round: int = 1
    first: int = 0
    start_first: int = 0  # first player of round 1 (setup order, step 8 Action Choice tile)
    row: int = -1  # row chosen this round (the gear), -1 before selection
    flipped: int = -1  # row whose marker is flipped face down this round (R5.2.3), else -1
    advancing: int = -1  # the row whose marker advances at the end of the round
    display: list[int]  # copies left per tile number (index 0 unused)
    slot_owner: list[int]
    slot_project: list[int]
    donation_discs: list[list[int]]
    phase: str = "house"
    step: int = 0
    done: list[bool]
    turn_type: int = -1  # action type used in the current department turn (R5.6.2)
    moves: int = 0  # HR move pool of the current turn (R6.1.4)
    sp: int = 0  # SP pool of the current R&D turn (R6.4.2)
    open_dept: int = 0  # department being used now (R5.4.2)
    closed_depts: list[int] = Field(default_factory=list)
    acted: bool = False  # the seat in turn has acted this turn (an Action Choice tile is declared first)
    sides_chosen: list[int] = Field(
        default_factory=list
    )  # per seat, tab sides chosen so far in setup 6B (H, C, I, P order)
    tasks: list[Task] = Field(default_factory=list)
    options: dict[str, str] = Field(default_factory=dict)
    andrew: Andrew | None = None  # solo games only (rules.md §10)

    def clone(self) -> CarnegieState:
        """A copy that shares nothing the rules change with ``self`` (a look-ahead clones a state for every
        action it weighs): the numbers and strings come with the ``__dict__`` copy, every list the rules
        edit is copied again (``tests/engine/core/test_fast.py`` walks a clone for anything shared)."""
        values = self.__dict__.copy()
        values.update(
            rng=_raw(Rng, {"seed": self.rng.seed, "draws": self.rng.draws}, self.rng.__pydantic_fields_set__),
            companies=[c.clone() for c in self.companies],
            # ``timeline`` and ``options`` never change after setup, so they stay shared.
            markers=self.markers[:],
            display=self.display[:],
            slot_owner=self.slot_owner[:],
            slot_project=self.slot_project[:],
            donation_discs=[d[:] for d in self.donation_discs],
            done=self.done[:],
            closed_depts=self.closed_depts[:],
            sides_chosen=self.sides_chosen[:],
            tasks=self.tasks[:],  # Task objects are replaced, never edited
            andrew=self.andrew.clone() if self.andrew is not None else None,
        )
        return _raw(CarnegieState, values, self.__pydantic_fields_set__)


PHASES: tuple[str, ...] = (
    "sides",  # §3 6B: choosing tab sides (option tab_sides=chosen), simultaneous
    "house",  # §3 10a, reverse turn order
    "reserve",  # §3 10b, reverse turn order
    "setup_moves",  # §3 11, turn order
    "setup_activate",  # §3 12, simultaneous
    "select",  # §5.2
    "income",  # §5.3.1, turn order
    "donate",  # §5.3.2, turn order
    "departments",  # §5.4, turn order
    "activate",  # §5.5, simultaneous
    "over",
)


# --- derived facts ---------------------------------------------------------------------------------------


def workplace_costs(dept: int) -> tuple[int, ...]:
    if dept in START_WORKPLACES:
        return START_WORKPLACES[dept]
    return data.TILES[dept - 1].workplaces


def cell_of(company: Company, dept: int) -> int:
    """The cell holding department ``dept``, or -1."""
    try:
        return company.cells.index(dept)
    except ValueError:
        return -1


def is_permanent(dept: int, workplace: int) -> bool:
    return dept == data.D_HR and workplace == PERMANENT_WORKPLACE


def active_in(company: Company, cell: int) -> int:
    """Active employees in a cell, the permanent HR employee included (it works like any other, R4.3.2)."""
    workplaces = company.staff[cell]
    return len(workplaces) - workplaces.count(FREE)


def active_employees(company: Company) -> int:
    """Active employees for every count (R4.3.3: the permanent HR employee is excluded)."""
    # ``active_in`` over every cell, flattened once: weighed for every action a computer player considers
    workplaces = list(chain.from_iterable(company.staff))
    return len(workplaces) - workplaces.count(FREE) - 1  # the permanent HR employee is always active


def staffed(company: Company, dept: int) -> bool:
    """A passive department's effect applies while it holds an active employee (R5.4.8)."""
    c = cell_of(company, dept)
    return c >= 0 and active_in(company, c) > 0


def departments(company: Company) -> list[int]:
    """Department ids in the company (starting ones included; the Lobby is not a department)."""
    return [d for d in company.cells if d > 0]


def built_departments(company: Company) -> list[tuple[int, int]]:
    """(cell, tile id) of the departments built during the game (R4.4.7)."""
    return [(c, d) for c, d in enumerate(company.cells) if built_tile(d)]


def built_tile(content: int) -> bool:
    """Whether a cell's content is a department tile built during the game (not a starting department,
    the Lobby or an empty space)."""
    return 0 < content <= len(data.TILES)


def tab_project_spaces(company: Company, ptype: int) -> tuple[int, ...]:
    """Indices of the exposed project spaces of a tab, in exposure order."""
    return exposed_spaces(ptype, company.tab_side[ptype], company.tab_pos[ptype])


# A tab's exposed spaces depend on its side and position alone, and a computer player asks for them for every
# action it weighs (projects ready to build, the VP of the tabs, project income): a few hundred values.
@cache
def _exposed(ptype: int, side: int, pos: int) -> tuple[tuple[int, ...], int]:
    """(indices of the exposed project spaces, VP of the farthest exposed VP space or 0)."""
    spaces = TABS[ptype][side][: pos + 1]
    vps = [space.vp for space in spaces if space.kind == "V"]
    return tuple(i for i, space in enumerate(spaces) if space.kind == "P"), (vps[-1] if vps else 0)


def tab_discs(company: Company, ptype: int) -> int:
    """Projects ready to build on a tab = exposed project spaces not yet emptied (R6.4.6, R6.4.8)."""
    return len(tab_project_spaces(company, ptype)) - company.tab_built[ptype]


def tab_end_vp(company: Company, ptype: int) -> int:
    """R6.4.9: the VP of the farthest exposed VP space, 0 if none."""
    return end_vp(ptype, company.tab_side[ptype], company.tab_pos[ptype])


def exposed_spaces(ptype: int, side: int, pos: int) -> tuple[int, ...]:
    """``tab_project_spaces`` of a tab of type ``ptype`` on ``side`` pushed to ``pos``."""
    return _exposed(ptype, side, pos)[0]


def end_vp(ptype: int, side: int, pos: int) -> int:
    """``tab_end_vp`` of a tab of type ``ptype`` on ``side`` pushed to ``pos``."""
    return _exposed(ptype, side, pos)[1]


def tab_full(company: Company, ptype: int) -> bool:
    return _full(ptype, company.tab_side[ptype], company.tab_pos[ptype])


def _full(ptype: int, side: int, pos: int) -> bool:
    return pos >= len(TABS[ptype][side]) - 1


def donation_cap(company: Company) -> int:
    """R8.5.1–R8.5.2: 12, +3 per tab fully pushed on its cap-raising side."""
    return _cap(tuple(company.tab_side), tuple(company.tab_pos))


# The score counts the cap after every action a computer player weighs; tabs change seldom between them.
@cache
def _cap(sides: tuple[int, ...], positions: tuple[int, ...]) -> int:
    raises = sum(
        1
        for t, (side, pos) in enumerate(zip(sides, positions, strict=True))
        if _full(t, side, pos) and TABS[t][side][-1].raises_cap
    )
    return data.DONATION_CAP + data.CAP_RAISE * raises


def emptied_income_spaces(company: Company) -> list[tuple[int, int]]:
    """(project type, space index) of every revealed-and-emptied project space (R5.3.3, R6.4.8)."""
    out: list[tuple[int, int]] = []
    for t in range(4):
        spaces = tab_project_spaces(company, t)
        out.extend((t, i) for i in spaces[: company.tab_built[t]])
    return out


def donation_cost(company: Company) -> int:
    """R8.1.1–R8.1.3 and §7.12: $5 × n, or $3 × n with an active Communications employee."""
    unit = data.DONATION_COST_COMMUNICATIONS if staffed(company, data.COMMUNICATIONS) else data.DONATION_COST
    return unit * (company.donations + 1)


def track_cost(company: Company, region: int) -> int:
    """SP to move one step right on a track (R6.4.3, §7.16 Telegraph Operators: −1, minimum 1)."""
    cost = data.TRACKS[region][company.tracks[region]].cost
    if staffed(company, data.TELEGRAPH):
        cost = max(1, cost - 1)
    return cost


def level(company: Company, region: int) -> int:
    """Transport level of the player's disc on a region's track (R2.5.4: space 5 is Railroad)."""
    return data.TRACKS[region][company.tracks[region] - 1].level


def levels(company: Company) -> tuple[int, ...]:
    """``level`` of every region, in region order."""
    return _levels(tuple(company.tracks))


# Scored after every action a computer player weighs (railroads, connections, the network it promises).
@cache
def _levels(tracks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(data.TRACKS[r][t - 1].level for r, t in enumerate(tracks))
