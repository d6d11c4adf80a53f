"""Actions built directly, out of range: every count, number and code of every action kind.

An action object need not come from the notation: pydantic checks only that a count is an int and a
code a str, and ``model_copy``/``model_construct`` (or the engine's own ``make``) skip even that. So
``apply`` must refuse a value outside its domain with ``IllegalAction``, the rule that sets the domain
and a sentence that says it, change nothing, and never crash on the value as an index.

The positions are real ones: seeded games between random players, stopped at the first position
where the engine lists an action of each kind; the bad value replaces one argument of that listed
(legal) action, so nothing but the value can be the reason for the refusal. Rules cited: §1 (goods),
§2 (worker colours), §4.2, §4.4, §4.5.2, §4.5.4, §4.5.5, §4.5.9, §7.2, §7.3, §7.5, §7.6, §7.7, §7.9,
§7.11; the limits on repeating an action: §4.3, §4.5.3, §4.5.6, §4.5.7, §4.5.8, §4.5.9.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, InvalidAction, RandomPlayer
from engine.nipron import GAME as G
from engine.nipron import data
from engine.nipron.actions import Action
from engine.nipron.state import NipronState
from tests.engine.nipron.fixtures import add_factory, fresh, legal, play, set_city

HUGE = 10**18
# Games whose random play reaches every action kind with an argument (bump needs a full city: 2 players).
GAMES = ((2, 1), (3, 3), (2, 34))


class Case(NamedTuple):
    """One argument of one action kind: the values it may take (from the component tables), its bad
    values, the rule that refuses them and the sentence that says so."""

    kind: str
    field: str
    valid: range | frozenset[str]
    bad: tuple[Any, ...]
    rule: str
    refusal: str


GOODS = "There is no such good: the goods are silk, paper, bento, lenses, clocks and bulbs."
DISTRICT = "There is no such district: they are numbered 1 to 4."
SPACE = "There is no such influence space: each city has four, one beside each of its sides."
SPACES = frozenset(f"C{c}{side}" for c in range(1, 9) for side in "NESW")
# zero, negative, huge, and not an int at all; each case adds one past its maximum last
NUMBERS = (0, -1, HUGE, -HUGE, True, 2.0, "2", None)
CODES = ("", 1, None, "nothing")  # each case adds codes of the right shape that name nothing
CASES = (
    Case(
        "trade",
        "track",
        frozenset(data.TRACKS),
        (*CODES, "gold", "COAL"),
        "§4.2",
        "A blueprint trade moves your coal, money or knowledge marker.",
    ),
    Case(
        "take",
        "space",
        range(1, 6),
        (*NUMBERS, 6),
        "§4.4",
        "There is no such action space: they are numbered 1 to 5.",
    ),
    Case(
        "take",
        "colour",
        frozenset(data.COLOURS),
        (*CODES, "pink", "WHITE"),
        "§2",
        "There is no such worker colour: workers are white, yellow, orange, green, blue and black.",
    ),
    Case(
        "knowledge",
        "steps",
        range(1, 4),
        (*NUMBERS, 4),
        "§4.5.4",
        "Knowledge moves your knowledge marker 1 to 3 steps.",
    ),
    Case(
        "mines", "steps", range(1, 4), (*NUMBERS, 4), "§4.5.5", "Mines moves your coal marker 1 to 3 steps."
    ),
    Case("run", "good", frozenset(data.GOODS), (*CODES, "rice", "SILK"), "§1", GOODS),
    Case(
        "invest",
        "tile",
        frozenset(data.FACTORY_IDS),
        (*CODES, "SILK_Z", "silk_a", "SILK"),
        "§7.3",
        "There is no such factory tile.",
    ),
    Case("machines", "count", range(1, 4), (*NUMBERS, 4), "§4.5.2", "Machines pays for 1 to 3 improvements."),
    Case("machine", "good", frozenset(data.GOODS), (*CODES, "rice", "SILK"), "§1", GOODS),
    Case("train", "district", range(1, 5), (*NUMBERS, 5), "§7.9", DISTRICT),
    Case("ship", "district", range(1, 5), (*NUMBERS, 5), "§7.9", DISTRICT),
    Case(
        "export",
        "contract",
        frozenset(data.CONTRACT_IDS),
        (*CODES, "K0", "K9", "k1"),
        "§7.2",
        "There is no such contract.",
    ),
    Case("give", "good", frozenset(data.GOODS), (*CODES, "rice", "SILK"), "§1", GOODS),
    Case("sell", "good", frozenset(data.GOODS), (*CODES, "rice", "SILK"), "§1", GOODS),
    Case(
        "sell",
        "cubes",
        range(1, 4),
        (*NUMBERS, 4),
        "§4.5.9",
        "An influence tile is paid with 1, 2 or 3 goods.",
    ),
    Case("put", "value", range(1, 8), (*NUMBERS, 8), "§7.6", "Influence tiles have values 1 to 7."),
    Case("put", "space", SPACES, (*CODES, "C0N", "C9N", "C1X", "c1n"), "§7.5", SPACE),
    Case("bump", "space", SPACES, (*CODES, "C0N", "C9N", "C1X", "c1n"), "§7.5", SPACE),
    Case(
        "reward",
        "mult",
        range(2, 6),
        (*NUMBERS, 1, 6),
        "§7.7",
        "Emperor's reward tiles carry a 2x, 3x, 4x or 5x multiplier.",
    ),
    Case(
        "reward",
        "bonus",
        frozenset(("bp", "coal", "yen", "none")),
        (*CODES, "vp", "BP"),
        "§7.7",
        "A reward tile gives ¥5,000, 2 coal or 2 blueprints; a 2x multiplier tile gives no bonus.",
    ),
    Case(
        "achieve",
        "space",
        frozenset(data.ACHIEVEMENTS),
        (*CODES, "A0", "A10", "a1"),
        "§7.11",
        "There is no such achievement space: your board has nine.",
    ),
)


@cache
def offered() -> dict[str, tuple[NipronState, Action]]:
    """For each action kind, the first position of the seeded games where the engine lists it, and the
    first such listed action."""
    found: dict[str, tuple[NipronState, Action]] = {}
    for players, seed in GAMES:
        state = G.new_game(players, seed)
        bots = [RandomPlayer(seed * 10 + s) for s in range(players)]
        while not state.over:
            seat = state.active
            actions = G.legal_actions(state, seat)
            for action in actions:
                found.setdefault(action.kind, (state, action))
            state = G.apply(state, seat, bots[seat].choose(G, state, seat, actions)).state
    return found


def refused(state: NipronState, action: Action) -> IllegalAction:
    """Apply ``action`` for the active seat: it must be refused and leave the state as it was."""
    before = G.dump_state(state)
    with pytest.raises(IllegalAction) as err:
        G.apply(state, state.active, action)
    assert G.dump_state(state) == before
    return err.value


def bad_action(case: Case, value: Any) -> tuple[NipronState, Action]:
    position = offered().get(case.kind)
    assert position is not None, f"no seeded game offers {case.kind}: add a game to GAMES"
    state, action = position
    assert action in G.legal_actions(state, state.active)  # the value is the only thing wrong
    return state, action.model_copy(update={case.field: value})


@pytest.mark.parametrize(
    ("case", "value"),
    [
        pytest.param(case, value, id=f"{case.rule}-{case.kind}-{case.field}-{value!r}")
        for case in CASES
        for value in case.bad
    ],
)
def test_an_argument_out_of_its_domain_is_refused_by_the_rule_that_sets_the_domain(
    case: Case, value: Any
) -> None:
    """§1, §2, §4.2, §4.4, §4.5.2, §4.5.4, §4.5.5, §4.5.9, §7.2, §7.3, §7.5, §7.6, §7.7, §7.9, §7.11 (the
    test id names the rule): zero, negative, one past the maximum, huge, unknown codes and values that
    are not of the argument's type are refused, with that rule and its sentence, and change nothing."""
    state, action = bad_action(case, value)
    err = refused(state, action)
    assert (err.rule, err.message) == (case.rule, case.refusal)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_any_number_or_word_outside_a_domain_is_refused_and_changes_nothing(data: st.DataObject) -> None:
    """Property over the table above (each case's rule, e.g. §4.5.2 for a Machines count, §7.9 for a
    district): any integer outside an argument's range, and any text that names nothing of its kind, is
    refused with the rule of that argument and leaves the state unchanged."""
    case = data.draw(st.sampled_from(CASES))
    state, action = offered()[case.kind]
    values = st.integers() if isinstance(case.valid, range) else st.text(max_size=12)
    value = data.draw(values.filter(lambda v: v not in case.valid))
    err = refused(state, action.model_copy(update={case.field: value}))
    assert (err.rule, err.message) == (case.rule, case.refusal)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.rule}-{c.kind}-{c.field}")
