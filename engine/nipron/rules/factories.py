"""Factory actions: Invest (§4.5.1), Machines (§4.5.2) and Production (§4.5.3)."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import Msg, join, msg, plural
from engine.nipron import data, words
from engine.nipron.factory_words import factory_of
from engine.nipron.rules.common import (
    Reason,
    did,
    ev,
    factory_words,
    gain,
    good_of,
    level,
    move_track,
    who,
)
from engine.nipron.state import Factory, NipronState, Zaibatsu
from engine.nipron.words import yen

# --- Invest ---------------------------------------------------------------------------------------


def shortfall(z: Zaibatsu, tile: str) -> int:
    """Blueprints needed to cover missing knowledge (§4.5.1 step 2)."""
    need = data.KNOWLEDGE_FOR_LEVEL[data.FACTORIES[tile].level]
    return max(0, need - level(z, "knowledge"))


def check_invest(state: NipronState, z: Zaibatsu, tile: str) -> Reason:
    if tile not in state.supply:
        return msg("The {factory} is no longer in the supply.", factory=factory_words(tile)), "§4.5.1"
    if z.factory(good_of(tile)) is not None:
        return msg(
            "You already own a {good} factory; one factory per good.", good=words.good(good_of(tile))
        ), "§4.5.1"
    if z.yen < data.INVEST_COST:
        return msg(
            "Invest costs {cost}; you have {have}.", cost=yen(data.INVEST_COST), have=yen(z.yen)
        ), "§4.5.1"
    s = shortfall(z, tile)
    if z.blueprints < s:
        return (
            msg(
                "You lack {n} knowledge and hold only {blueprints} to cover it.",
                n=s,
                blueprints=words.amount("bp", z.blueprints),
            ),
            "§4.5.1",
        )
    return None


def do_invest(state: NipronState, seat: int, tile: str, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    s = shortfall(z, tile)
    z.yen -= data.INVEST_COST
    z.blueprints -= s
    state.supply.remove(tile)
    factory = Factory(tile=tile)
    z.factories.append(factory)
    cost = yen(data.INVEST_COST)
    if s:
        deed = msg(
            "built a {factory} for {cost} and {blueprints}",
            factory=words.factory(tile, built=True),
            cost=cost,
            blueprints=words.blueprints_paid(s),
        )
    else:
        deed = msg("built a {factory} for {cost}", factory=words.factory(tile, built=True), cost=cost)
    events.append(
        ev(
            "invest",
            did(seat, deed),
            seat,
            True,
            tile=tile,
        )
    )
    bonus = synergy(state, seat, factory)
    if bonus:
        text = msg("{who} gained the factory's synergy bonus: {bonus}.", who=who(seat), bonus=bonus)
        events.append(ev("synergy", text, seat))
    # §4.5.1 step 6, [I §10.8] after the synergy bonus: mandatory machine placement from the
    # personal supply, +1, then a second tile flips it to +2.
    if z.machines:
        z.machines -= 1
        factory.machine = 1
        if z.machines:
            z.machines -= 1
            factory.machine = 2
        text = msg("{who} placed a +{n} machine from their supply.", who=who(seat), n=factory.machine)
        events.append(ev("machine", text, seat))


def synergy(state: NipronState, seat: int, factory: Factory) -> Msg:
    """Resolve a tile's synergy bonus once, on building (P7); STAR effects act at final scoring."""
    z = state.zaibatsu[seat]
    tile = data.FACTORIES[factory.tile]
    said: list[Msg] = []
    for code, *args in tile.synergy:
        if code in ("YEN", "COAL", "BP", "VP"):
            said.append(gain(z, code.lower(), int(args[0]), "factories"))
        elif code == "STEP":
            moved = move_track(z, args[0], int(args[1]))
            said.append(words.steps(moved, args[0]))
        elif code == "MACH":
            z.machines += int(args[0])
            said.append(plural("{n} machine to the supply", "{n} machines to the supply", int(args[0])))
        elif code == "GOODS":
            added = min(int(args[0]), tile.storage - factory.goods)
            factory.goods += added
            said.append(plural("{n} goods", "{n} goods", added))  # the English says "goods" even for one
        elif code == "VP_PER":
            count = sum(
                1 for f in z.factories if args[0] == "any_factory" or data.FACTORIES[f.tile].level >= 2
            )
            said.append(gain(z, "vp", count * int(args[1]), "factories"))
        elif code == "STAR":
            if args[0] == "knowledge":
                said.append(msg("an extra star for the knowledge achievement"))
            else:
                said.append(msg("an extra star for the coal achievement"))
    return join(", ", said)


