"""Player words for everything Nipron writes: plurals, yen, districts, cities and their influence spaces,
contracts, achievements, factories and their bonuses. One place, so that labels, prompts, events, refusals
and the guide say things the same way as the pictures (``render/nipron``), never by an engine code.

Every phrase is a ``Msg`` (engine.core.words): English text that the bot can say again in the reader's
language (catalogues in ``engine/nipron/locales``, terms in ``docs/glossary/nipron-*.tsv``). Goods, colours
and tracks are nouns said on their own, so a translation puts them where no case ending depends on them:
in quotes (фабрика «шовк»), after a colon, or counted with a multiplication sign (папір ×2). An event
told of a seat reads "{who}: <present tense>" in Ukrainian, Russian and Polish, since a player's gender is
unknown; Catalan addresses the reader as "tu" (tria, el teu torn), like every Catalan catalogue. Amounts
of yen are ``money`` (engine.core.words), written the reader's way when said ("¥5,000", "5 000 ¥")."""

from __future__ import annotations

from engine.core.words import Msg, join, money, msg, msg_in, plural, plural_in
from engine.nipron import data

DISTRICT_WORD: tuple[Msg, ...] = (msg("north"), msg("north-central"), msg("south-central"), msg("south"))
GOOD: dict[str, Msg] = {
    "silk": msg("silk"),
    "paper": msg("paper"),
    "bento": msg("bento"),
    "lenses": msg("lenses"),
    "clocks": msg("clocks"),
    "bulbs": msg("bulbs"),
}
GOOD_TITLE: dict[str, Msg] = {
    "silk": msg("Silk"),
    "paper": msg("Paper"),
    "bento": msg("Bento"),
    "lenses": msg("Lenses"),
    "clocks": msg("Clocks"),
    "bulbs": msg("Bulbs"),
}
COLOUR: dict[str, Msg] = {
    "white": msg("white"),
    "yellow": msg("yellow"),
    "orange": msg("orange"),
    "green": msg("green"),
    "blue": msg("blue"),
    "black": msg("black"),
}
# A worker's colour where the worker is taken or missing ("takes an orange worker", "holds no orange
# worker"): Ukrainian, Russian and Polish decline the adjective with the animate noun (помаранчевого
# робітника, оранжевого рабочего, pomarańczowego robotnika), the same form in both places.
WORKER_TAKEN: dict[str, Msg] = {
    "white": msg_in("worker taken", "white"),
    "yellow": msg_in("worker taken", "yellow"),
    "orange": msg_in("worker taken", "orange"),
    "green": msg_in("worker taken", "green"),
    "blue": msg_in("worker taken", "blue"),
    "black": msg_in("worker taken", "black"),
}
TRACK: dict[str, Msg] = {"coal": msg("coal"), "money": msg("money"), "knowledge": msg("knowledge")}
TRANSPORT: dict[str, Msg] = {"train": msg("train"), "ship": msg("ship")}
REWARD_WORDS: dict[str, Msg] = {
    "bp": plural("{n} blueprint", "{n} blueprints", 2),
    "coal": plural("{n} coal", "{n} coal", 2),
    "yen": money(5000, "¥"),
    "none": msg("no bonus"),
}


def good(g: str) -> Msg:
    return GOOD[g]


def yen(amount: int) -> Msg:
    return money(amount, "¥")


def vp(n: int) -> Msg:
    return msg("{n} VP", n=n)


def amount(kind: str, n: int) -> Msg:
    """A bonus of yen, coal, blueprints, goods or VP in words: "¥5,000", "2 coal", "1 blueprint"."""
    if kind == "yen":
        return yen(n)
    if kind == "coal":
        return plural("{n} coal", "{n} coal", n)  # one English word; other languages count coal
    if kind == "vp":
        return vp(n)
    if kind == "bp":
        return plural("{n} blueprint", "{n} blueprints", n)
    return plural("{n} good", "{n} goods", n)


def blueprints_paid(n: int) -> Msg:
    """Blueprints a player pays with ("for ¥6,000 and 1 blueprint"): Russian puts a feminine noun paid
    "за …" in the accusative ("1 схему"), not the nominative of a count on its own ("1 схема")."""
    return plural_in("paid", "{n} blueprint", "{n} blueprints", n)


def goods_of(n: int, g: str) -> Msg:
    """``n`` goods of one kind: "2 silk"."""
    return msg("{n} {good}", n=n, good=GOOD[g])


def steps(n: int, track: str) -> Msg:
    """Steps on a track: "1 coal step", "2 money steps"."""
    if track == "coal":
        return plural("{n} coal step", "{n} coal steps", n)
    if track == "money":
        return plural("{n} money step", "{n} money steps", n)
    return plural("{n} knowledge step", "{n} knowledge steps", n)


