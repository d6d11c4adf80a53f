"""Final and provisional scoring (rules.md §9, donations §8.4–§8.5).

``score_sheet(state, final)`` gives every player's total split into the seven §9.2 categories plus the
score track. The pieces are pure helpers on plain inputs so that tests and the solo mode can call them
directly: ``connection_points`` (§9.3), ``donation_value`` (§8.4, evaluated on an ``Achievements`` record
that the caller chooses — the owner's own for a player, the human's for Andrew, §10.4) and
``welfare.welfare_allocation`` (R8.4.2, the VP-maximising payment, with or without goods→money conversion).

Solo (§10.4): Andrew's categories (``andrew_categories``) and the winner against him (``solo_winners``,
R10.4.4) are here too; his line in the sheet has no seat (``ScoreLine.seat is None``) and comes after the
human's. This module reads ``solo`` for Andrew's constants and state, never the other way round.

Provisional score (``final=False``): the same computation on the current state. Welfare cells are
evaluated as if the game ended now, i.e. paid from the player's current money and goods [DEC]; during
play this is only an indication (the money may still be spent). ``ScoreSheet.final`` records which it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.carnegie import data, solo, words
from engine.carnegie.reconstructed import GRID_COLS, ROW_VP
from engine.carnegie.state import (
    ANDREW,
    CarnegieState,
    Company,
    active_employees,
    built_tile,
    donation_cap,
    end_vp,
    levels,
)
from engine.carnegie.welfare import WELFARE_CODES, WelfarePayment, welfare_allocation
from engine.core import ScoreLine, ScoreSheet
from engine.core.words import msg

# Category keys of a score line, in §9.2 order after the score track.
TRACK = words.SCORE_TRACK
ACTION_CHOICE = words.ACTION_CHOICE
EMPLOYEES = words.ACTIVE_EMPLOYEES
DEPARTMENTS = words.DEPARTMENTS
TABS_VP = words.PROJECT_TABS
CONNECTIONS = words.CONNECTIONS
CITIES = words.CITY_VP
DONATIONS = words.DONATIONS
CATEGORIES: tuple[str, ...] = (
    TRACK,
    ACTION_CHOICE,
    EMPLOYEES,
    DEPARTMENTS,
    TABS_VP,
    CONNECTIONS,
    CITIES,
    DONATIONS,
)


_EDU_TYPES: dict[str, int] = {
    "EDU-HR": data.HR,
    "EDU-MGT": data.MGT,
    "EDU-CON": data.CON,
    "EDU-RND": data.RND,
}
_HEA_REGIONS: dict[str, int] = {
    "HEA-WEST": data.WEST,
    "HEA-MIDWEST": data.MIDWEST,
    "HEA-SOUTH": data.SOUTH,
    "HEA-EAST": data.EAST,
}


# --- achievements: what the donation table counts -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Achievements:
    """The counts §8.4 scores, for one company.

    ``departments`` per action type includes the 5 starting departments and New Lobby (HR);
    ``projects`` per project type and ``regions`` per region count built projects (the setup Housing disc
    included, R8.4.1; small towns included, by type of origin tab R6.3.4); ``railroads`` = regions whose
    track disc is on a Railroad space (R2.5.4); ``donations`` = donation discs on the table (stacked
    Charitable Giving discs included); ``active`` = active employees without the permanent one (R4.3.3).
    """

    departments: tuple[int, int, int, int]
    projects: tuple[int, int, int, int]
    regions: tuple[int, int, int, int]
    small_towns: int
    railroads: int
    donations: int
    active: int


@dataclass(frozen=True, slots=True)
class MapTally:
    """What one owner holds on the map: built projects per type and per region, projects in small towns,
    the cities with at least one of its discs, and the VP printed under them (§9.2 category 6)."""

    projects: tuple[int, int, int, int]
    regions: tuple[int, int, int, int]
    small_towns: int
    cities: frozenset[int]
    city_vp: int


def map_tally(state: CarnegieState, owner: int) -> MapTally:
    # The last map's tallies are kept by the map's contents (lists compared by value, never by identity):
    # one evaluation asks for them up to five times, and the next action weighed mostly leaves the map as
    # it was; building the tuple keys alone was a twentieth of a play-out's time. One tuple, replaced whole,
    # so a caller in another thread never reads one map's tallies for another's.
    global _last_map
    last = _last_map
    if state.slot_owner != last[0] or state.slot_project != last[1]:
        last = _last_map = (state.slot_owner[:], state.slot_project[:], {})
    tally = last[2].get(owner)
    if tally is None:
        tally = last[2][owner] = _map_tally(tuple(state.slot_owner), tuple(state.slot_project), owner)
    return tally


_last_map: tuple[list[int], list[int], dict[int, MapTally]] = ([], [], {})


# The score is counted after every action a computer player weighs, and most actions leave the map as it
# was: the same few maps are tallied thousands of times a decision.
@lru_cache(maxsize=1 << 12)
def _map_tally(owners: tuple[int, ...], types: tuple[int, ...], owner: int) -> MapTally:
    projects = [0, 0, 0, 0]
    regions = [0, 0, 0, 0]
    small = vp = 0
    cities: set[int] = set()
    for k, (o, project) in enumerate(zip(owners, types, strict=True)):
        if o == owner:
            city = data.CITIES[data.SLOT_CITY[k]]
            projects[project] += 1
            regions[city.region] += 1
            small += city.size == "small"
            cities.add(data.SLOT_CITY[k])
            vp += city.vp
    return MapTally(
        (projects[0], projects[1], projects[2], projects[3]),
        (regions[0], regions[1], regions[2], regions[3]),
        small,
        frozenset(cities),
        vp,
    )


def achievements(state: CarnegieState, seat: int) -> Achievements:
    company = state.companies[seat]
    held = map_tally(state, seat)
    return Achievements(
        departments=_departments(tuple(company.cells))[0],
        projects=held.projects,
        regions=held.regions,
        small_towns=held.small_towns,
        railroads=levels(company).count(data.RAILROAD),
        donations=_donation_table(state, seat)[1],
        active=active_employees(company),
    )


def donation_value(code: str, source: Achievements) -> int:
    """§8.4: the value of one donation disc on cell ``code`` before the cap, evaluated on ``source``.

    Welfare payment cells have no value of their own (their VP come from payments, see
    ``welfare_allocation``) and give 0 here."""
    if code in _EDU_TYPES:
        return 3 * source.departments[_EDU_TYPES[code]]
    if code in _HEA_REGIONS:
        return 2 * source.regions[_HEA_REGIONS[code]]
    match code:
        case "EDU-ALL":
            return sum(source.departments)
        case "RIG-INFRA":
            return 4 * source.projects[data.INFRA]
        case "RIG-INDUSTRY":
            return 3 * source.projects[data.INDUSTRY]
        case "RIG-HOUSCOM":
            return 2 * (source.projects[data.HOUSING] + source.projects[data.COMMERCE])
        case "RIG-RAIL":
            return 3 * source.railroads
        case "RIG-DONATIONS":
            return 2 * source.donations
        case "WEL-7VP":
            return 7
        case "WEL-ACTIVE":
            return source.active
        case "HEA-SMALLTOWN":
            return 2 * source.small_towns
    if code in WELFARE_CODES:
        return 0
    raise ValueError(f"unknown donation cell {code!r}")


# --- major-city connections (§9.3) ----------------------------------------------------------------------


def _city_index(city: int | str) -> int:
    return city if isinstance(city, int) else data.CITY_INDEX[city]


def connection_points(cities: Iterable[int | str], track_levels: Sequence[int]) -> int:
    """R9.3.2–R9.3.6: points of the best road-connected group of the player's cities.

    ``cities`` = cities holding at least one of the player's discs (indices or ids); ``track_levels`` =
    the player's transport level per region (``data.CART``/``STAGECOACH``/``RAILROAD``). Each component of
    the player's cities with ≥ 2 major cities scores from the table by the sum of their link values and the
    lowest level among the regions of those major cities only (R9.3.3); only the best component counts."""
    return _connection_points(frozenset(_city_index(c) for c in cities), tuple(track_levels))


# Scored after every action the computer players weigh (their play-outs), mostly on unchanged cities.
@lru_cache(maxsize=1 << 14)
def _connection_points(own: frozenset[int], track_levels: tuple[int, ...]) -> int:
    seen: set[int] = set()
    best = 0
    for start in own:
        if start in seen:
            continue
        seen.add(start)
        stack, component = [start], []
        while stack:
            c = stack.pop()
            component.append(c)
            for n in data.NEIGHBOURS[c]:
                if n in own and n not in seen:
                    seen.add(n)
                    stack.append(n)
        majors = [data.CITIES[c] for c in component if data.CITIES[c].link]
        if len(majors) < 2:
            continue
        links = sum(m.link for m in majors)
        lowest = min(track_levels[m.region] for m in majors)
        best = max(best, data.CONNECTION_TABLE[links][lowest])
    return best


# --- per-category helpers ---------------------------------------------------------------------------------


def department_points(company: Company) -> int:
    """R4.4.7: 3 VP per department built in the top row, 2 in the others; starting departments 0."""
    return _departments(tuple(company.cells))[1]


# The score is counted after every action a computer player weighs, and most actions leave the departments
# and the tabs as they were: a few hundred boards and tab positions a game.
@lru_cache(maxsize=1 << 12)
def _departments(cells: tuple[int, ...]) -> tuple[tuple[int, int, int, int], int]:
    """(departments per action type, the starting ones included; their VP, R4.4.7)."""
    types = [0, 0, 0, 0]
    points = 0
    for cell, dept in enumerate(cells):
        if dept > 0:
            types[data.DEPT_TYPES[dept]] += 1
            if built_tile(dept):
                points += ROW_VP[cell // GRID_COLS]
    return (types[0], types[1], types[2], types[3]), points


def tab_points(company: Company) -> int:
    """R6.4.9: per tab, the VP of its farthest exposed VP space."""
    return _tab_points(tuple(company.tab_side), tuple(company.tab_pos))


@lru_cache(maxsize=1 << 12)
def _tab_points(sides: tuple[int, ...], positions: tuple[int, ...]) -> int:
    return sum(end_vp(t, side, pos) for t, (side, pos) in enumerate(zip(sides, positions, strict=True)))


def player_cap(company: Company) -> int:
    """R8.5.1–R8.5.2: 12, +3 per tab fully pushed on its cap-raising side (``state.donation_cap``)."""
    return donation_cap(company)


def city_points(state: CarnegieState, seat: int) -> int:
    """§9.2 category 6: the printed VP of the city under each of the player's map discs."""
    return map_tally(state, seat).city_vp