# --- Machines -------------------------------------------------------------------------------------


def check_machines(z: Zaibatsu, count: int) -> Reason:
    if z.yen < data.MACHINE_COST * count:
        return (
            plural(
                "{n} improvement costs {cost}; you have {have}.",
                "{n} improvements cost {cost}; you have {have}.",
                count,
                cost=yen(data.MACHINE_COST * count),
                have=yen(z.yen),
            ),
            "§4.5.2",
        )
    return None


def machine_targets(z: Zaibatsu) -> list[str]:
    """Goods of the factories an improvement may go to: an empty machine space or a +1 (§4.5.2)."""
    return [good_of(f.tile) for f in z.factories if f.machine < 2]


def do_machines(state: NipronState, seat: int, count: int, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    # All n improvements are paid at once: the same as paying before each one, since the player must
    # afford all n when declaring them (perform fully, §4.3) and nothing in between earns yen.
    z.yen -= data.MACHINE_COST * count
    state.todo = count
    events.append(
        ev(
            "machines",
            did(
                seat,
                plural(
                    "paid {cost} for {n} machine improvement",
                    "paid {cost} for {n} machine improvements",
                    count,
                    cost=yen(data.MACHINE_COST * count),
                ),
            ),
            seat,
        )
    )


def check_machine(state: NipronState, z: Zaibatsu, good: str) -> Reason:
    if good not in machine_targets(z):
        return (
            msg(
                "You have no {good} factory that can take a machine (empty space or +1).",
                good=words.good(good),
            ),
            "§4.5.2",
        )
    return None


def do_machine(state: NipronState, seat: int, good: str, events: list[Event]) -> None:
    """One improvement: build a +1 on an empty machine space, or flip a +1 to +2 (§4.5.2 step 2)."""
    z = state.zaibatsu[seat]
    f = z.factory(good)
    assert f is not None
    f.machine += 1
    state.todo -= 1
    if f.machine == 1:
        text = msg("{who} placed a +1 machine on their {good} factory.", who=who(seat), good=factory_of(good))
    else:
        text = msg(
            "{who} upgraded to +2 the machine of their {good} factory.", who=who(seat), good=factory_of(good)
        )
    events.append(ev("machine", text, seat, True, good=good))


def machine_to_supply(state: NipronState, seat: int, events: list[Event]) -> None:
    """§4.5.2 step 3: no factory can take it, so the machine goes to the personal supply."""
    z = state.zaibatsu[seat]
    z.machines += 1
    state.todo -= 1
    events.append(ev("machine", msg("{who} put a machine into their personal supply.", who=who(seat)), seat))


# --- Production -----------------------------------------------------------------------------------


def check_run(state: NipronState, z: Zaibatsu, good: str) -> Reason:
    f = z.factory(good)
    if f is None:
        return msg("You own no {good} factory.", good=words.good(good)), "§4.5.3"
    if good in state.used:
        return msg("Your {good} factory already ran this turn.", good=words.good(good)), "§4.5.3"
    tile = data.FACTORIES[f.tile]
    if f.goods >= tile.storage:
        return msg("Your {good} factory's storage is full.", good=words.good(good)), "§4.5.3"
    if z.coal < tile.coal:
        return (
            msg(
                "Running the {good} factory takes {coal}; you have {have}.",
                good=words.good(good),
                coal=words.amount("coal", tile.coal),
                have=z.coal,
            ),
            "§4.5.3",
        )
    return None


def do_run(state: NipronState, seat: int, good: str, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    f = z.factory(good)
    assert f is not None
    tile = data.FACTORIES[f.tile]
    z.coal -= tile.coal
    made = min(1 + f.machine, tile.storage - f.goods)  # goods that do not fit are not taken
    f.goods += made
    state.used.append(good)
    events.append(
        ev(
            "produce",
            did(
                seat,
                msg(
                    "ran their {good} factory for {coal} and made {goods}",
                    good=words.good(good),
                    coal=words.amount("coal", tile.coal),
                    goods=words.amount("goods", made),
                ),
            ),
            seat,
        )
    )
