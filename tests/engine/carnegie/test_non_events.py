"""What did not happen is told (review F5): no income in a region nobody is in (R5.3.1), a donation nobody
could pay apart from one a player chose not to make (R8.1.1, R8.2.1, R8.2.3), a Construction turn that
built nothing and why (R5.4.3, R6.3.1–R6.3.2)."""

from __future__ import annotations

from engine.carnegie import data
from engine.carnegie.game import CarnegieGame
from engine.carnegie.rules.non_events import no_build, no_donation, no_income
from engine.carnegie.state import CarnegieState
from engine.core import Event, RandomPlayer, Rng, play
from tests.engine.carnegie.test_scoring import bare_state

G = CarnegieGame()


def _texts(events: list[Event]) -> list[str]:
    return [str(e.text) for e in events]


def test_no_income_only_when_nobody_is_in_the_region() -> None:
    state = bare_state()
    events: list[Event] = []
    no_income(state, data.EAST, events)
    assert _texts(events) == ["Nobody has employees in the East: no income."]
    assert events[0].headline and events[0].seat is None
    state.companies[2].missions[data.EAST] = 1
    events = []
    no_income(state, data.EAST, events)
    assert events == []


def test_could_not_pay_is_told_apart_from_chose_not() -> None:
    state = bare_state()
    c = state.companies[1]
    c.money, c.goods, c.donations = 9, 0, 2  # the third donation costs $15 (R8.1.1)
    events: list[Event] = []
    no_donation(state, 1, c, True, events)
    no_donation(state, 1, c, False, events)
    c.discs = 0
    no_donation(state, 1, c, True, events)
    assert _texts(events) == [
        "{p1} could not pay the $15 donation.",
        "{p1} chose not to donate.",
        "{p1} has no disc left to donate.",
    ]
    assert all(e.headline and e.seat == 1 for e in events)


def _construction_turn(state: CarnegieState) -> int:
    state.phase, state.turn_type, state.step, state.acted = "departments", data.CON, 0, False
    return G.pending(state).seats[0]


def test_a_construction_turn_that_built_nothing_says_why() -> None:
    state = G.new_game(4, 7, {"tab_sides": "random"})
    seat = _construction_turn(state)
    events: list[Event] = []
    no_build(state, seat, events)  # a build was possible: the player chose not to
    state.companies[seat].goods = 0
    no_build(state, seat, events)
    told = _texts(events)
    assert told[0] == f"{{p{seat}}} chose not to build."
    assert (
        told[1].startswith(f"{{p{seat}}} built nothing (") and told[1] != f"{{p{seat}}} built nothing ()."
    ), told
    assert all(e.headline for e in events)
    # a turn in which the player acted, or not a Construction turn, tells nothing
    state.acted = True
    no_build(state, seat, events)
    state.acted, state.turn_type = False, data.MGT
    no_build(state, seat, events)
    assert len(events) == 2


def test_every_donation_event_tells_each_player_once() -> None:
    """Over a seeded 4-player game: in each Make a Donation event, every seat either donated or is told
    not to have (could not, or chose not)."""
    state = G.new_game(4, 9, {"tab_sides": "random"})
    _, log = play(G, state, [RandomPlayer(s) for s in range(4)], seat_rng=Rng(seed=4))
    events = [e for p in log for e in p.events]
    told: list[int | None] = []
    rounds = 0
    for e in events:
        if e.kind == "row":
            if told:
                assert sorted(s for s in told if s is not None) == [0, 1, 2, 3], told
                rounds += 1
            told = []
        elif e.kind in ("donate", "no_donation"):
            told.append(e.seat)
    assert rounds >= 3