def test_the_notation_refuses_what_apply_refuses_by_the_same_rule(case: Case) -> None:
    """The same rules (§1 … §7.11, as in the table) refuse the typed notation: one list of domains is
    read by both ``parse_action`` and ``apply``."""
    state, action = bad_action(case, case.bad[-1] if isinstance(case.valid, range) else "nothing")
    with pytest.raises(InvalidAction) as err:
        G.parse_action(G.format_action(action))
    assert (err.value.rule, err.value.message) == (case.rule, case.refusal)
    assert refused(state, action).rule == case.rule


# --- repeating an action beyond its limit ---------------------------------------------------------


def colour_on(state: NipronState, space: int) -> str:
    return next(data.COLOURS[c] for c, n in enumerate(state.spaces[space - 1]) if n)


def after_three_trains() -> NipronState:
    state = fresh(4)
    state.zaibatsu[0].yen, state.zaibatsu[0].blueprints = 25_000, 3  # a trade keeps the turn open
    state, _ = play(state, f"take 4 {colour_on(state, 4)}", "train 1", "train 2", "train 3")
    return state


def after_three_ships() -> NipronState:
    state = fresh(4)
    state.zaibatsu[0].yen, state.zaibatsu[0].blueprints = 25_000, 3
    state, _ = play(state, f"take 4 {colour_on(state, 4)}", "ship 1", "ship 2", "ship 3")
    return state