def player_connection_points(state: CarnegieState, seat: int) -> int:
    company = state.companies[seat]
    return _connection_points(map_tally(state, seat).cities, levels(company))


def donation_codes(state: CarnegieState, owner: int) -> tuple[str, ...]:
    """Codes of the cells holding a disc of ``owner`` (at most one per cell, §7.15), in table order."""
    return _donation_table(state, owner)[0]


def _donation_table(state: CarnegieState, owner: int) -> tuple[tuple[str, ...], int]:
    """(``donation_codes``, the number of ``owner``'s discs on the table, stacked ones included)."""
    # Kept for the last table by its contents, as ``map_tally``: the score asks after every action a computer
    # player weighs, and donations are seldom among them.
    global _last_donations
    last = _last_donations
    if state.donation_discs != last[0]:
        last = _last_donations = ([d[:] for d in state.donation_discs], {})
    held = last[1].get(owner)
    if held is None:
        stacks = state.donation_discs
        held = last[1][owner] = (
            tuple(data.DONATION_CELLS[k][0] for k, stack in enumerate(stacks) if owner in stack),
            sum(stack.count(owner) for stack in stacks),
        )
    return held


_last_donations: tuple[list[list[int]], dict[int, tuple[tuple[str, ...], int]]] = ([], {})


