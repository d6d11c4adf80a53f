"""Helpers shared by the rule modules: turn order, the event space, payments, income, arrivals."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.carnegie import data, words
from engine.carnegie.actions import ActionLike, Cand, parse_cell
from engine.carnegie.reconstructed import GRID_COLS, LOBBY, N_CELLS
from engine.carnegie.state import (
    ACTIVE,
    FREE,
    NO_OWNER,
    USED,
    CarnegieState,
    Company,
    Task,
    is_permanent,
    workplace_costs,
)
from engine.core import Event, InvalidAction
from engine.core.fast import trusted
from engine.core.words import Amount, either, msg, plural

Reason = tuple[str, str] | None


def P(seat: int) -> str:
    return "{p" + str(seat) + "}"


def order(state: CarnegieState) -> list[int]:
    return [(state.first + i) % state.players for i in range(state.players)]


def current_seat(state: CarnegieState) -> int:
    """The seat acting in a sequential phase."""
    n = state.players
    if state.phase in ("house", "reserve"):
        return (state.first - 1 - state.step) % n  # §3 step 10: reverse turn order
    return (state.first + state.step) % n


def space_event(timeline: list[list[int]], row: int, space: int) -> tuple[int, bool]:
    """(income region or -1, donation?) of a row's Timeline space 1–5 (R5.1.2: an end-tile space has both)."""
    if space == 5:
        return data.END_TILE[row], True
    tile, side = timeline[row]
    ev = data.TIMELINE_TILES[tile - 1][side][space - 1]
    return (-1, True) if ev == data.DONATION else (ev, False)


def event_of(state: CarnegieState) -> tuple[int, bool]:
    """(income region or -1, donation?) of the round's event space (R5.1.2, R5.2.2–R5.2.3)."""
    row = state.advancing
    return space_event(state.timeline, row, state.markers[row] + 1)


def place_name(c: Company, text: str) -> str:
    """A cell of the notation in words, e.g. "the Lobby", "Construction (standing)", "the empty space above
    Human Resources" (``words.space``)."""
    i, standing = parse_cell(text)
    name = words.space(c.cells, i)
    return msg("{place} (standing)", place=name) if standing else name


def lobby_cell(c: Company) -> int:
    return c.cells.index(LOBBY)


def _steps(a: int, b: int) -> int:
    ra, ca = divmod(a, GRID_COLS)
    rb, cb = divmod(b, GRID_COLS)
    return abs(ra - rb) + abs(ca - cb)


# Moves between every two cells of a company board (R6.1.2: orthogonal steps), looked up in every HR step
# of a play-out and in every position a computer player weighs.
STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_steps(a, b) for b in range(N_CELLS)) for a in range(N_CELLS)
)


def adjacent(a: int, b: int) -> bool:
    return STEPS[a][b] == 1


def neighbours(cell: int) -> Iterator[int]:
    r, c = divmod(cell, GRID_COLS)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < N_CELLS // GRID_COLS and 0 <= cc < GRID_COLS:
            yield rr * GRID_COLS + cc


def leaving_choices(c: Company, cell: int) -> list[int]:
    """The workplaces a standing employee moved out of ``cell`` may leave (R6.1.2–R6.1.3 HR moves, R6.2.5 and
    §7.8 Property Management): the player chooses which occupied workplace is freed, and since workplaces
    differ only in their price (R5.5.1: the next activation pays it) the choices are one per price, cheapest
    first. Of equal-priced workplaces the one whose employee already worked this turn leaves [DEC: keeping
    the employee that can still work is never worse]. Empty when no employee can leave (the permanent HR
    employee never moves, R4.3.1)."""
    dept = c.cells[cell]
    if dept <= 0:
        return []
    costs = workplace_costs(dept)
    by_price: dict[int, int] = {}
    for w, s in enumerate(c.staff[cell]):
        if not s or is_permanent(dept, w):
            continue
        best = by_price.get(costs[w], -1)
        if best < 0 or s == USED or c.staff[cell][best] != USED:
            by_price[costs[w]] = w
    return [by_price[p] for p in sorted(by_price)]


def price_word(price: int) -> str:
    """A workplace in the notation: its price, e.g. ``$2``."""
    return f"${price}"


def parse_price(text: str) -> int:
    if not (text.startswith("$") and text[1:].isdigit()):
        raise InvalidAction(msg("{text} is not a workplace price (write it like $2).", text=repr(text)))
    return int(text[1:])