def after_three_tiles() -> NipronState:
    state = fresh(4)
    for city in range(1, 9):
        set_city(state, city, "T1", 0)  # clocks on the S side of every city
    add_factory(state, 0, "CLOCKS_A", goods=8)
    state.zaibatsu[0].blueprints = 3
    state, _ = play(
        state, f"take 5 {colour_on(state, 5)}", "sell clocks 1", "put 5 C3S", "sell clocks 1", "put 5 C4S"
    )
    state, _ = play(state, "sell clocks 2", "put 6 C3S")  # replaces the own 5
    return state


def after_three_runs() -> NipronState:
    state = fresh(2)
    state.zaibatsu[0].coal, state.zaibatsu[0].blueprints = 20, 3
    for tile in ("SILK_C", "PAPER_C", "BENTO_C", "LENSES_C"):
        add_factory(state, 0, tile)
    state, _ = play(state, f"take 1 {colour_on(state, 1)}", "run silk", "run paper", "run bento")
    return state


def after_three_contracts() -> NipronState:
    state = fresh(2)
    state.zaibatsu[0].blueprints = 3
    for tile in ("SILK_A", "PAPER_A", "BENTO_A", "LENSES_A"):
        add_factory(state, 0, tile, goods=4)
    state, _ = play(state, f"take 2 {colour_on(state, 2)}", "export K1", "give silk")
    state, _ = play(state, "export K2", "give paper")
    state, _ = play(state, "export K3")
    while state.phase == "give":
        state, _ = play(state, legal(state)[0])
    return state


def after_knowledge() -> NipronState:
    state = fresh(2)
    state.zaibatsu[0].blueprints = 3
    state, _ = play(state, f"take 1 {colour_on(state, 1)}", "knowledge 1")
    return state


@pytest.mark.parametrize(
    ("position", "again", "rule", "refusal"),
    [
        pytest.param(
            after_three_tiles,
            "sell clocks 3",  # a 7 could still replace a 5 or the 6 in the same district
            "§4.5.9",
            "One Local Market action places at most 3 influence tiles.",
            id="§4.5.9-4th-tile",
        ),
        pytest.param(
            after_three_trains,
            "train 4",
            "§4.5.6",
            "One Trains action builds at most 3 trains.",
            id="§4.5.6-4th-train",
        ),
        pytest.param(
            after_three_ships,
            "ship 4",
            "§4.5.7",
            "One Ships action builds at most 3 ships.",
            id="§4.5.7-4th-ship",
        ),
        pytest.param(
            after_three_runs,
            "run lenses",
            "§4.5.3",
            "One Production action runs at most 3 factories.",
            id="§4.5.3-4th-factory",
        ),
        pytest.param(
            after_three_contracts,
            "export K4",
            "§4.5.8",
            "One Export action fulfils at most 3 contracts.",
            id="§4.5.8-4th-contract",
        ),
        pytest.param(
            after_knowledge,
            "knowledge 1",
            "§4.3",
            "You have already carried out Knowledge this turn.",
            id="§4.3-second-knowledge",
        ),
    ],
)
def test_an_action_repeated_beyond_its_limit_is_refused_by_the_actions_own_rule(
    position: Any, again: str, rule: str, refusal: str
) -> None:
    """§4.5.3, §4.5.6–§4.5.9: an action done "1 to 3 times" is refused a 4th time by its own section (a
    4th tile used to be refused as if Local Market were not on the worker's space, §4.4, a 4th train as
    if the space did not offer Trains); an action done once is refused a second time (§4.3 step 3)."""
    state = position()
    assert state.phase == "more" and state.active == 0, (
        "the turn must still be open for the test to mean anything"
    )
    assert not any(t.split()[0] == again.split()[0] for t in legal(state))
    first = state.clone()
    first.phase, first.reps = "action", 0
    assert again in legal(first)  # as the action's first step it would be legal: only the limit refuses it
    err = refused(state, G.parse_action(again))
    assert (err.rule, err.message) == (rule, refusal)
