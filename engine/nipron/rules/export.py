"""Export (§4.5.8): fulfil a contract, one cube's good type at a time, all at once or not at all."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import listing, msg
from engine.nipron import data, words
from engine.nipron.rules.common import Reason, did, ev, gain, good_of, move_track
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
        return msg("{contract} is not face up in front of you.", contract=words.contract(contract)), "§4.5.8"
    if not assignable(data.CONTRACTS[contract].need, stock(z)):
        return (
            msg(
                "Your goods cannot meet {contract} ({need}).",
                contract=words.contract(contract),
                need=words.contract_need_words(contract),
            ),
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
            return (
                msg(
                    "This contract already has its {good}: each delivery is of a different good.",
                    good=words.good(good),
                ),
                "§4.5.8",
            )
        return (
            msg(
                "This delivery takes {need}; you have {have}.",
                need=words.goods_of(cube, good),
                have=goods.get(good, 0),
            ),
            "§4.5.8",
        )
    rest = {g: n for g, n in goods.items() if g != good}
    if not assignable(need[len(state.given) + 1 :], rest):
        return msg("With that choice the rest of the contract could not be met."), "§4.5.8"
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
    parts = listing(words.goods_of(n, g) for g, n in zip(state.given, contract.need, strict=True))
    name = words.contract(contract.id)
    if moved:
        deed = msg(
            "fulfilled {contract} with {goods} for {got} and {steps}",
            contract=name,
            goods=parts,
            got=got,
            steps=words.steps(moved, "money"),
        )
    else:
        deed = msg("fulfilled {contract} with {goods} for {got}", contract=name, goods=parts, got=got)
    events.append(
        ev(
            "export",
            did(seat, deed),
            seat,
            True,
            contract=contract.id,
        )
    )
    state.contract = ""
    state.given = []
