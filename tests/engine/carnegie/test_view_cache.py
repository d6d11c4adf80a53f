"""The view keeps the parts a move rarely changes (cities, track spaces, donation cells, a company's
cells and tab spaces, the Timeline rows' events of R5.1.2) and hands the same frozen models to the next
view: it must say exactly what a view built from nothing says, in every language's words, and nothing
made where sentences go unsaid may reach a player."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from engine.carnegie import board_texts
from engine.carnegie import view as view_module
from engine.carnegie.game import GAME
from engine.carnegie.state import CarnegieState
from engine.core.words import UNSAID, Msg, quietly

CACHES = (
    view_module._cell_view,
    view_module._tab_spaces,
    view_module._city_view,
    view_module._track_space,
    view_module._donation_cell,
    view_module._row_events,
    board_texts.short_income,
    board_texts.short_gain,
)


def _clear() -> None:
    for cache in CACHES:
        cache.cache_clear()


def _states(players: int, seed: int, every: int) -> list[CarnegieState]:
    rnd = random.Random(seed)
    state = GAME.new_game(players, seed)
    out = [state]
    n = 0
    while not (decision := GAME.pending(state)).finished:
        seat = decision.seats[rnd.randrange(len(decision.seats))]
        actions = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, actions[rnd.randrange(len(actions))]).state
        n += 1
        if n % every == 0:
            out.append(state)
    return [*out, state]


def _said(view: view_module.CarnegieView) -> list[tuple[str, str | None]]:
    """Every sentence of the view with its catalogue key, so a sentence that lost its words shows."""
    out: list[tuple[str, str | None]] = []
    for company in view.companies:
        for tab in company.tabs:
            out += [(s.income, getattr(s.income, "key", None)) for s in tab.spaces]
    for track in view.tracks:
        out += [(s.income, getattr(s.income, "key", None)) for s in track.spaces]
    for row in view.timeline:
        out += [(e, getattr(e, "key", None)) for e in row.events]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 11)])
def test_a_view_with_kept_parts_equals_one_built_from_nothing(players: int, seed: int) -> None:
    states = _states(players, seed, every=7)
    kept = [GAME.view(s, None) for s in states]  # each view warms the caches for the next
    for state, warm in zip(states, kept, strict=True):
        _clear()
        cold = GAME.view(state, None)
        assert warm == cold
        assert warm.model_dump(mode="json") == cold.model_dump(mode="json")
        assert _said(warm) == _said(cold)


def test_parts_made_where_nobody_reads_them_never_reach_a_view() -> None:
    state = _states(2, 5, every=50)[-2]
    _clear()
    with quietly():
        unsaid = GAME.view(state, None)
    said = GAME.view(state, None)
    assert all(text == "" for text, _ in _said(unsaid)), "inside quietly nothing is worded"
    sentences = _said(said)
    assert all(isinstance(text, Msg) and text is not UNSAID for text, _ in sentences)
    assert any(text for text, _ in sentences) and any(key for _, key in sentences)
    _clear()
    assert _said(GAME.view(state, None)) == sentences


def test_a_shared_part_cannot_be_changed_by_whoever_reads_a_view() -> None:
    view = GAME.view(GAME.new_game(2, 1), None)
    cell = view.companies[0].cells[0]
    with pytest.raises(ValidationError):
        cell.inactive = 5
    with pytest.raises(ValidationError):
        view.cities[0].marker = not view.cities[0].marker
    with pytest.raises(ValidationError):
        view.companies[0].tabs[0].spaces[0].disc = True
    # the same state seen again shares the kept parts rather than copying them
    again = GAME.view(GAME.new_game(2, 1), None)
    assert again.companies[0].cells[0] is cell
