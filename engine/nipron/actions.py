"""Nipron actions: a discriminated union of small models, and their compact text notation.

Every decision is one small step; the text form is the kind word and its arguments joined by
spaces, and parses back to an equal action. Districts are 1–4, action spaces 1–5, influence
spaces are a city and a board side (``C1E`` = the east side of city 1):

    trade <coal|money|knowledge>     §4.2 discard 3 blueprints, one track step
    take <space> <colour>            §4.3 take a worker of that colour from action space 1–5
    consolidate                      §5 consolidate instead of taking a worker
    knowledge <1-3> | mines <1-3>    §4.5.4 / §4.5.5 track steps
    run <good>                       §4.5.3 run one factory (one repetition of Production)
    invest <TILE>                    §4.5.1 build a factory, e.g. invest BENTO_C
    machines <1-3>                   §4.5.2 pay for 1–3 improvements
    machine <good>                   §4.5.2 place the next improvement on that factory
    train <district> | ship <d>      §4.5.6 / §4.5.7 one train or ship
    export <K1-K8>                   §4.5.8 start fulfilling a contract
    give <good>                      §4.5.8 the good type for the contract's next cube
    sell <good> <1-3>                §4.5.9 discard that many goods for the next influence tile
    put <value> <space>              §4.5.9 place an influence tile of that value
    bump <space>                     §4.5.9 the lowest tile that leaves a full city
    budget | pay                     §5 steps 1 and 3 of a consolidation
    reward <2-5> <bp|coal|yen|none>  §5 step 2 the Emperor's reward (none: a 2x multiplier tile)
    achieve <A1-A9>                  §5 step 2 the achievement space for that reward
    end                              end the turn after the action
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import InvalidAction
from engine.core.words import msg, plural
from engine.nipron import data


class _A(BaseModel):
    model_config = ConfigDict(frozen=True)


class Trade(_A):
    kind: Literal["trade"] = "trade"
    track: str


class Take(_A):
    kind: Literal["take"] = "take"
    space: int  # 1–5
    colour: str


class Consolidate(_A):
    kind: Literal["consolidate"] = "consolidate"


class Steps(_A):
    """Knowledge or Mines: move that track's marker 1–3 steps."""

    kind: Literal["knowledge", "mines"]
    steps: int


class Run(_A):
    kind: Literal["run"] = "run"
    good: str


class Invest(_A):
    kind: Literal["invest"] = "invest"
    tile: str


class Machines(_A):
    kind: Literal["machines"] = "machines"
    count: int


class Machine(_A):
    kind: Literal["machine"] = "machine"
    good: str


class Transport(_A):
    kind: Literal["train", "ship"]
    district: int  # 1–4


class Export(_A):
    kind: Literal["export"] = "export"
    contract: str


class Give(_A):
    kind: Literal["give"] = "give"
    good: str


class Sell(_A):
    kind: Literal["sell"] = "sell"
    good: str
    cubes: int


class Put(_A):
    kind: Literal["put"] = "put"
    value: int
    space: str  # e.g. "C1E"


class Bump(_A):
    kind: Literal["bump"] = "bump"
    space: str


class Reward(_A):
    kind: Literal["reward"] = "reward"
    mult: int
    bonus: str  # bp, coal, yen, or none for a 2x multiplier tile


class Achieve(_A):
    kind: Literal["achieve"] = "achieve"
    space: str  # A1–A9


class Word(_A):
    """An action without arguments: budget, pay, end."""

    kind: Literal["budget", "pay", "end"]


