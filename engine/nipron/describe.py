"""Button labels (≤ 80 characters) for each action, as seen by the acting seat, with costs and effects."""

from __future__ import annotations

from engine.core import MAX_LABEL
from engine.nipron import data, words
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


def describe(state: NipronState, seat: int, a: Action) -> str:
    label = _label(state, seat, a)
    assert len(label) <= MAX_LABEL, label  # shorten the wording, never cut
    return label


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
        return f"{data.ACTION_NAMES[a.kind]}: +{plural(a.steps, track + ' step')} for {cost}"
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
        label = f"Invest {yen(data.INVEST_COST)}{extra}: {words.factory(a.tile)}"
        if len(label) > MAX_LABEL:
            label = f"Invest {yen(data.INVEST_COST)}{extra}: {words.factory(a.tile, short=True)}"
        return label
    if isinstance(a, Machines):
        return f"Machines: {plural(a.count, 'improvement')} for {yen(data.MACHINE_COST * a.count)}"
    if isinstance(a, Machine):
        f = z.factory(a.good)
        now = f.machine if f else 0
        return f"Machine on your {a.good} factory (+{now} → +{now + 1})"
    if isinstance(a, Transport):
        return f"Build a {a.kind} in {words.district(a.district - 1)} for {yen(data.TRANSPORT_COST)}"
    if isinstance(a, Export):
        c = data.CONTRACTS[a.contract]
        money = f", +{plural(c.money_steps, 'money step')}" if c.money_steps else ""
        return (
            f"Export {words.contract_need_words(a.contract)} for {words.contract_reward(a.contract)}{money}"
        )
    if isinstance(a, Give):
        cube = data.CONTRACTS[state.contract].need[len(state.given)] if state.contract else 0
        return f"Deliver {cube} {a.good} for this contract"
    if isinstance(a, Sell):
        return f"Local Market: discard {a.cubes} {a.good} for a tile of value ≤ {max_value(a.good, a.cubes)}"
    if isinstance(a, Put):
        s = space_index(a.space)
        kind, amount = data.DISTRICT_BONUS[data.city_district(s // 4)]
        taken = f", covering a {state.values[s]}" if state.values[s] else ""
        where = f"{words.space(s, short=True)}: +{words.amount(kind, amount)}{taken}"
        label = f"Place your value-{a.value} tile {where}"
        if len(label) > MAX_LABEL:
            label = f"Value-{a.value} tile {where}"
        return label
    if isinstance(a, Bump):
        s = space_index(a.space)
        return f"Return the value-{state.values[s]} tile {words.space(s, short=True)} to its owner"
    if isinstance(a, Reward):
        return (
            f"Reward: {words.REWARD_WORDS[a.bonus]} and a {a.mult}x multiplier (your level {reward_level(z)})"
        )
    if isinstance(a, Achieve):
        return f"Put the {state.reward_mult}x tile on the achievement “{words.achievement(a.space)}”"
    if a.kind == "budget":
        return f"Take your budget: {yen(level(z, 'money'))} and {level(z, 'coal')} coal"
    if a.kind == "pay":
        return (
            f"Pay {yen(data.WORKFORCE_COST * colours_held(z))} for {plural(colours_held(z), 'worker colour')}"
        )
    return "End your turn"
