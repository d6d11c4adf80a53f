"""Button labels (≤ 80 characters) for each action, as seen by the acting seat, with costs and effects."""

from __future__ import annotations

from engine.core import MAX_LABEL
from engine.nipron import data
from engine.nipron.actions import (
    Achieve,
    Action,
    Bump,
    Consolidate,
    Export,
    Give,
    Invest,
    Machine,
    Machines,
    Put,
    Reward,
    Run,
    Sell,
    Steps,
    Take,
    Trade,
    Transport,
    space_index,
)
from engine.nipron.rules.common import a_an, colours_held, level, plural, yen
from engine.nipron.rules.consolidate import reward_level
from engine.nipron.rules.factories import shortfall
from engine.nipron.rules.market import max_value
from engine.nipron.state import NipronState

UNIT = {"bp": "blueprints", "coal": "coal", "vp": "VP"}
BONUS_WORDS = {"bp": "2 blueprints", "coal": "2 coal", "yen": "¥5,000", "none": "no bonus"}


def synergy_words(tile: str) -> str:
    """A factory tile's synergy bonus in a few words (§7.3)."""
    words: list[str] = []
    steps = [args for code, *args in data.FACTORIES[tile].synergy if code == "STEP"]
    if steps:
        # several one-step bonuses read as one: "+1 coal/money/knowledge"
        words.append(f"+{steps[0][1]} " + "/".join(track for track, _ in steps))
    for code, *args in data.FACTORIES[tile].synergy:
        if code == "YEN":
            words.append(yen(int(args[0])))
        elif code in ("COAL", "BP", "VP", "GOODS"):
            words.append(f"{args[0]} {UNIT[code.lower()] if code != 'GOODS' else 'goods'}")
        elif code == "MACH":
            words.append(plural(int(args[0]), "machine"))
        elif code == "VP_PER":
            what = "factory" if args[0] == "any_factory" else "L2/L3"
            words.append(f"{args[1]} VP per {what}")
        elif code == "STAR":
            words.append(f"end {args[0]} star")
    return ", ".join(words)


def describe(state: NipronState, seat: int, a: Action) -> str:
    return _label(state, seat, a)[:MAX_LABEL]


def _label(state: NipronState, seat: int, a: Action) -> str:
    z = state.zaibatsu[seat]
    if isinstance(a, Trade):
        return f"Trade 3 blueprints for +1 {a.track} step"
    if isinstance(a, Take):
        names = " or ".join(data.ACTION_NAMES[n] for n in data.ACTION_SPACES[a.space - 1])
        return f"Take {a_an(a.colour)} worker from space {a.space} ({names})"
    if isinstance(a, Consolidate):
        return (
            f"Consolidate: budget {yen(level(z, 'money'))} and {level(z, 'coal')} coal, "
            f"pay {yen(data.WORKFORCE_COST * colours_held(z))} for workers"
        )
    if isinstance(a, Steps):
        track = "knowledge" if a.kind == "knowledge" else "coal"
        cost = yen(data.TRACK_STEP_COST[a.steps])
        return f"{data.ACTION_NAMES[a.kind]}: {track} +{plural(a.steps, 'step')} for {cost}"
    if isinstance(a, Run):
        f = z.factory(a.good)
        if f is None:
            return f"Production: run your {a.good} factory"
        tile = data.FACTORIES[f.tile]
        made = min(1 + f.machine, tile.storage - f.goods)
        return f"Production: run your {a.good} factory, {tile.coal} coal for {plural(made, 'good')}"
    if isinstance(a, Invest):
        s = shortfall(z, a.tile)
        extra = f" + {plural(s, 'blueprint')}" if s else ""
        t = data.FACTORIES[a.tile]
        return (
            f"Build {t.good.capitalize()} L{t.level} ({a.tile}), {yen(data.INVEST_COST)}{extra}; "
            f"bonus {synergy_words(a.tile)}"
        )
    if isinstance(a, Machines):
        return f"Machines: {plural(a.count, 'improvement')} for {yen(data.MACHINE_COST * a.count)}"
    if isinstance(a, Machine):
        f = z.factory(a.good)
        now = f.machine if f else 0
        return f"Machine on your {a.good} factory (+{now} → +{now + 1})"
    if isinstance(a, Transport):
        return f"Build a {a.kind} in district {a.district} for {yen(data.TRANSPORT_COST)}"
    if isinstance(a, Export):
        c = data.CONTRACTS[a.contract]
        reward = yen(c.reward) if c.reward_kind == "yen" else f"{c.reward} VP"
        need = (
            f"{c.need[0]} of one good"
            if len(c.need) == 1
            else "+".join(map(str, c.need)) + " of different goods"
        )
        money = f", +{plural(c.money_steps, 'money step')}" if c.money_steps else ""
        return f"Export {c.id} ({need}): {reward}{money}"
    if isinstance(a, Give):
        cube = data.CONTRACTS[state.contract].need[len(state.given)] if state.contract else 0
        return f"Deliver {cube} {a.good} for this contract"
    if isinstance(a, Sell):
        return f"Local Market: discard {a.cubes} {a.good} for a tile of value ≤ {max_value(a.good, a.cubes)}"
    if isinstance(a, Put):
        s = space_index(a.space)
        kind, amount = data.DISTRICT_BONUS[data.city_district(s // 4)]
        bonus = yen(amount) if kind == "yen" else f"{amount} {UNIT[kind]}"
        taken = f", replacing a {state.values[s]}" if state.values[s] else ""
        return f"Place your {a.value} on {a.space} (district {s // 8 + 1}, bonus {bonus}){taken}"
    if isinstance(a, Bump):
        return f"Return the value-{state.values[space_index(a.space)]} tile on {a.space} to its owner"
    if isinstance(a, Reward):
        return f"Reward: {BONUS_WORDS[a.bonus]} and a {a.mult}x multiplier (level {reward_level(z)})"
    if isinstance(a, Achieve):
        return f"Put the {state.reward_mult}x tile on {a.space}: {data.ACHIEVEMENT_TEXT[a.space]}"
    if a.kind == "budget":
        return f"Take your budget: {yen(level(z, 'money'))} and {level(z, 'coal')} coal"
    if a.kind == "pay":
        return (
            f"Pay {yen(data.WORKFORCE_COST * colours_held(z))} for {plural(colours_held(z), 'worker colour')}"
        )
    return "End your turn"
