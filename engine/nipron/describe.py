"""Button labels (≤ 80 characters) for each action, as seen by the acting seat, with costs and effects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import MAX_LABEL
from engine.core.words import Msg, either, msg, plural
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
    Word,
    space_index,
)
from engine.nipron.factory_words import factory_of
from engine.nipron.rules.common import colours_held, level
from engine.nipron.rules.consolidate import reward_level
from engine.nipron.rules.factories import shortfall
from engine.nipron.rules.market import max_value
from engine.nipron.state import NipronState
from engine.nipron.words import yen

# An Invest label whose English passes ROOM names the factory without the word "factory", leaving a
# fifth of MAX_LABEL for languages with longer words (tests/engine/nipron/test_languages.py).
ROOM = MAX_LABEL * 4 // 5


def describe(state: NipronState, seat: int, a: Action) -> Msg:
    label = _label(state, seat, a)
    assert len(label) <= MAX_LABEL, label  # shorten the wording, never cut
    return label


def _label(state: NipronState, seat: int, a: Action) -> Msg:
    return _LABELS.get(a.kind, _end)(state, seat, a)


def _trade(state: NipronState, seat: int, a: Trade) -> Msg:
    return msg("Trade 3 blueprints for +1 {track} step", track=words.TRACK[a.track])


def _take(state: NipronState, seat: int, a: Take) -> Msg:
    offered = [data.ACTION_NAMES[n] for n in data.ACTION_SPACES[a.space - 1]]
    names = either(offered)
    colour = words.WORKER_TAKEN[a.colour]
    if a.colour[:1] in "aeiou":
        return msg(
            "Take an {colour} worker from space {space} ({names})",
            colour=colour,
            space=a.space,
            names=names,
        )
    return msg(
        "Take a {colour} worker from space {space} ({names})", colour=colour, space=a.space, names=names
    )


def _consolidate(state: NipronState, seat: int, a: Consolidate) -> Msg:
    z = state.zaibatsu[seat]
    return msg(
        "Consolidate: budget {yen} and {coal}, pay {cost} for workers",
        yen=yen(level(z, "money")),
        coal=words.amount("coal", level(z, "coal")),
        cost=yen(data.WORKFORCE_COST * colours_held(z)),
    )


def _steps(state: NipronState, seat: int, a: Steps) -> Msg:
    track = "knowledge" if a.kind == "knowledge" else "coal"
    cost = yen(data.TRACK_STEP_COST[a.steps])
    return msg(
        "{action}: +{steps} for {cost}",
        action=data.ACTION_NAMES[a.kind],
        steps=words.steps(a.steps, track),
        cost=cost,
    )


def _run(state: NipronState, seat: int, a: Run) -> Msg:
    f = state.zaibatsu[seat].factory(a.good)
    if f is None:
        return msg("Production: run your {good} factory", good=words.good(a.good))
    tile = data.FACTORIES[f.tile]
    made = min(1 + f.machine, tile.storage - f.goods)
    return msg(
        "Production: run your {good} factory, {coal} for {goods}",
        good=words.good(a.good),
        coal=words.amount("coal", tile.coal),
        goods=words.amount("goods", made),
    )


def _invest(state: NipronState, seat: int, a: Invest) -> Msg:
    s = shortfall(state.zaibatsu[seat], a.tile)
    cost = yen(data.INVEST_COST)
    for short in (False, True):
        factory = words.factory(a.tile, short=short)
        if s:
            label = msg(
                "Invest {cost} + {blueprints}: {factory}",
                cost=cost,
                blueprints=words.amount("bp", s),
                factory=factory,
            )
        else:
            label = msg("Invest {cost}: {factory}", cost=cost, factory=factory)
        if len(label) <= ROOM:
            break
    return label


def _machines(state: NipronState, seat: int, a: Machines) -> Msg:
    return plural(
        "Machines: {n} improvement for {cost}",
        "Machines: {n} improvements for {cost}",
        a.count,
        cost=yen(data.MACHINE_COST * a.count),
    )


def _machine(state: NipronState, seat: int, a: Machine) -> Msg:
    f = state.zaibatsu[seat].factory(a.good)
    now = f.machine if f else 0
    return msg(
        "Machine on your {good} factory (+{now} → +{next})",
        good=factory_of(a.good),
        now=now,
        next=now + 1,
    )


def _transport(state: NipronState, seat: int, a: Transport) -> Msg:
    return msg(
        "Build a {kind} in {district} for {cost}",
        kind=words.TRANSPORT[a.kind],
        district=words.district(a.district - 1),
        cost=yen(data.TRANSPORT_COST),
    )


def _export(state: NipronState, seat: int, a: Export) -> Msg:
    c = data.CONTRACTS[a.contract]
    need, reward = words.contract_need_words(a.contract), words.contract_reward(a.contract)
    if c.money_steps:
        return msg(
            "Export {need} for {reward}, +{steps}",
            need=need,
            reward=reward,
            steps=words.steps(c.money_steps, "money"),
        )
    return msg("Export {need} for {reward}", need=need, reward=reward)


def _give(state: NipronState, seat: int, a: Give) -> Msg:
    cube = data.CONTRACTS[state.contract].need[len(state.given)] if state.contract else 0
    return msg("Deliver {goods} for this contract", goods=words.goods_of(cube, a.good))


def _sell(state: NipronState, seat: int, a: Sell) -> Msg:
    return msg(
        "Local Market: discard {goods} for a tile of value ≤ {top}",
        goods=words.goods_of(a.cubes, a.good),
        top=max_value(a.good, a.cubes),
    )


def _put(state: NipronState, seat: int, a: Put) -> Msg:
    s = space_index(a.space)
    kind, amount = data.DISTRICT_BONUS[data.city_district(s // 4)]
    said = {"value": a.value, "space": words.space(s, short=True), "bonus": words.amount(kind, amount)}
    if state.values[s]:
        label = msg(
            "Place your value-{value} tile {space}: +{bonus}, covering a {covered}",
            covered=state.values[s],
            **said,
        )
        if len(label) > MAX_LABEL:
            label = msg(
                "Value-{value} tile {space}: +{bonus}, covering a {covered}",
                covered=state.values[s],
                **said,
            )
    else:
        label = msg("Place your value-{value} tile {space}: +{bonus}", **said)
        if len(label) > MAX_LABEL:
            label = msg("Value-{value} tile {space}: +{bonus}", **said)
    return label


def _bump(state: NipronState, seat: int, a: Bump) -> Msg:
    s = space_index(a.space)
    return msg(
        "Return the value-{value} tile {space} to its owner",
        value=state.values[s],
        space=words.space(s, short=True),
    )


def _reward(state: NipronState, seat: int, a: Reward) -> Msg:
    return msg(
        "Reward: {bonus} and a ×{mult} multiplier (your level {level})",
        bonus=words.REWARD_WORDS[a.bonus],
        mult=a.mult,
        level=reward_level(state.zaibatsu[seat]),
    )


def _achieve(state: NipronState, seat: int, a: Achieve) -> Msg:
    return msg(
        "Put the {mult}x tile on the achievement “{achievement}”",
        mult=state.reward_mult,
        achievement=words.achievement(a.space),
    )


def _budget(state: NipronState, seat: int, a: Word) -> Msg:
    z = state.zaibatsu[seat]
    return msg(
        "Take your budget: {yen} and {coal}",
        yen=yen(level(z, "money")),
        coal=words.amount("coal", level(z, "coal")),
    )


def _pay(state: NipronState, seat: int, a: Word) -> Msg:
    held = colours_held(state.zaibatsu[seat])
    return plural(
        "Pay {cost} for {n} worker colour",
        "Pay {cost} for {n} worker colours",
        held,
        cost=yen(data.WORKFORCE_COST * held),
    )


def _end(state: NipronState, seat: int, a: Action) -> Msg:
    return msg("End your turn")


# The label of each action, by its kind (the first word of its notation).
_LABELS: dict[str, Callable[[NipronState, int, Any], Msg]] = {
    "trade": _trade,
    "take": _take,
    "consolidate": _consolidate,
    "knowledge": _steps,
    "mines": _steps,
    "run": _run,
    "invest": _invest,
    "machines": _machines,
    "machine": _machine,
    "train": _transport,
    "ship": _transport,
    "export": _export,
    "give": _give,
    "sell": _sell,
    "put": _put,
    "bump": _bump,
    "reward": _reward,
    "achieve": _achieve,
    "budget": _budget,
    "pay": _pay,
    "end": _end,
}
