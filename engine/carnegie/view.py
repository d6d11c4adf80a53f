"""What a seat (or the public) may see: everything on the table.

Carnegie has no hidden information among players (tiles, reserves and supplies are open), so the view is
the same for every seat; ``viewer`` only records who asked. In solo, Andrew's deck is hidden: the view
shows only the backs of his current card (until revealed) and of his deck's top card (R10.2.1).
Owners of discs are seat indices, ``NEUTRAL`` (8) or ``ANDREW`` (9); ``None`` = free. Static data (roads,
track costs, tab values) is included where a drawing needs it next to the dynamic state, so a renderer
needs nothing but this model.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from engine.carnegie import data
from engine.carnegie.andrew_view import AndrewView, andrew_view
from engine.carnegie.board_texts import event_text, short_gain, short_income
from engine.carnegie.reconstructed import GRID_COLS, LOBBY, N_CELLS, ROW_VP, TAB_SIDES, TABS
from engine.carnegie.state import (
    ANDREW,
    USED,
    CarnegieState,
    Company,
    active_employees,
    donation_cap,
    donation_cost,
    is_permanent,
    tab_discs,
    tab_end_vp,
    workplace_costs,
)
from engine.core import Decision
from engine.core.words import Said, quiet

# Frozen, because views share them: a city, a track space, a donation cell, a company's cells and
# tab spaces change only when a move touches them, so each is made once per content (``_city_view``,
# ``_track_space``, ``_donation_cell``, ``_cell_view``, ``_tab_spaces``) and never changed after.
_SHARED = ConfigDict(frozen=True)


class SlotView(BaseModel):
    model_config = _SHARED

    type: str  # "H", "C", "I", "P" or "T" (small town, any type)
    owner: int | None
    project: str | None  # project type code of the built disc (R6.3.4), None for free or neutral


class CityView(BaseModel):
    model_config = _SHARED

    id: str
    name: str
    region: Said
    size: str
    vp: int
    marker: bool
    link: int
    x: float
    y: float
    slots: list[SlotView]


class TrackSpaceView(BaseModel):
    model_config = _SHARED

    position: int
    cost: int
    level: Said
    income: Said
    bonus: Said
    discs: list[int]  # owners on this space


class TrackView(BaseModel):
    region: Said
    spaces: list[TrackSpaceView]
    mission_area: list[int]  # employees in the mission area, per seat


class TimelineRowView(BaseModel):
    row: str  # "HR", "MGT", "CON", "RND"
    name: Said
    tile: int
    side: str
    events: list[Said]  # spaces 1–5, e.g. "Income West", "Donation", "Income East + Donation"
    marker: int  # 0 = Start tile … 5 = End tile
    flipped: bool
    gear: bool  # the Timeline marker sits right of this row's marker


class DonationCellView(BaseModel):
    model_config = _SHARED

    code: str
    column: int
    row: int
    text: Said
    discs: list[int]  # owners, bottom first (Charitable Giving stacks)


class DisplayTileView(BaseModel):
    tile: int
    name: Said
    type: str
    copies: int


class WorkplaceView(BaseModel):
    model_config = _SHARED

    cost: int
    permanent: bool
    active: bool
    used: bool  # its employee has already performed a use this turn


class CellView(BaseModel):
    model_config = _SHARED

    index: int
    row: int
    col: int
    kind: str  # "empty", "lobby", "department"
    department: int | None  # tile number 1–16 or starting id 17–21
    code: str | None  # notation code: "HR", "TF", "SP", "CON", "RD" or the tile number
    name: Said | None
    type: str | None  # action type code of the department
    built: bool  # a department tile built during the game (scores row VP)
    vp: int  # end VP of a built department here (0 for starting departments)
    workplaces: list[WorkplaceView]
    inactive: int  # lying employees in this cell


class TabSpaceView(BaseModel):
    model_config = _SHARED

    kind: str  # "P" project, "V" VP, "B" blank
    cost: int
    income: Said
    vp: int
    raises_cap: bool
    exposed: bool
    disc: bool  # a project ready to build sits here
    emptied: bool  # its project was built: its income counts


class TabView(BaseModel):
    type: str
    name: Said
    side: str
    build_goods: int
    spaces: list[TabSpaceView]
    ready: int
    end_vp: int


class CompanyView(BaseModel):
    seat: int
    money: int
    goods: int
    vp: int
    employee_supply: int
    disc_supply: int
    active_employees: int
    missions: list[int]  # per region W, M, S, E
    tracks: list[int]  # per region, positions 1–5
    cells: list[CellView]
    tabs: list[TabView]
    reserved: int | None
    action_choice: bool
    donations_made: int
    next_donation_cost: int
    donation_cap: int


class PendingView(BaseModel):
    seats: list[int]
    kind: str
    prompt: Said
    finished: bool


class CarnegieView(BaseModel):
    viewer: int | None
    players: int
    round: int
    rounds: int
    first_player: int
    phase: str
    action_type: str | None  # the round's action type once a row is chosen
    turn_type: str | None  # the type the seat in turn uses (differs with an Action Choice tile)
    event: Said | None  # the round's event space, e.g. "Income West + Donation"
    timeline: list[TimelineRowView]
    cities: list[CityView]
    roads: list[tuple[str, str]]
    tracks: list[TrackView]
    donations: list[DonationCellView]
    display: list[DisplayTileView]
    companies: list[CompanyView]
    pending: PendingView
    study_points: int  # SP pool of the seat in turn (R&D turn or spending income SP)
    moves: int  # HR move pool of the seat in turn
    andrew: AndrewView | None = None  # solo only (rules.md §10): what the player sees of Andrew


def _company_view(c: Company, seat: int) -> CompanyView:
    cells = [_cell_view(i, c.cells[i], tuple(c.staff[i]), c.idle[i]) for i in range(N_CELLS)]
    said = quiet()
    tabs = [
        TabView(
            type=data.PROJECT_CODES[t],
            name=data.PROJECT_TYPES[t],
            side=TAB_SIDES[c.tab_side[t]],
            build_goods=data.BUILD_GOODS[t],
            spaces=list(_tab_spaces(t, c.tab_side[t], c.tab_pos[t], c.tab_built[t], said)),
            ready=tab_discs(c, t),
            end_vp=tab_end_vp(c, t),
        )
        for t in range(4)
    ]
    return CompanyView(
        seat=seat,
        money=c.money,
        goods=c.goods,
        vp=c.vp,
        employee_supply=c.supply,
        disc_supply=c.discs,
        active_employees=active_employees(c),
        missions=c.missions[:],
        tracks=c.tracks[:],
        cells=cells,
        tabs=tabs,
        reserved=c.reserved or None,
        action_choice=c.action_choice,
        donations_made=c.donations,
        next_donation_cost=donation_cost(c),
        donation_cap=donation_cap(c),
    )


# A view is built for every panel; most of its models are a company's cells and tab spaces, which a
# move rarely changes. Sizes: every tab state there is (520, 3.8 MB), and the cells most recently seen
# (2.3 KB each: 2,048 of them are 4.7 MB of the bot's memory; a whole random 4-player game shows 63).
@lru_cache(maxsize=1 << 11)
def _cell_view(i: int, content: int, staff: tuple[int, ...], idle: int) -> CellView:
    r, col = divmod(i, GRID_COLS)
    if content <= 0:
        return CellView(
            index=i,
            row=r,
            col=col,
            kind="lobby" if content == LOBBY else "empty",
            department=None,
            code=None,
            name=None,
            type=None,
            built=False,
            vp=0,
            workplaces=[],
            inactive=idle,
        )
    costs = workplace_costs(content)
    wps = [
        WorkplaceView(
            cost=costs[w],
            permanent=is_permanent(content, w),
            active=bool(staff[w]),
            used=staff[w] == USED,
        )
        for w in range(len(costs))
    ]
    built = content <= len(data.TILES)
    return CellView(
        index=i,
        row=r,
        col=col,
        kind="department",
        department=content,
        code=data.DEPT_CODES[content],
        name=data.DEPT_NAMES[content],
        type=data.ACTION_CODES[data.DEPT_TYPES[content]],
        built=built,
        vp=ROW_VP[r] if built else 0,
        workplaces=wps,
        inactive=idle,
    )


@lru_cache(maxsize=1 << 10)
def _tab_spaces(t: int, side: int, pos: int, built: int, quiet: bool) -> tuple[TabSpaceView, ...]:
    spaces = TABS[t][side]
    proj = [i for i in range(pos + 1) if spaces[i].kind == "P"]
    emptied = set(proj[:built])
    return tuple(
        TabSpaceView(
            kind=s.kind,
            cost=s.cost,
            income=short_income(s.income, quiet),
            vp=s.vp,
            raises_cap=s.raises_cap,
            exposed=i <= pos,
            disc=i in proj and i not in emptied,
            emptied=i in emptied,
        )
        for i, s in enumerate(spaces)
    )


@lru_cache(maxsize=1 << 6)
def _row_events(row: int, tile: int, side: int, quiet: bool) -> tuple[str, ...]:
    """The events of a Timeline row's spaces 1–5 (R5.1.2), which only its tile and side decide."""
    timeline = [[0, 0]] * 4
    timeline[row] = [tile, side]
    return tuple(event_text(row, space, timeline) for space in range(1, 6))


