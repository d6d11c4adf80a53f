"""Factory actions: Invest (§4.5.1), Machines (§4.5.2) and Production (§4.5.3)."""

from __future__ import annotations

from engine.core import Event
from engine.nipron import data
from engine.nipron.rules.common import (
    Reason,
    ev,
    factory_words,
    gain,
    good_of,
    level,
    move_track,
    plural,
    yen,
)
from engine.nipron.state import Factory, NipronState, Zaibatsu

# --- Invest ---------------------------------------------------------------------------------------


def shortfall(z: Zaibatsu, tile: str) -> int:
    """Blueprints needed to cover missing knowledge (§4.5.1 step 2)."""
    need = data.KNOWLEDGE_FOR_LEVEL[data.FACTORIES[tile].level]
    return max(0, need - level(z, "knowledge"))


def check_invest(state: NipronState, z: Zaibatsu, tile: str) -> Reason:
    if tile not in state.supply:
        return f"The {factory_words(tile)} is no longer in the supply.", "§4.5.1"
    if z.factory(good_of(tile)) is not None:
        return f"You already own a {good_of(tile)} factory; one factory per good.", "§4.5.1"
    if z.yen < data.INVEST_COST:
        return f"Invest costs {yen(data.INVEST_COST)}; you have {yen(z.yen)}.", "§4.5.1"
    s = shortfall(z, tile)
    if z.blueprints < s:
        return (
            f"You lack {s} knowledge and hold only {plural(z.blueprints, 'blueprint')} to cover it.",
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
    extra = f" and {s} blueprint{'s' if s != 1 else ''}" if s else ""
    events.append(
        ev(
            "invest",
            f"{{p{seat}}} built a {factory_words(tile)} for {yen(data.INVEST_COST)}{extra}.",
            seat,
            True,
            tile=tile,
        )
    )
    bonus = synergy(state, seat, factory)
    if bonus:
        events.append(ev("synergy", f"{{p{seat}}} gained the factory's synergy bonus: {bonus}.", seat))
    # §4.5.1 step 6, [I §10.8] after the synergy bonus: mandatory machine placement from the
    # personal supply, +1, then a second tile flips it to +2.
    if z.machines:
        z.machines -= 1
        factory.machine = 1
        if z.machines:
            z.machines -= 1
            factory.machine = 2
        events.append(
            ev("machine", f"{{p{seat}}} placed a +{factory.machine} machine from their supply.", seat)
        )


def synergy(state: NipronState, seat: int, factory: Factory) -> str:
    """Resolve a tile's synergy bonus once, on building (P7); STAR effects act at final scoring."""
    z = state.zaibatsu[seat]
    tile = data.FACTORIES[factory.tile]
    words: list[str] = []
    for code, *args in tile.synergy:
        if code == "YEN":
            words.append(gain(z, "yen", int(args[0]), "factories"))
        elif code == "COAL":
            words.append(gain(z, "coal", int(args[0]), "factories"))
        elif code == "BP":
            words.append(gain(z, "bp", int(args[0]), "factories"))
        elif code == "VP":
            words.append(gain(z, "vp", int(args[0]), "factories"))
        elif code == "STEP":
            moved = move_track(z, args[0], int(args[1]))
            words.append(f"{moved} {args[0]} step{'s' if moved != 1 else ''}")
        elif code == "MACH":
            z.machines += int(args[0])
            words.append(f"{args[0]} machine{'s' if args[0] != '1' else ''} to the supply")
        elif code == "GOODS":
            added = min(int(args[0]), tile.storage - factory.goods)
            factory.goods += added
            words.append(f"{added} goods")
        elif code == "VP_PER":
            count = sum(
                1 for f in z.factories if args[0] == "any_factory" or data.FACTORIES[f.tile].level >= 2
            )
            words.append(gain(z, "vp", count * int(args[1]), "factories"))
        elif code == "STAR":
            words.append(f"an extra star for the {args[0]} achievement")
    return ", ".join(words)


# --- Machines -------------------------------------------------------------------------------------


def check_machines(z: Zaibatsu, count: int) -> Reason:
    if z.yen < data.MACHINE_COST * count:
        return f"{count} improvements cost {yen(data.MACHINE_COST * count)}; you have {yen(z.yen)}.", "§4.5.2"
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
            f"{{p{seat}}} paid {yen(data.MACHINE_COST * count)} for {plural(count, 'machine improvement')}.",
            seat,
        )
    )


def check_machine(state: NipronState, z: Zaibatsu, good: str) -> Reason:
    if good not in machine_targets(z):
        return f"You have no {good} factory that can take a machine (empty space or +1).", "§4.5.2"
    return None


def do_machine(state: NipronState, seat: int, good: str, events: list[Event]) -> None:
    """One improvement: build a +1 on an empty machine space, or flip a +1 to +2 (§4.5.2 step 2)."""
    z = state.zaibatsu[seat]
    f = z.factory(good)
    assert f is not None
    f.machine += 1
    state.todo -= 1
    verb = "placed a +1 machine on" if f.machine == 1 else "upgraded to +2 the machine of"
    events.append(ev("machine", f"{{p{seat}}} {verb} their {good} factory.", seat, True, good=good))


def machine_to_supply(state: NipronState, seat: int, events: list[Event]) -> None:
    """§4.5.2 step 3: no factory can take it, so the machine goes to the personal supply."""
    z = state.zaibatsu[seat]
    z.machines += 1
    state.todo -= 1
    events.append(ev("machine", f"{{p{seat}}} put a machine into their personal supply.", seat))


# --- Production -----------------------------------------------------------------------------------


def check_run(state: NipronState, z: Zaibatsu, good: str) -> Reason:
    f = z.factory(good)
    if f is None:
        return f"You own no {good} factory.", "§4.5.3"
    if good in state.used:
        return f"Your {good} factory already ran this turn.", "§4.5.3"
    tile = data.FACTORIES[f.tile]
    if f.goods >= tile.storage:
        return f"Your {good} factory's storage is full.", "§4.5.3"
    if z.coal < tile.coal:
        return f"Running the {good} factory takes {tile.coal} coal; you have {z.coal}.", "§4.5.3"
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
            f"{{p{seat}}} ran their {good} factory for {tile.coal} coal and made {plural(made, 'good')}.",
            seat,
        )
    )