@dataclass(frozen=True, slots=True)
class DonationScore:
    code: str
    raw: int  # before the cap (welfare: the VP of the chosen payment)
    vp: int  # after the cap


def donation_scores(
    state: CarnegieState, seat: int, source: Achievements | None = None
) -> tuple[list[DonationScore], WelfarePayment]:
    """Every donation disc of ``seat`` scored per §8.4 and capped per §8.5, plus the welfare payment
    (paid from the player's money and goods, conversion allowed, R8.4.2). ``source`` = the seat's own
    achievements when the caller already has them."""
    company = state.companies[seat]
    cap = player_cap(company)
    codes = donation_codes(state, seat)
    if source is None:
        source = achievements(state, seat)
    welfare = welfare_allocation(codes, company.money, company.goods, cap=cap)
    out = []
    for code in codes:
        raw = welfare.vp[code] if code in WELFARE_CODES else donation_value(code, source)
        out.append(DonationScore(code, raw, min(raw, cap)))
    return out, welfare


def andrew_donation_scores(
    codes: Iterable[str], human: Achievements, money_left: int, goods_left: int
) -> tuple[list[DonationScore], WelfarePayment]:
    """Solo (§10.4): Andrew's donation discs on cells ``codes``, scored on the human's achievements
    (RIG-DONATIONS counts the human's discs, R10.4.2), capped at 12 (R10.4.3); his welfare cells are paid
    from what the human has left after their own score, without goods→money conversion (R10.4.1, D-20)."""
    codes = list(codes)
    welfare = welfare_allocation(codes, money_left, goods_left, convert=False)
    out = []
    for code in codes:
        raw = welfare.vp[code] if code in WELFARE_CODES else donation_value(code, human)
        out.append(DonationScore(code, raw, min(raw, data.DONATION_CAP)))
    return out, welfare


def categories(state: CarnegieState, seat: int) -> dict[str, int]:
    """One player's score per category (§9.2), the score track first."""
    own = achievements(state, seat)
    return _sheet(state, seat, own, donation_scores(state, seat, own)[0])