@lru_cache(maxsize=1 << 8)
def _donation_cell(k: int, discs: tuple[int, ...]) -> DonationCellView:
    code, col, row, text = data.DONATION_CELLS[k]
    return DonationCellView(code=code, column=col, row=row, text=text, discs=list(discs))


@lru_cache(maxsize=1 << 9)
def _city_view(ci: int, slots: tuple[tuple[int, int], ...]) -> CityView:
    """A city with its slots' (owner, project) pairs; -1 for none."""
    city = data.CITIES[ci]
    return CityView(
        id=city.id,
        name=city.name,
        region=data.REGIONS[city.region],
        size=city.size,
        vp=city.vp,
        marker=city.marker,
        link=city.link,
        x=city.x,
        y=city.y,
        slots=[
            SlotView(
                type=data.SLOT_TYPE[k],
                owner=None if owner < 0 else owner,
                project=data.PROJECT_CODES[proj] if proj >= 0 else None,
            )
            for k, (owner, proj) in zip(data.CITY_SLOTS[ci], slots, strict=True)
        ],
    )


@lru_cache(maxsize=1 << 10)
def _track_space(reg: int, position: int, discs: tuple[int, ...], quiet: bool) -> TrackSpaceView:
    ts = data.TRACKS[reg][position - 1]
    return TrackSpaceView(
        position=position,
        cost=ts.cost,
        level=data.LEVELS[ts.level],
        income=short_gain(ts.income, quiet),
        bonus=short_gain(ts.bonus, quiet),
        discs=list(discs),
    )


