"""Export (§4.5.8): fulfil a contract, one cube's good type at a time, all at once or not at all."""

from __future__ import annotations

from engine.core import Event
from engine.nipron import data, words
from engine.nipron.rules.common import Reason, ev, gain, good_of, move_track
from engine.nipron.state import NipronState, Zaibatsu


def stock(z: Zaibatsu) -> dict[str, int]:
    return {good_of(f.tile): f.goods for f in z.factories}


def assignable(need: tuple[int, ...], goods: dict[str, int]) -> bool:
    """Can each count in ``need`` be matched to a different good type with enough goods?"""
    if not need:
        return True
    first, rest = need[0], need[1:]
    for good, n in goods.items():
        if n >= first and assignable(rest, {g: m for g, m in goods.items() if g != good}):
            return True
    return False


def check_export(z: Zaibatsu, contract: str) -> Reason:
    if contract not in z.contracts:
        return f"{words.contract(contract).capitalize()} is not face up in front of you.", "§4.5.8"
    if not assignable(data.CONTRACTS[contract].need, stock(z)):
        return (
            f"Your goods cannot meet {words.contract(contract)} ({words.contract_need_words(contract)}).",
            "§4.5.8",
        )
    return None


def do_export(state: NipronState, seat: int, contract: str) -> None:
    state.contract = contract
    state.given = []


def check_give(state: NipronState, z: Zaibatsu, good: str) -> Reason:
    need = data.CONTRACTS[state.contract].need
    cube = need[len(state.given)]
    goods = {g: n for g, n in stock(z).items() if g not in state.given}
    if goods.get(good, 0) < cube:
        if good in state.given:
            return f"This contract already has its {good}: each delivery is of a different good.", "§4.5.8"
        return f"This delivery takes {cube} {good}; you have {goods.get(good, 0)}.", "§4.5.8"
    rest = {g: n for g, n in goods.items() if g != good}
    if not assignable(need[len(state.given) + 1 :], rest):
        return "With that choice the rest of the contract could not be met.", "§4.5.8"
    return None


def do_give(state: NipronState, seat: int, good: str, events: list[Event]) -> None:
    state.given.append(good)
    contract = data.CONTRACTS[state.contract]
    if len(state.given) < len(contract.need):
        return
    z = state.zaibatsu[seat]
    for g, n in zip(state.given, contract.need, strict=True):
        f = z.factory(g)
        assert f is not None
        f.goods -= n
    got = gain(z, contract.reward_kind, contract.reward, "contracts")
    moved = move_track(z, "money", contract.money_steps)
    z.contracts.remove(contract.id)
    z.fulfilled.append(contract.id)
    delivered = [f"{n} {g}" for g, n in zip(state.given, contract.need, strict=True)]
    parts = ", ".join(delivered[:-1]) + " and " + delivered[-1] if len(delivered) > 1 else delivered[0]
    steps = f" and {words.count(moved, 'money step')}" if moved else ""
    events.append(
        ev(
            "export",
            f"{{p{seat}}} fulfilled {words.contract(contract.id)} with {parts} for {got}{steps}.",
            seat,
            True,
            contract=contract.id,
        )
    )
    state.contract = ""
    state.given = []