Action = Annotated[
    Trade
    | Take
    | Consolidate
    | Steps
    | Run
    | Invest
    | Machines
    | Machine
    | Transport
    | Export
    | Give
    | Sell
    | Put
    | Bump
    | Reward
    | Achieve
    | Word,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

# kind -> argument field names, in notation order
FIELDS: dict[str, tuple[str, ...]] = {
    "trade": ("track",),
    "take": ("space", "colour"),
    "consolidate": (),
    "knowledge": ("steps",),
    "mines": ("steps",),
    "run": ("good",),
    "invest": ("tile",),
    "machines": ("count",),
    "machine": ("good",),
    "train": ("district",),
    "ship": ("district",),
    "export": ("contract",),
    "give": ("good",),
    "sell": ("good", "cubes"),
    "put": ("value", "space"),
    "bump": ("space",),
    "reward": ("mult", "bonus"),
    "achieve": ("space",),
    "budget": (),
    "pay": (),
    "end": (),
}
SPACE_CODES: tuple[str, ...] = tuple(f"C{c + 1}{s}" for c in range(data.CITIES) for s in data.SIDES)

_ALLOWED: dict[str, frozenset[str]] = {
    "track": frozenset(data.TRACKS),
    "colour": frozenset(data.COLOURS),
    "good": frozenset(data.GOODS),
    "tile": frozenset(data.FACTORY_IDS),
    "contract": frozenset(data.CONTRACT_IDS),
    "bonus": frozenset((*data.REWARD_BONUSES, "none")),
    "achieve": frozenset(data.ACHIEVEMENTS),
    "infl": frozenset(SPACE_CODES),
}
_RANGES: dict[str, tuple[int, int]] = {
    "steps": (1, 3),
    "count": (1, 3),
    "district": (1, 4),
    "cubes": (1, 3),
    "value": (1, 7),
    "mult": (2, 5),
    "space": (1, 5),
}


T = TypeVar("T", bound=_A)
_setattr = object.__setattr__
_SHAPE: dict[type[_A], tuple[tuple[str, ...], Any]] = {}


def make(cls: type[T], **values: Any) -> T:
    """Build a trusted action without validation (hot path of ``legal_actions``); equal to the parsed
    one, with the fields in declaration order so that hashes agree."""
    shape = _SHAPE.get(cls)
    if shape is None:
        shape = _SHAPE[cls] = (tuple(cls.model_fields), cls.model_fields["kind"].default)
    order, kind = shape
    if "kind" not in values:
        values["kind"] = kind
    obj = object.__new__(cls)
    _setattr(obj, "__dict__", {name: values[name] for name in order})
    _setattr(obj, "__pydantic_fields_set__", set(order))
    _setattr(obj, "__pydantic_extra__", None)
    _setattr(obj, "__pydantic_private__", None)
    return obj


def format_action(action: Action) -> str:
    return " ".join([action.kind, *(str(getattr(action, f)) for f in FIELDS[action.kind])])


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise InvalidAction(msg("An empty text is not a Nipron action."))
    kind, args = words[0].lower(), words[1:]
    if kind not in FIELDS:
        raise InvalidAction(
            msg("“{word}” is not a Nipron action word (known: {known}).", word=kind, known=", ".join(FIELDS))
        )
    names = FIELDS[kind]
    if len(args) != len(names):
        raise InvalidAction(
            plural(
                "“{text}”: “{word}” takes {n} word after it.",
                "“{text}”: “{word}” takes {n} words after it.",
                len(names),
                text=text.strip(),
                word=kind,
            )
        )
    values: dict[str, object] = {"kind": kind}
    for name, word in zip(names, args, strict=True):
        values[name] = _read(kind, name, word)
    return ACTION_ADAPTER.validate_python(values)


def _read(kind: str, name: str, word: str) -> object:
    if (name == "space" and kind == "take") or (name in _RANGES and name != "space"):
        if not word.isdigit():
            raise InvalidAction(msg("“{word}” is not a number ({name}).", word=word, name=name))
        lo, hi = _RANGES[name]
        if not lo <= int(word) <= hi:
            raise InvalidAction(
                msg("{name} must be {lo}–{hi}, not {word}.", name=name, lo=lo, hi=hi, word=word)
            )
        return int(word)
    key = {"space": "achieve" if kind == "achieve" else "infl"}.get(name, name)
    value = word.upper() if key in ("tile", "contract", "achieve", "infl") else word.lower()
    if value not in _ALLOWED[key]:
        known = ", ".join(sorted(_ALLOWED[key]))
        raise InvalidAction(
            msg("“{word}” is not a {name} (one of {known}).", word=word, name=name, known=known)
        )
    return value


def space_index(code: str) -> int:
    """``"C1E"`` -> influence space index (city * 4 + side)."""
    return SPACE_CODES.index(code)


def space_code(index: int) -> str:
    return SPACE_CODES[index]