def build_view(state: CarnegieState, seat: int | None, decision: Decision) -> CarnegieView:
    n = state.players
    said = quiet()
    timeline = []
    for r in range(4):
        tile, side = state.timeline[r]
        timeline.append(
            TimelineRowView(
                row=data.ACTION_CODES[r],
                name=data.ACTION_TYPES[r],
                tile=tile,
                side=data.TIMELINE_SIDES[side],
                events=list(_row_events(r, tile, side, said)),
                marker=state.markers[r],
                flipped=state.flipped == r,
                gear=state.row == r,
            )
        )
    cities = [
        _city_view(ci, tuple((state.slot_owner[k], state.slot_project[k]) for k in data.CITY_SLOTS[ci]))
        for ci in range(len(data.CITIES))
    ]
    tracks = []
    for reg in range(4):
        spaces = [
            _track_space(
                reg,
                p,
                tuple(s for s in range(n) if state.companies[s].tracks[reg] == p)
                + ((ANDREW,) if state.andrew is not None and state.andrew.tracks[reg] == p else ()),
                said,
            )
            for p in range(1, len(data.TRACKS[reg]) + 1)
        ]
        tracks.append(
            TrackView(
                region=data.REGIONS[reg],
                spaces=spaces,
                mission_area=[state.companies[s].missions[reg] for s in range(n)],
            )
        )
    donations = [_donation_cell(k, tuple(discs)) for k, discs in enumerate(state.donation_discs)]
    display = [
        DisplayTileView(tile=t.id, name=t.name, type=data.ACTION_CODES[t.type], copies=state.display[t.id])
        for t in data.TILES
        if state.display[t.id] > 0
    ]
    event = None
    if state.advancing >= 0:
        event = event_text(state.advancing, state.markers[state.advancing] + 1, state.timeline)
    return CarnegieView(
        viewer=seat,
        players=n,
        round=state.round,
        rounds=data.ROUNDS,
        first_player=state.first,
        phase=state.phase,
        action_type=data.ACTION_CODES[state.row] if state.row >= 0 else None,
        turn_type=data.ACTION_CODES[state.turn_type] if state.turn_type >= 0 else None,
        event=event,
        timeline=timeline,
        cities=cities,
        roads=list(data.ROADS),
        tracks=tracks,
        donations=donations,
        display=display,
        companies=[_company_view(c, s) for s, c in enumerate(state.companies)],
        pending=PendingView(
            seats=decision.seats, kind=decision.kind, prompt=decision.prompt, finished=decision.finished
        ),
        study_points=state.tasks[0].a if state.tasks and state.tasks[0].kind == "spend" else state.sp,
        moves=state.moves,
        andrew=andrew_view(state) if state.andrew is not None else None,
    )