def leaving_workplace(c: Company, cell: int, price: str | None, rule: str) -> tuple[int, Reason]:
    """The workplace a standing employee leaves when moved out of ``cell`` (see ``leaving_choices``):
    ``price`` names it when the occupied workplaces differ in price, and only then. Returns (workplace,
    None) or (-1, why not)."""
    choices = leaving_choices(c, cell)
    if not choices:
        return -1, (msg("No movable standing employee there (the permanent employee never moves)."), rule)
    costs = workplace_costs(c.cells[cell])
    name = data.DEPT_NAMES[c.cells[cell]]
    if len(choices) == 1:
        if price is not None:
            return -1, (
                msg(
                    "Every standing employee in {department} is on a ${price} workplace: "
                    "write the move without a price.",
                    department=name,
                    price=costs[choices[0]],
                ),
                rule,
            )
        return choices[0], None
    prices = either([price_word(costs[w]) for w in choices])
    if price is None:
        return -1, (
            msg(
                "{department}'s standing employees are on workplaces of different prices: add which one "
                "is freed ({prices}).",
                department=name,
                prices=prices,
            ),
            rule,
        )
    wanted = parse_price(price)
    for w in choices:
        if costs[w] == wanted:
            return w, None
    return -1, (
        msg(
            "No standing employee of {department} is on a {price} workplace ({prices}).",
            department=name,
            price=price,
            prices=prices,
        ),
        rule,
    )


def performer(c: Company, cell: int) -> int:
    """The active employee performing a use: the one on the cheapest not-yet-used workplace [DEC]
    (a mission frees that workplace; workplaces differ only in their price)."""
    costs = workplace_costs(c.cells[cell])
    best = -1
    for w, s in enumerate(c.staff[cell]):
        if s == ACTIVE and (best < 0 or costs[w] < costs[best]):
            best = w
    return best


def use_up(c: Company, cell: int) -> None:
    """The performing employee lies down on its workplace, used for this round (R5.4.3)."""
    c.staff[cell][performer(c, cell)] = USED


def send_on_mission(state: CarnegieState, c: Company, cell: int, seat: int, region: int = -1) -> None:
    """R5.4.6: the performing employee leaves its workplace on a mission (region now, or asked next)."""
    c.staff[cell][performer(c, cell)] = FREE
    if region >= 0:
        c.missions[region] += 1
    else:
        state.tasks.insert(0, Task(kind="mission", seat=seat))


def need_args(args: tuple[str, ...], n: int, example: str) -> None:
    if len(args) != n:
        raise InvalidAction(msg("Write this use as '{example}'.", example=example))


def cheapest_free(c: Company, cell: int) -> int:
    costs = workplace_costs(c.cells[cell])
    best = -1
    for w, s in enumerate(c.staff[cell]):
        if s == FREE and (best < 0 or costs[w] < costs[best]):
            best = w
    return best


def can_pay(c: Company, money: int) -> bool:
    """Money may be raised by returning goods at $1 each (R5.7.1)."""
    return c.money + c.goods >= money


def pay(c: Company, money: int) -> int:
    """Pay ``money``, converting the missing dollars from goods (R5.7.1). Returns goods converted."""
    converted = max(0, money - c.money)
    c.goods -= converted
    c.money += converted - money
    return converted


def paid_text(money: int, converted: int) -> str:
    """ "$5", or "$5 (2 goods converted)" when goods were returned to pay (R5.7.1)."""
    if not converted:
        return Amount(money, "$")  # ``money`` is the amount here
    return plural("${money} ({n} good converted)", "${money} ({n} goods converted)", converted, money=money)


def free_slot(state: CarnegieState, city: int, ptype: int) -> int:
    """The left-most slot where a project of ``ptype`` may be built in ``city`` (R6.3.1 step 4), or -1; the
    project goes there first, then the player chooses among ``slot_choices`` when there are several."""
    for k in data.CITY_SLOTS[city]:
        t = data.SLOT_TYPE[k]
        if state.slot_owner[k] == NO_OWNER and (t == "T" or t == data.PROJECT_CODES[ptype]):
            return k
    return -1


def slot_choices(state: CarnegieState, slot: int) -> list[int]:
    """R6.3.1 step 4 and §3 step 10: the slots a project just placed on ``slot`` may take — that
    slot and every free slot of the same type in the same city, left to right. Several only in the six
    cities with two slots of one type (a small town has one slot).

    Decision ("offer the choice only when the slots differ"): slots of one type carry nothing
    of their own (board.json: no VP, link or income per slot), so with 2–4 players the choice changes
    nothing and is not asked; in solo Andrew always builds on the left-most free slot (R10.2.5), so the
    player's slot decides which of his builds succeed, and the player chooses."""
    if state.players > 1:
        return [slot]
    city, kind = data.SLOT_CITY[slot], data.SLOT_TYPE[slot]
    return [
        k
        for k in data.CITY_SLOTS[city]
        if k == slot or (data.SLOT_TYPE[k] == kind and state.slot_owner[k] == NO_OWNER)
    ]


