"""Player words for everything Nipron writes: plurals, yen, districts, cities and their influence spaces,
contracts, achievements, factories and their bonuses. One place, so that labels, prompts, events, refusals
and the guide say things the same way as the pictures (``render/nipron``), never by an engine code."""

from __future__ import annotations

from engine.nipron import data

DISTRICT_WORD: tuple[str, ...] = ("north", "north-central", "south-central", "south")
CITY_WORD: tuple[str, ...] = ("West city", "East city")
SIDE_WORD: dict[str, str] = {"N": "north", "E": "east", "S": "south", "W": "west"}
UNIT: dict[str, tuple[str, str]] = {
    "bp": ("blueprint", "blueprints"),
    "coal": ("coal", "coal"),
    "vp": ("VP", "VP"),
    "goods": ("good", "goods"),
}
REWARD_WORDS: dict[str, str] = {"bp": "2 blueprints", "coal": "2 coal", "yen": "¥5,000", "none": "no bonus"}


def count(n: int, one: str, many: str | None = None) -> str:
    """``count(1, "good")`` = "1 good", ``count(2, "good")`` = "2 goods"; ``many`` for irregular plurals."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def yen(amount: int) -> str:
    return f"¥{amount:,}"


def amount(kind: str, n: int) -> str:
    """A bonus of yen, coal, blueprints, goods or VP in words: "¥5,000", "2 coal", "1 blueprint"."""
    if kind == "yen":
        return yen(n)
    one, many = UNIT[kind]
    return count(n, one, many)


def district(d: int) -> str:
    """District ``d`` (0-based) as the pictures name it: "District 2 (north-central)"."""
    return f"District {d + 1} ({DISTRICT_WORD[d]})"


def city(c: int) -> str:
    """City ``c`` (0-based, two per district): "the West city of District 2 (north-central)"."""
    return f"the {CITY_WORD[c % 2]} of {district(data.city_district(c))}"


def space(index: int, short: bool = False) -> str:
    """An influence space (city * 4 + side) by its direction around its city: "north of the West city
    of District 2 (north-central)"; ``short`` leaves out the district's direction word."""
    c, side = divmod(index, 4)
    where = f"the {CITY_WORD[c % 2]}, District {data.city_district(c) + 1}" if short else city(c)
    return f"{SIDE_WORD[data.SIDES[side]]} of {where}"


def contract_need(cid: str) -> str:
    """A contract by its requirement pattern: "2 + 1"."""
    return " + ".join(str(n) for n in data.CONTRACTS[cid].need)


def contract_need_words(cid: str) -> str:
    need = data.CONTRACTS[cid].need
    if len(need) == 1:
        return f"{count(need[0], 'good')} of one kind"
    return " + ".join(map(str, need)) + f" of {len(need)} different goods"


def contract_reward(cid: str) -> str:
    k = data.CONTRACTS[cid]
    return yen(k.reward) if k.reward_kind == "yen" else f"{k.reward} VP"


def contract(cid: str) -> str:
    """A contract by its pattern, "the 2 + 1 contract"; for one kind only, "the 2-of-one-good contract"."""
    need = data.CONTRACTS[cid].need
    if len(need) == 1:
        return f"the {need[0]}-of-one-good contract"
    return f"the {contract_need(cid)} contract"


def achievement(aid: str) -> str:
    """An achievement space by its condition: "1 VP per 2 fulfilled contracts"."""
    return data.ACHIEVEMENT_TEXT[aid]


def factory_bonus(tile: str) -> str:
    """A factory tile's synergy bonus in a few words (the box's bonus icons)."""
    parts: list[str] = []
    steps = [args for code, *args in data.FACTORIES[tile].synergy if code == "STEP"]
    if len(steps) == len(data.TRACKS):
        parts.append(f"+{steps[0][1]} on each track")
    elif steps:
        tracks = "/".join(track for track, _ in steps)
        parts.append(f"+{count(int(steps[0][1]), tracks + ' step')}")
    for code, *args in data.FACTORIES[tile].synergy:
        if code == "YEN":
            parts.append(yen(int(args[0])))
        elif code.lower() in UNIT:
            parts.append(amount(code.lower(), int(args[0])))
        elif code == "MACH":
            parts.append(count(int(args[0]), "machine"))
        elif code == "VP_PER":
            what = "factory" if args[0] == "any_factory" else "level-2/3 factory"
            parts.append(f"{args[1]} VP per {what}")
        elif code == "STAR":
            parts.append(f"+1 {args[0]} star")
    return ", ".join(parts) or "none"


def factory(tile: str, bonus: bool = True, short: bool = False) -> str:
    """A factory tile, "level-2 Lenses factory (bonus: 3 blueprints)": the bonus tells apart tiles of
    one product and level; ``short`` leaves out the word "factory" where a label needs the room."""
    t = data.FACTORIES[tile]
    name = f"level-{t.level} {t.good.capitalize()}" + ("" if short else " factory")
    return f"{name} (bonus: {factory_bonus(tile)})" if bonus else name


def a_an(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"
