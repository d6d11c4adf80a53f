"""Carnegie actions and their compact text notation.

An action is a verb plus short word arguments; its text form is the words joined by spaces and parses back
to an equal action. Grammar (cells are ``row,col`` counted from 1 at the top left; ``*`` after a source cell
means "a standing (active) employee" instead of a lying one; regions W M S E; project types H C I P;
action types HR MGT CON RND; departments by code HR TF SP CON RD or tile number 1–16):

    side <H|C|I|P> <A|B>          setup 6B, choose the side of a project tab
    house <city-id>               setup 10a, place the Housing disc
    reserve <tile>                setup 10b, reserve a department tile
    move <r,c>[*]><r,c> [$p]      one employee move (setup 11, HR turn); $p = the price of the workplace a
                                  standing employee leaves, only when its department's prices differ
    activate <r,c>                activate a lying employee there on the cheapest free workplace
    row <HR|MGT|CON|RND>          select a Timeline row
    income <k>                    return k employees from the mission area (Take Income)
    donate <CODE>                 Make a Donation on a free cell
    choose <TYPE>                 use the Action Choice tile for this turn
    use <dept> [args]             one use of a department:
        use TF $3 | good | $6 | 2g      use SP <tile>          use CON|9 <type> <city>
        use 10 <type> <city>            use 11 <k>             use 1 $8 | moves
        use 2 hire | moves              use 3                  use 5 $8 | 3g
        use 6 <k>    use 7 <k>          use 13                 use 15 <CODE>
    mission <W|M|S|E>             region of the mission just sent
    place <r,c>                   cell of the department chosen with Strategic Planning
    relocate <r,c>[*] [$p]        Property Management: move an employee into the new department ($p as
                                  for move)
    slot <n>                      the slot of the project just placed: n-th slot of its city from the left
    track <W|M|S|E>               spend SP: one step on a transportation track
    push <H|C|I|P>                spend SP: push a project tab one space
    pick <0|1>                    choose an alternative of a "choose one" income icon
    lobby <j>                     j of the arriving employees go to the New Lobby
    convert <k>                   return k goods for $k (any time, R5.7.1)
    done                          finish the current choice (turn, moves, activation, donation, SP …)
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from engine.carnegie import data
from engine.carnegie.reconstructed import GRID_COLS, GRID_ROWS
from engine.core import InvalidAction
from engine.core.fast import trusted
from engine.core.words import msg

VERBS: dict[str, tuple[int, int]] = {  # verb -> (min args, max args)
    "side": (2, 2),
    "house": (1, 1),
    "reserve": (1, 1),
    "move": (1, 2),
    "activate": (1, 1),
    "row": (1, 1),
    "income": (1, 1),
    "donate": (1, 1),
    "choose": (1, 1),
    "use": (1, 3),
    "mission": (1, 1),
    "place": (1, 1),
    "relocate": (1, 2),
    "slot": (1, 1),
    "track": (1, 1),
    "push": (1, 1),
    "pick": (1, 1),
    "lobby": (1, 1),
    "convert": (1, 1),
    "done": (0, 0),
}


class Action(BaseModel):
    """One step of a player's decision, e.g. ``Action(verb="use", args=("CON", "H", "chicago"))``."""

    model_config = ConfigDict(frozen=True)

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return format_action(self)


_FIELDS_SET = frozenset({"verb", "args"})  # every field is given


def act(verb: str, *args: str) -> Action:
    """Build a trusted action without validation (hot path of ``legal_actions``)."""
    return trusted(Action, {"verb": verb, "args": args}, _FIELDS_SET)


class Cand(NamedTuple):
    """A candidate action before it is checked (cheaper than a model; same ``verb``/``args``). A ``sure``
    one is legal by the way it was listed (its verb's check is known to pass; ``test_journeys.py`` holds the
    two together through whole games), so listing the legal actions skips the check."""

    verb: str
    args: tuple[str, ...]
    sure: bool = False


ActionLike = Action | Cand


def format_action(action: Action) -> str:
    return " ".join((action.verb, *action.args))


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise InvalidAction(msg("An empty text is not a Carnegie action."))
    verb, args = words[0].lower(), tuple(words[1:])
    if verb not in VERBS:
        raise InvalidAction(
            msg(
                "{verb} is not a Carnegie action word (known: {known}).",
                verb=repr(verb),
                known=", ".join(VERBS),
            )
        )
    lo, hi = VERBS[verb]
    if not lo <= len(args) <= hi:
        raise InvalidAction(
            msg(
                "{text}: '{verb}' takes {low}–{high} words after it.",
                text=repr(text),
                verb=verb,
                low=lo,
                high=hi,
            )
        )
    return act(verb, *args)


# --- argument helpers shared by rules and descriptions ---------------------------------------------------


def cell_code(cell: int, standing: bool = False) -> str:
    r, c = divmod(cell, GRID_COLS)
    return f"{r + 1},{c + 1}" + ("*" if standing else "")


def parse_cell(text: str) -> tuple[int, bool]:
    """``"2,3"`` -> (cell index, False); ``"2,3*"`` -> (cell index, True)."""
    hit = _CELLS.get(text)
    if hit is not None:
        return hit
    return _parse_cell(text)


def _parse_cell(text: str) -> tuple[int, bool]:
    standing = text.endswith("*")
    body = text[:-1] if standing else text
    parts = body.split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise InvalidAction(msg("{text} is not a cell (write row,column like 2,3).", text=repr(text)))
    r, c = int(parts[0]) - 1, int(parts[1]) - 1
    if not (0 <= r < GRID_ROWS and 0 <= c < GRID_COLS):
        raise InvalidAction(
            msg(
                "{text} is outside the {rows}×{cols} company board.",
                text=repr(text),
                rows=GRID_ROWS,
                cols=GRID_COLS,
            )
        )
    return r * GRID_COLS + c, standing


_CELLS: dict[str, tuple[int, bool]] = {
    cell_code(i, st): (i, st) for i in range(GRID_ROWS * GRID_COLS) for st in (False, True)
}


def parse_index(text: str, codes: tuple[str, ...], what: str) -> int:
    """``what`` names the kind of code in player words (a ``msg``, e.g. "region")."""
    try:
        return codes.index(text.upper())
    except ValueError:
        raise InvalidAction(
            msg(
                "{text} is not a {what} (one of {codes}).", text=repr(text), what=what, codes=", ".join(codes)
            )
        ) from None


def parse_int(text: str, what: str) -> int:
    """``what`` names what is counted in player words (a ``msg``, e.g. "goods")."""
    if not text.isdigit():
        raise InvalidAction(msg("{text} is not a number of {what}.", text=repr(text), what=what))
    return int(text)


_DEPTS: dict[str, int] = {code: dept for dept, code in data.DEPT_CODES.items()}


def parse_dept(text: str) -> int:
    dept = _DEPTS.get(text) or _DEPTS.get(text.upper())
    if dept:
        return dept
    raise InvalidAction(
        msg("{text} is not a department (HR, TF, SP, CON, RD or a tile number 1–16).", text=repr(text))
    )


def parse_city(text: str) -> int:
    try:
        return data.CITY_INDEX[text.lower()]
    except KeyError:
        raise InvalidAction(
            msg("{text} is not a city (use ids like new-york or st-louis).", text=repr(text))
        ) from None


def parse_donation(text: str) -> int:
    try:
        return data.DONATION_INDEX[text.upper()]
    except KeyError:
        raise InvalidAction(
            msg("{text} is not a donation cell (codes like EDU-HR, WEL-7VP).", text=repr(text))
        ) from None
