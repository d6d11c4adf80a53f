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

from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import InvalidAction
from engine.core.words import Msg, listing, msg, plural
from engine.nipron import data, words


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

SPACE_CODES: tuple[str, ...] = tuple(f"C{c + 1}{s}" for c in range(data.CITIES) for s in data.SIDES)


class Domain(NamedTuple):
    """The values one argument of an action may take, the rule that sets them, and what a refusal says."""

    values: range | frozenset[str]
    rule: str
    refusal: Msg

    def holds(self, value: object) -> bool:
        # Exact types: a bool, a float or an unhashable object slipped past pydantic is refused rather
        # than carried out as the number it equals, or crashed on as an index.
        if isinstance(self.values, range):
            return type(value) is int and value in self.values
        return type(value) is str and value in self.values


# The six goods are defined only by the glossary (§1, "Good types"); no later rule restates them, so an
# unknown good is refused by §1 [engine decision].
_GOOD = Domain(
    frozenset(data.GOODS),
    "§1",
    msg("There is no such good: the goods are {goods}.", goods=listing(words.GOOD.values())),
)
_DISTRICT = Domain(
    range(1, data.DISTRICTS + 1), "§7.9", msg("There is no such district: they are numbered 1 to 4.")
)
_INFLUENCE_SPACE = Domain(
    frozenset(SPACE_CODES),
    "§7.5",
    msg("There is no such influence space: each city has four, one beside each of its sides."),
)
_TRACK_STEPS = range(1, len(data.TRACK_STEP_COST) + 1)  # a price for each of 1, 2 and 3 steps (§7.13)

# kind -> (argument field name, its domain), in notation order: the one place that says which values
# an action may carry, read by the notation (``parse_action``) and by the rules (``rules.check``).
ARGS: dict[str, tuple[tuple[str, Domain], ...]] = {
    "trade": (
        (
            "track",
            Domain(
                frozenset(data.TRACKS),
                "§4.2",
                msg("A blueprint trade moves your coal, money or knowledge marker."),
            ),
        ),
    ),
    "take": (
        (
            "space",
            Domain(
                range(1, len(data.ACTION_SPACES) + 1),
                "§4.4",
                msg("There is no such action space: they are numbered 1 to 5."),
            ),
        ),
        (
            "colour",
            Domain(
                frozenset(data.COLOURS),
                "§2",
                msg(
                    "There is no such worker colour: workers are {colours}.",
                    colours=listing(words.COLOUR.values()),
                ),
            ),
        ),
    ),
    "consolidate": (),
    "knowledge": (
        ("steps", Domain(_TRACK_STEPS, "§4.5.4", msg("Knowledge moves your knowledge marker 1 to 3 steps."))),
    ),
    "mines": (("steps", Domain(_TRACK_STEPS, "§4.5.5", msg("Mines moves your coal marker 1 to 3 steps."))),),
    "run": (("good", _GOOD),),
    "invest": (("tile", Domain(frozenset(data.FACTORY_IDS), "§7.3", msg("There is no such factory tile."))),),
    "machines": (("count", Domain(range(1, 4), "§4.5.2", msg("Machines pays for 1 to 3 improvements."))),),
    "machine": (("good", _GOOD),),
    "train": (("district", _DISTRICT),),
    "ship": (("district", _DISTRICT),),
    "export": (
        ("contract", Domain(frozenset(data.CONTRACT_IDS), "§7.2", msg("There is no such contract."))),
    ),
    "give": (("good", _GOOD),),
    "sell": (
        ("good", _GOOD),
        ("cubes", Domain(range(1, 4), "§4.5.9", msg("An influence tile is paid with 1, 2 or 3 goods."))),
    ),
    "put": (
        (
            "value",
            Domain(
                range(min(data.INFLUENCE_TILES), max(data.INFLUENCE_TILES) + 1),
                "§7.6",
                msg("Influence tiles have values 1 to 7."),
            ),
        ),
        ("space", _INFLUENCE_SPACE),
    ),
    "bump": (("space", _INFLUENCE_SPACE),),
    "reward": (
        (
            "mult",
            Domain(
                range(min(data.MULTIPLIERS), max(data.MULTIPLIERS) + 1),
                "§7.7",
                msg("Emperor's reward tiles carry a 2x, 3x, 4x or 5x multiplier."),
            ),
        ),
        (
            "bonus",
            Domain(
                frozenset((*data.REWARD_BONUSES, "none")),
                "§7.7",
                msg(
                    "A reward tile gives ¥5,000, 2 coal or 2 blueprints; a 2x multiplier tile gives no bonus."
                ),
            ),
        ),
    ),
    "achieve": (
        (
            "space",
            Domain(
                frozenset(data.ACHIEVEMENTS),
                "§7.11",
                msg("There is no such achievement space: your board has nine."),
            ),
        ),
    ),
    "budget": (),
    "pay": (),
    "end": (),
}
FIELDS: dict[str, tuple[str, ...]] = {kind: tuple(name for name, _ in args) for kind, args in ARGS.items()}


def out_of_range(action: Action) -> tuple[Msg, str] | None:
    """The refusal of an action whose argument names nothing in the game (a count, number or code
    outside its domain), with the rule that sets the domain; None when every argument is in range.

    pydantic checks only an argument's type, and ``make`` and ``model_construct`` skip even that, so
    nothing else stands between such a value and the rules that read it as an index."""
    for name, domain in ARGS.get(action.kind, ()):
        if not domain.holds(getattr(action, name, None)):
            return domain.refusal, domain.rule
    return None


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
    parts = text.strip().split()
    if not parts:
        raise InvalidAction(msg("An empty text is not a Nipron action."))
    kind, args = parts[0].lower(), parts[1:]
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
    for (name, domain), word in zip(ARGS[kind], args, strict=True):
        values[name] = _read(name, domain, word)
    return ACTION_ADAPTER.validate_python(values)


def _read(name: str, domain: Domain, word: str) -> object:
    value: object
    if isinstance(domain.values, range):
        if not word.isdecimal():
            raise InvalidAction(msg("“{word}” is not a number ({name}).", word=word, name=name))
        try:
            value = int(word)
        except ValueError:  # more digits than int() reads: far outside any domain
            value = None
    else:
        # codes are written in capitals (SILK_A, K1, C1E, A1), words in small letters (silk, white)
        value = word.lower() if word.lower() in domain.values else word.upper()
    if not domain.holds(value):
        raise InvalidAction(domain.refusal, rule=domain.rule)
    return value


def space_index(code: str) -> int:
    """``"C1E"`` -> influence space index (city * 4 + side)."""
    return SPACE_CODES.index(code)


def space_code(index: int) -> str:
    return SPACE_CODES[index]