def district(d: int) -> Msg:
    """District ``d`` (0-based) as the pictures name it: "District 2 (north-central)"."""
    return msg("District {n} ({direction})", n=d + 1, direction=DISTRICT_WORD[d])


def city(c: int) -> Msg:
    """City ``c`` (0-based, two per district): "the West city of District 2 (north-central)"."""
    where = district(data.city_district(c))
    if c % 2 == 0:
        return msg("the West city of {district}", district=where)
    return msg("the East city of {district}", district=where)


def _short_city(c: int) -> Msg:
    n = data.city_district(c) + 1
    return msg("the West city, District {n}", n=n) if c % 2 == 0 else msg("the East city, District {n}", n=n)


def space(index: int, short: bool = False) -> Msg:
    """An influence space (city * 4 + side) by its direction around its city: "north of the West city
    of District 2 (north-central)"; ``short`` leaves out the district's direction word."""
    c, side = divmod(index, 4)
    where = _short_city(c) if short else city(c)
    return {
        "N": msg("north of {city}", city=where),
        "E": msg("east of {city}", city=where),
        "S": msg("south of {city}", city=where),
        "W": msg("west of {city}", city=where),
    }[data.SIDES[side]]


def contract_need(cid: str) -> str:
    """A contract by its requirement pattern: "2 + 1" (digits and signs, the same in every language)."""
    return " + ".join(str(n) for n in data.CONTRACTS[cid].need)


def contract_need_words(cid: str) -> Msg:
    need = data.CONTRACTS[cid].need
    if len(need) == 1:
        return plural("{n} good of one kind", "{n} goods of one kind", need[0])
    return msg("{need} of {kinds} different goods", need=contract_need(cid), kinds=len(need))


def contract_reward(cid: str) -> Msg:
    k = data.CONTRACTS[cid]
    return yen(k.reward) if k.reward_kind == "yen" else vp(k.reward)


def contract(cid: str) -> Msg:
    """A contract by its pattern, "the 2 + 1 contract"; for one kind only, "the 2-of-one-good contract"."""
    need = data.CONTRACTS[cid].need
    if len(need) == 1:
        return msg("the {n}-of-one-good contract", n=need[0])
    return msg("the {need} contract", need=contract_need(cid))


def achievement(aid: str) -> Msg:
    """An achievement space by its condition: "1 VP per 2 fulfilled contracts"."""
    return data.ACHIEVEMENT_TEXT[aid]


def factory_bonus(tile: str) -> Msg:
    """A factory tile's synergy bonus in a few words (the box's bonus icons)."""
    parts: list[str] = []
    found = [args for code, *args in data.FACTORIES[tile].synergy if code == "STEP"]
    if len(found) == len(data.TRACKS):
        parts.append(msg("+{n} on each track", n=found[0][1]))
    else:
        parts += [join("", ["+", steps(int(n), track)]) for track, n in found]
    for code, *args in data.FACTORIES[tile].synergy:
        if code == "YEN":
            parts.append(yen(int(args[0])))
        elif code in ("BP", "COAL", "VP", "GOODS"):
            parts.append(amount(code.lower(), int(args[0])))
        elif code == "MACH":
            parts.append(plural("{n} machine", "{n} machines", int(args[0])))
        elif code == "VP_PER":
            if args[0] == "any_factory":
                parts.append(msg("{n} VP per factory", n=args[1]))
            else:
                parts.append(msg("{n} VP per level-2/3 factory", n=args[1]))
        elif code == "STAR":
            parts.append(msg("+1 knowledge star") if args[0] == "knowledge" else msg("+1 coal star"))
    return join(", ", parts) if parts else msg("none")


def factory(tile: str, bonus: bool = True, short: bool = False, built: bool = False) -> Msg:
    """A factory tile, "level-2 Lenses factory (bonus: 3 blueprints)": the bonus tells apart tiles of
    one product and level; ``short`` leaves out the word "factory" where a label needs the room;
    ``built`` where it is what a player builds (the accusative: "будує фабрику «Папір» 1-го рівня")."""
    t = data.FACTORIES[tile]
    if built:
        name = msg_in("factory built", "level-{level} {good} factory", level=t.level, good=GOOD_TITLE[t.good])
    elif short:
        name = msg("level-{level} {good}", level=t.level, good=GOOD_TITLE[t.good])
    else:
        name = msg("level-{level} {good} factory", level=t.level, good=GOOD_TITLE[t.good])
    return msg("{factory} (bonus: {bonus})", factory=name, bonus=factory_bonus(tile)) if bonus else name
