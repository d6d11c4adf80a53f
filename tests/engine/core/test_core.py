"""Engine core: errors, seeded RNG, serialisation, exercised through the race game."""

from __future__ import annotations

import pytest

from engine.core import (
    CHECKPOINT,
    FORMAT_VERSION,
    EngineError,
    FirstLegal,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    Rng,
    UnknownGame,
    check_listed,
    check_turn,
)
from tests import race_game
from tests.race_game import RACE, RaceGame, RaceState


@pytest.fixture
def race() -> RaceGame:
    # No registry: a game package exposes its protocol object as GAME, the bot's table imports it.
    return race_game.GAME


def test_a_game_module_exposes_its_game_and_unknown_game_keeps_its_code(race: RaceGame) -> None:
    assert race is RACE
    assert UnknownGame("No game called chess.").code == "unknown_game"


def test_errors_have_stable_codes_and_name_the_rule() -> None:
    err = IllegalAction("You may not do that.", rule="R5.4.2")
    assert isinstance(err, EngineError) and isinstance(err, ValueError)
    assert err.code == "illegal_action"
    assert err.sentence == "You may not do that. (rule R5.4.2)"
    assert {c.code for c in (InvalidAction, IllegalAction, NotYourTurn, GameOver)} == {
        "invalid_action",
        "illegal_action",
        "not_your_turn",
        "game_over",
    }


def test_rng_is_deterministic_and_advances() -> None:
    a, b = Rng(seed=7), Rng(seed=7)
    xs = [a.below(100) for _ in range(50)]
    assert xs == [b.below(100) for _ in range(50)]
    assert a.draws == 50
    assert len(set(xs)) > 10
    assert Rng(seed=8).shuffled(range(20)) != Rng(seed=7).shuffled(range(20))
    assert sorted(Rng(seed=1).shuffled(range(20))) == list(range(20))


def test_rng_below_is_roughly_uniform() -> None:
    r = Rng(seed=3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_apply_never_mutates_input_and_replays_identically(race: RaceGame) -> None:
    state = race.new_game(2, seed=42)
    log = ["step 2", "roll", "step 1", "roll", "roll", "step 2", "roll"]
    s = state
    for i, text in enumerate(log):
        before = race.dump_state(s)
        step = race.apply(s, i % 2, race.parse_action(text))
        assert race.dump_state(s) == before
        # The turn passes after every race action, so each one is a barrier (the game owns it now).
        assert step.barrier
        s = step.state
    replay = race.new_game(2, seed=42)
    for i, text in enumerate(log):
        replay = race.apply(replay, i % 2, race.parse_action(text)).state
    assert race.dump_state(replay) == race.dump_state(s)


def test_notation_round_trips(race: RaceGame) -> None:
    state = race.new_game(2, seed=1)
    for action in race.legal_actions(state, 0):
        assert race.parse_action(race.format_action(action)) == action
    with pytest.raises(InvalidAction):
        race.parse_action("jump 3")


def test_refusals_change_nothing(race: RaceGame) -> None:
    state = race.new_game(2, seed=1)
    before = race.dump_state(state)
    with pytest.raises(NotYourTurn):
        race.apply(state, 1, race.parse_action("step 1"))
    with pytest.raises(IllegalAction) as err:
        race.apply(state, 0, race.parse_action("step 5"))
    assert "race-2" in err.value.sentence
    assert race.dump_state(state) == before


def test_game_over_refuses_further_moves(race: RaceGame) -> None:
    s = race.new_game(2, seed=1)
    seat = 0
    while not race.pending(s).finished:
        s = race.apply(s, seat, race.parse_action("step 2")).state
        seat = 1 - seat
    assert race.score(s).winners == [0]
    with pytest.raises(GameOver):
        race.apply(s, seat, race.parse_action("step 1"))


def test_generic_turn_checks_refuse_as_the_bot_does(race: RaceGame) -> None:
    s = race.new_game(2, seed=1)
    assert check_turn(race, s, 0).seats == [0]
    with pytest.raises(NotYourTurn) as err:
        check_turn(race, s, 1)
    assert err.value.sentence == "It is not your turn."
    step1 = race.parse_action("step 1")
    assert check_listed(race, s, 0, step1) == "step 1"
    # The game allows it but the seat was not shown it: the shown list is the authority.
    with pytest.raises(IllegalAction) as unlisted:
        check_listed(race, s, 0, step1, listed={"roll"})
    assert unlisted.value.sentence == "'step 1' is not one of your choices now."
    # Not listed and refused by the game: the game's own refusal, naming its rule.
    with pytest.raises(IllegalAction) as refused:
        check_listed(race, s, 0, race.parse_action("step 5"))
    assert "race-2" in refused.value.sentence
    while not race.pending(s).finished:
        s = race.apply(s, race.pending(s).seats[0], race.parse_action("step 2")).state
    with pytest.raises(GameOver) as over:
        check_turn(race, s, 0)
    assert over.value.sentence == "This game has ended."


def test_serialisation_carries_format_version_and_refuses_others(race: RaceGame) -> None:
    s = race.new_game(2, seed=5)
    text = race.dump_state(s)
    assert f'"format_version":{FORMAT_VERSION}' in text
    assert race.load_state(text) == s
    with pytest.raises(InvalidAction):
        race.load_state(text.replace(f'"format_version":{FORMAT_VERSION}', '"format_version":99'))
    with pytest.raises(InvalidAction):
        race.load_state("not json")
    assert isinstance(race.load_state(text), RaceState)


def test_race_marks_moves_as_headlines_and_closes_a_lap_every_four_moves(race: RaceGame) -> None:
    s = race.new_game(2, seed=3)
    keys = []
    for i in range(8):
        step = race.apply(s, i % 2, race.parse_action("step 1"))
        assert step.events[0].headline and step.events[0].kind == "move"
        keys += [e.data["key"] for e in step.events if e.kind == CHECKPOINT]
        s = step.state
    assert keys == ["lap-1", "lap-2"]
    assert race.glance(s, 0).stage == "move 9" and race.glance(s, None).note == ""
    assert race.ai_levels == ("first",) and isinstance(race.ai(1), FirstLegal)
    assert race.guide.blurb and race.guide.topics
