"""Helpers that build scenario positions for the Nipron tests (rules.md / examples.md)."""

from __future__ import annotations

from engine.core import Event, Step
from engine.nipron import GAME, data
from engine.nipron.actions import space_index
from engine.nipron.state import Factory, NipronState

G = GAME


def fresh(players: int = 4, seed: int = 1) -> NipronState:
    """A new game with seat 0 first, ready for seat 0's first turn."""
    return G.new_game(players, seed, {"first": "1"})


def play(state: NipronState, *texts: str) -> tuple[NipronState, list[Event]]:
    """Apply notations in order for whoever is active; returns the state and all events."""
    events: list[Event] = []
    for text in texts:
        step: Step[NipronState] = G.apply(state, state.active, G.parse_action(text))
        state = step.state
        events += step.events
    return state, events


def legal(state: NipronState) -> list[str]:
    return [G.format_action(a) for a in G.legal_actions(state, state.active)]


def add_factory(state: NipronState, seat: int, tile: str, goods: int = 0, machine: int = 0) -> Factory:
    f = Factory(tile=tile, goods=goods, machine=machine)
    state.zaibatsu[seat].factories.append(f)
    if tile in state.supply:
        state.supply.remove(tile)
    return f


def set_city(state: NipronState, city: int, tile: str, rotation: int = 0) -> None:
    """City ``city`` (1-based) shows ``tile`` turned ``rotation`` quarter turns."""
    state.cities[city - 1] = tile
    state.rotations[city - 1] = rotation


def place(state: NipronState, code: str, seat: int, value: int) -> None:
    """Put seat's influence tile of ``value`` on space ``code`` (e.g. "C1N") from their hand."""
    i = space_index(code)
    state.owners[i] = seat
    state.values[i] = value
    state.zaibatsu[seat].hand.remove(value)


def only_worker_on(state: NipronState, space: int, colour: str = "white") -> None:
    """Action space ``space`` (1-based) holds exactly one worker of ``colour``; the others go to the bag."""
    for c, n in enumerate(state.spaces[space - 1]):
        state.bag[c] += n
    state.spaces[space - 1] = [0] * len(data.COLOURS)
    c = data.COLOURS.index(colour)
    state.bag[c] -= 1
    state.spaces[space - 1][c] = 1


def empty_rows(state: NipronState) -> None:
    for row in state.rows:
        for c, n in enumerate(row):
            state.bag[c] += n
            row[c] = 0


def side_of(state: NipronState, city: int, good: str) -> str:
    """The influence space code next to ``good`` on city ``city`` (1-based)."""
    for side in range(4):
        if data.side_good(state.cities[city - 1], state.rotations[city - 1], side) == good:
            return f"C{city}{data.SIDES[side]}"
    raise AssertionError(f"city {city} does not show {good}")