def slot_position(slot: int) -> int:
    """A slot in the notation: its position in its city, left to right from 1 (rules.md §2.3 order)."""
    return data.CITY_SLOTS[data.SLOT_CITY[slot]].index(slot) + 1


def slot_words(slot: int) -> str:
    """A slot in player words, e.g. "left Commerce slot of New York" (or "Commerce slot" when the city has
    one of that type)."""
    city = data.SLOT_CITY[slot]
    kind = data.SLOT_TYPE[slot]
    same = [k for k in data.CITY_SLOTS[city] if data.SLOT_TYPE[k] == kind]
    name = msg("small-town") if kind == "T" else data.PROJECT_TYPES[data.PROJECT_CODES.index(kind)]
    where = data.CITIES[city].name
    if len(same) < 2:
        return msg("{project} slot of {city}", project=name, city=where)
    i = same.index(slot)
    if i == 0:
        return msg("left {project} slot of {city}", project=name, city=where)
    if i == len(same) - 1:
        return msg("right {project} slot of {city}", project=name, city=where)
    return msg("middle {project} slot of {city}", project=name, city=where)


def gain_words(g: data.Gain, k: int = 1, taken: bool = False) -> list[str]:
    return words.gain(g, k, taken=taken)


def arrive(state: CarnegieState, seat: int, n: int) -> None:
    """Employees arriving in the company lie in the Lobby, or in either lobby with a New Lobby (§7.4)."""
    if n <= 0:
        return
    c = state.companies[seat]
    if data.NEW_LOBBY not in c.cells:
        c.idle[lobby_cell(c)] += n
        return
    for i, t in enumerate(state.tasks):
        if t.kind == "lobby" and t.seat == seat:
            state.tasks[i] = Task(kind="lobby", seat=seat, a=t.a + n)
            return
    state.tasks.append(Task(kind="lobby", seat=seat, a=n))


def receive(state: CarnegieState, seat: int, g: data.Gain, k: int = 1) -> None:
    """Apply income (R5.3.5): money, goods, immediate VP; new employees from the personal supply (none if
    empty); study points outside an R&D turn must be spent at once (R6.4.11)."""
    c = state.companies[seat]
    c.money += g.money * k
    c.goods += g.goods * k
    c.vp += g.vp * k
    if g.employees:
        new = min(c.supply, g.employees * k)
        c.supply -= new
        arrive(state, seat, new)
    if g.sp:
        state.tasks.append(Task(kind="spend", seat=seat, a=g.sp * k))


def transport_income(state: CarnegieState, seat: int, region: int) -> data.Gain:
    return data.TRACKS[region][state.companies[seat].tracks[region] - 1].income


def context(state: CarnegieState) -> str:
    if state.tasks:
        return state.tasks[0].kind
    return state.phase


def cand(verb: str, *args: str) -> Cand:
    return Cand(verb, args)


def sp_pool(state: CarnegieState) -> int:
    return state.tasks[0].a if state.tasks else state.sp


# Event kinds worth a line in a round summary (income, projects, donations, choices that shape
# the game); single employee moves, activations and study-point steps are told only in the log.
# Andrew's turn (solo) is marked where ``solo`` writes it.
HEADLINE_KINDS = frozenset(
    {
        "row",
        "income",
        "build_department",
        "build",
        "donate",
        "use",
        "choose",
        "pick",
        "house",
        "reserve",
        "sides",
        "convert",
        # Research and Development: track steps and tab pushes (every kind of point told).
        "track",
        "push",
        # What did not happen (``non_events``): no income, no donation, no build, and why.
        "no_income",
        "no_donation",
        "no_build",
    }
)


_EVENT_FIELDS = frozenset(Event.model_fields)


def note(events: list[Event], kind: str, text: str, seat: int | None, **payload: object) -> None:
    # Built as trusted (``engine.core.fast``): every step of a look-ahead notes its events.
    values = {"kind": kind, "text": text, "seat": seat, "data": payload, "headline": kind in HEADLINE_KINDS}
    events.append(trusted(Event, values, _EVENT_FIELDS))


TASK_KINDS = frozenset({"pick", "lobby", "spend", "relocate", "mission", "place", "slot"})


Doer = Callable[[CarnegieState, int, Company, ActionLike, list[Event], bool], None]
