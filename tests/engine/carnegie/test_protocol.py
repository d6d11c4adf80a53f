"""The engine protocol (architecture.md "engine/"): registry, notation, descriptions, purity, storage."""

from __future__ import annotations

import pytest

import engine
from engine.carnegie import CARNEGIE as G
from engine.carnegie.actions import parse_action
from engine.carnegie.state import CarnegieState, active_employees, tab_discs
from engine.carnegie.text import dump_view, name_players
from engine.carnegie.view import CarnegieView
from engine.core import InvalidAction, NotYourTurn, Rng


def _walk(players: int, seed: int, steps: int) -> list[tuple[object, int, object]]:
    """A seeded random walk: (state, seat, action) triples, checking the protocol at every step."""
    st = G.new_game(players, seed)
    rng = Rng(seed=seed)
    out = []
    for _ in range(steps):
        d = G.pending(st)
        if d.finished:
            break
        seat = d.seats[rng.below(len(d.seats))]
        legal = G.legal_actions(st, seat)
        assert legal, d
        a = legal[rng.below(len(legal))]
        text = G.format_action(a)
        assert len(text) <= 90 and G.parse_action(text) == a
        assert len(G.describe_action(st, seat, a)) <= 80
        before = G.dump_state(st)
        step = G.apply(st, seat, a)
        assert G.dump_state(st) == before  # apply never mutates its input
        out.append((st, seat, a))
        st = step.state
    return out


def test_registered_as_carnegie_after_import_engine() -> None:
    assert engine.get_game("carnegie") is G
    assert (G.name, G.title, G.min_players, G.max_players) == ("carnegie", "Carnegie", 1, 4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_notation_round_trips_and_apply_is_pure(players: int) -> None:
    walk = _walk(players, 100 + players, 250)
    assert len(walk) > 50


def test_dump_and_load_round_trip() -> None:
    st = _walk(3, 5, 120)[-1][0]
    text = G.dump_state(st)  # type: ignore[arg-type]
    assert G.dump_state(G.load_state(text)) == text


def test_view_and_text_dump() -> None:
    st = G.new_game(4, 2, {"tab_sides": "random"})
    v = G.view(st, None)
    assert isinstance(v, CarnegieView) and len(v.cities) == 32 and len(v.donations) == 20
    assert len(v.companies) == 4 and all(len(c.cells) == 16 for c in v.companies)
    text = dump_view(v)
    assert "Timeline:" in text and "San Francisco" in text


def test_errors_parse_and_turn() -> None:
    with pytest.raises(InvalidAction):
        parse_action("fly to the moon")
    with pytest.raises(InvalidAction):
        parse_action("move 9,9>1,1 extra")
    st = G.new_game(2, 1, {"tab_sides": "random"})
    seat = G.pending(st).seats[0]
    with pytest.raises(NotYourTurn):
        G.apply(st, 1 - seat, G.legal_actions(st, seat)[0])
    assert G.legal_actions(st, 1 - seat) == []


def test_event_texts_name_players_by_placeholder() -> None:
    st = G.new_game(2, 1, {"tab_sides": "random"})
    seat = G.pending(st).seats[0]
    step = G.apply(st, seat, G.legal_actions(st, seat)[0])
    assert step.events[0].seat == seat and f"{{p{seat}}}" in step.events[0].text
    assert name_players(step.events[0].text, ["Ana", "Ben"]).startswith(["Ana", "Ben"][seat])


def _invariants(st: CarnegieState) -> None:
    """R4.4.6 (15 employees), §2.1 (30 discs: score, tracks, supply, tabs, map, donations), §0.2 (no debt)."""
    for s, c in enumerate(st.companies):
        limbo = sum(
            t.a if t.kind == "lobby" else 1
            for t in st.tasks
            if t.seat == s and t.kind in ("lobby", "mission")
        )
        assert sum(c.idle) + active_employees(c) + sum(c.missions) + c.supply + limbo == 15
        on_tabs = sum(tab_discs(c, t) for t in range(4))
        on_board = sum(o == s for o in st.slot_owner) + sum(d.count(s) for d in st.donation_discs)
        assert 1 + 4 + c.discs + on_tabs + on_board == 30
        assert c.money >= 0 and c.goods >= 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_components_and_finish_after_20_rounds(players: int) -> None:
    st = G.new_game(players, 40 + players, {"tab_sides": "random"})
    rng = Rng(seed=players)
    while not G.pending(st).finished:
        d = G.pending(st)
        seat = d.seats[rng.below(len(d.seats))]
        legal = G.legal_actions(st, seat)
        st = G.apply(st, seat, legal[rng.below(len(legal))]).state
        _invariants(st)
    assert st.round == 20 and st.markers == [5, 5, 5, 5]


def test_activation_labels_name_the_seats_own_department_and_cost_in_simultaneous_phase() -> None:
    """R5.5.1: in the simultaneous activation phase each seat's labels describe its own company."""
    from engine.carnegie import data
    from engine.carnegie.actions import parse_cell
    from engine.carnegie.rules.common import cheapest_free
    from engine.carnegie.state import workplace_costs

    rng = Rng(seed=5)
    st = G.new_game(3, 21, {"tab_sides": "random"})
    checked = 0
    while checked < 5 and not G.pending(st).finished:
        d = G.pending(st)
        for seat in d.seats if len(d.seats) > 1 else []:
            for a in G.legal_actions(st, seat):
                if a.verb != "activate":
                    continue
                c = st.companies[seat]
                cell, _ = parse_cell(a.args[0])
                cost = workplace_costs(c.cells[cell])[cheapest_free(c, cell)]
                label = G.describe_action(st, seat, a)
                assert label == f"Activate an employee in {data.DEPT_NAMES[c.cells[cell]]} (${cost})"
                checked += 1
        seat = d.seats[rng.below(len(d.seats))]
        legal = G.legal_actions(st, seat)
        st = G.apply(st, seat, legal[rng.below(len(legal))]).state
    assert checked >= 5