def _sheet(
    state: CarnegieState, seat: int, own: Achievements, donations: list[DonationScore]
) -> dict[str, int]:
    company = state.companies[seat]
    return {
        TRACK: company.vp,
        ACTION_CHOICE: data.ACTION_CHOICE_VP if company.action_choice else 0,  # R5.6.4
        EMPLOYEES: own.active,  # R4.3.3: permanent employee excluded
        DEPARTMENTS: department_points(company),
        TABS_VP: tab_points(company),
        CONNECTIONS: player_connection_points(state, seat),
        CITIES: city_points(state, seat),
        DONATIONS: sum(d.vp for d in donations),
    }


# --- solo: Andrew's final score (§10.4) -----------------------------------------------------------------


def andrew_categories(state: CarnegieState) -> dict[str, int]:
    """§10.4: Andrew's score per category. Donations are scored on the human's achievements (R10.4.2,
    D-15, cap 12 R10.4.3); his welfare cells take what the human has left after the human's own score,
    without goods→money conversion (R10.4.1, D-20)."""
    return solo_categories(state)[1]


def solo_categories(state: CarnegieState) -> tuple[dict[str, int], dict[str, int]]:
    """The human's and Andrew's score per category from one look at the human's achievements and welfare
    payment (both sheets need them: a computer player weighs both for every action it considers)."""
    human = achievements(state, 0)
    donations, own = donation_scores(state, 0, human)
    a = solo.andrew_of(state)
    cards = sum(solo.VP_CARDS[p] * len(pile) for p, pile in enumerate(a.piles))
    if a.current:
        cards += solo.VP_CARDS[a.shift]  # provisional: the current card where it is now [DEC]
    his, _ = andrew_donation_scores(donation_codes(state, ANDREW), human, own.money_left, own.goods_left)
    andrew: dict[str, int] = {
        solo.ACTION_CARDS: cards,
        solo.TILES: solo.TILE_VP * len(a.tiles),
        solo.TRANSPORT: solo.LAST_SPACE_VP * sum(1 for t in a.tracks if t == data.TRACK_LAST),
        solo.CITIES: city_points(state, ANDREW),
        solo.DONATIONS: sum(d.vp for d in his),
    }
    return _sheet(state, 0, human, donations), andrew


HUMAN_LINE, ANDREW_LINE = 0, 1  # positions of the solo sheet's lines (``ScoreSheet.winners`` holds these)


def solo_winners(human_total: int, andrew_total: int) -> list[int]:
    """R10.4.4: the higher total wins; a tie is a shared victory. Positions in the sheet's lines: the
    human's is ``HUMAN_LINE``, Andrew's ``ANDREW_LINE``."""
    if human_total > andrew_total:
        return [HUMAN_LINE]
    if andrew_total > human_total:
        return [ANDREW_LINE]
    return [HUMAN_LINE, ANDREW_LINE]


def winners(totals: Sequence[int]) -> list[int]:
    """R9.2.1: every player with the highest total wins (no tie-breaker)."""
    best = max(totals)
    return [seat for seat, t in enumerate(totals) if t == best]


# R9.2.1 / R10.4.4: a tie is not broken, the tied players share the victory; the final sheet says so.
TIE_NOTE = msg("A tie: the tied players share the victory.")


def score_sheet(state: CarnegieState, final: bool) -> ScoreSheet:
    """The score of every player; ``final`` only labels the sheet (the computation is the same).

    Lines are in seat order; in solo the human's line (seat 0) is followed by Andrew's, which has no seat
    (``seat=None``). ``winners`` are positions in the lines (for 2–4 players, the seats)."""
    lines = []
    for seat in range(state.players):
        cats = categories(state, seat)
        lines.append(
            ScoreLine(seat=seat, name=msg("Seat {n}", n=seat + 1), categories=cats, total=sum(cats.values()))
        )
    if state.andrew is not None:
        # Solo (§10.4): Andrew's line, a rival without a seat; R10.4.4 decides the winner.
        cats = andrew_categories(state)
        andrew = ScoreLine(seat=None, name=solo.ANDREW_NAME, categories=cats, total=sum(cats.values()))
        lines.append(andrew)
        best = solo_winners(lines[HUMAN_LINE].total, andrew.total)
    else:
        best = winners([line.total for line in lines])
    # Only a final tie needs saying: while the game runs the leaders are no victory yet.
    note = TIE_NOTE if final and len(best) > 1 else ""
    return ScoreSheet(final=final, lines=lines, winners=best, note=note)


def totals(state: CarnegieState) -> list[int]:
    """Provisional totals only (no sheet), for bots."""
    return [sum(categories(state, seat).values()) for seat in range(state.players)]


def score(state: CarnegieState) -> ScoreSheet:
    """The sheet ``CarnegieGame.score`` returns: final once the game is over (R9.1.1), else provisional."""
    return score_sheet(state, final=state.phase == "over")
