"""Where a player's panel files a Carnegie action when a decision offers more choices than its buttons
hold (``group_action`` of the engine protocol): by the places a player finds on the pictures, the
departments and the Lobby on the company board, the regions and cities on the map."""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.actions import Action, parse_cell, parse_city, parse_dept, parse_donation, parse_index
from engine.carnegie.rules.common import leaving_choices, parse_price
from engine.carnegie.state import CarnegieState, Company
from engine.core.words import money, msg

# Departments that build projects (R6.3.1; Engineering and Outsourcing are tiles 9 and 10).
_BUILDERS = (data.D_CON, 9, 10)


def group_action(state: CarnegieState, seat: int, action: Action) -> tuple[str, ...]:
    """An employee's journey (R6.1.2, setup 11; §7.8 relocation) by the department, Lobby or space it
    leaves, then, where both lie and stand there, by the kind of employee; a build
    (R6.3.1) by project type, then region; a Strategic Planning build (R6.2.3) under one group; a
    donation (R8.1) by its column."""
    verb, args = action.verb, action.args
    if verb in ("move", "relocate"):
        company = state.companies[seat]
        cell, standing = parse_cell(args[0].split(">")[0])
        head = msg("From {where}", where=words.space(company.cells, cell))
        if verb == "relocate" or _kinds(company, cell) < 2:
            return (head,)
        # Lying and standing employees (R6.1.3: a standing one frees a workplace) leave the same space:
        # which one goes is its own step, each kind's destinations after it.
        if not standing:
            return (head, msg("A lying employee"))
        return (
            head,
            _standing_leaves(args[1]) if len(args) > 1 else msg("A standing employee"),
        )
    if verb == "donate":
        return (_donation_column(args[0]),)
    if verb != "use":
        return ()
    dept = parse_dept(args[0])
    if dept == 15:  # Charitable Giving: a mission and a donation (§7.15)
        return (msg("Charitable Giving: {donate}", donate=_donation_column(args[1], lower=True)),)
    if dept == data.D_SP:
        return (msg("Strategic Planning: build a department"),)
    if dept in _BUILDERS:
        kind = data.PROJECT_TYPES[parse_index(args[1], data.PROJECT_CODES, "project type")]
        region = data.REGIONS[data.CITIES[parse_city(args[2])].region]
        head = (
            msg("Build {kind}", kind=kind)
            if dept == data.D_CON
            else msg("{department}: build {kind}", department=data.DEPT_NAMES[dept], kind=kind)
        )
        return (head, msg("In the {region}", region=region))
    return ()


def _standing_leaves(price_word: str) -> str:
    """A standing employee by the workplace it leaves (R6.1.3): "its $2 workplace becomes free"; a
    workplace that cost nothing is said so, not "$0"."""
    price = parse_price(price_word)
    if price == 0:
        return msg("A standing employee (its free workplace is left empty)")
    return msg("A standing employee (its {price} workplace becomes free)", price=money(price, "$"))


def _kinds(company: Company, cell: int) -> int:
    """How many kinds of employee can leave ``cell``: lying, and standing by the price of the workplace
    freed (``leaving_choices``)."""
    standing = len(leaving_choices(company, cell)) if company.cells[cell] > 0 else 0
    return (company.idle[cell] > 0) + standing


def _donation_column(code: str, lower: bool = False) -> str:
    """ "Donate to Welfare" (a group of its own), or "donate to Welfare" (after a department's name)."""
    column = data.DONATION_COLUMNS[data.DONATION_CELLS[parse_donation(code)][1] - 1]
    if lower:
        return msg("donate to {column}", column=column)
    return msg("Donate to {column}", column=column)
