"""The searching computer players (engine.core.search, issue 22) of both games: legal, deterministic, blind to
what their seat cannot see, and able to finish a game. Budgets are small so the tests stay fast; the strength
figures are in ``make bench-strength`` (BENCHMARKS.md, section strength)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from engine.carnegie import GAME as CARNEGIE
from engine.carnegie import ai_search as carnegie_ai
from engine.carnegie import solo
from engine.carnegie.ai import SOLO_WEIGHTS, GreedyPlayer
from engine.carnegie.unseen import determinize
from engine.core import Game, Rng, play
from engine.core.search import Budget, RolloutPlayer, Search, rollout
from engine.nipron import GAME as NIPRON
from engine.nipron import ai as nipron_ai

SMALL = {n: Budget(width=3, samples=2, horizon=1, steps=8) for n in range(1, 5)}
SWITCHING = {n: Budget(width=2, samples=1, horizon=1, steps=8, switch=True) for n in range(1, 5)}
TINY = {n: Budget(width=2, samples=1, horizon=1, steps=3) for n in range(1, 5)}  # a whole game in seconds
CASES: list[tuple[Game[Any, Any], Search, int, dict[str, str]]] = [
    (CARNEGIE, carnegie_ai.SEARCH, 1, {"tab_sides": "random", "difficulty": "hard"}),
    (CARNEGIE, carnegie_ai.SEARCH, 3, {"tab_sides": "random"}),
    (NIPRON, nipron_ai.SEARCH, 2, {}),
    (NIPRON, nipron_ai.SEARCH, 4, {}),
]
IDS = ["carnegie-solo", "carnegie-3p", "nipron-2p", "nipron-4p"]


def positions(game: Game[Any, Any], players: int, options: dict[str, str], count: int) -> list[Any]:
    """``count`` positions from random play of several seeded games (every 9th action of each)."""
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state = game.new_game(players, seed, options)
        rng = Rng(seed=seed)
        for step in range(400):
            decision = game.pending(state)
            if decision.finished:
                break
            seat = decision.seats[0]
            actions = game.legal_actions(state, seat)
            if step % 9 == 4:
                out.append(state)
            state = game.apply(state, seat, actions[rng.below(len(actions))]).state
        seed += 1
    return out[:count]


@pytest.mark.parametrize("budget", [SMALL, SWITCHING], ids=["small", "switching"])
@pytest.mark.parametrize(("game", "search", "players", "options"), CASES, ids=IDS)
def test_search_returns_only_legal_actions_over_many_positions(
    game: Game[Any, Any], search: Search, players: int, options: dict[str, str], budget: dict[int, Budget]
) -> None:
    for i, state in enumerate(positions(game, players, options, 24)):
        seat = game.pending(state).seats[0]
        legal = game.legal_actions(state, seat)
        before = game.dump_state(state)
        choice = RolloutPlayer(i, search, budget).choose(game, state, seat, legal)
        assert choice in legal
        assert game.dump_state(state) == before, "searching never changes the state it is given"


@pytest.mark.parametrize("budget", [SMALL, SWITCHING], ids=["small", "switching"])
@pytest.mark.parametrize(("game", "search", "players", "options"), CASES, ids=IDS)
def test_search_decides_the_same_for_the_same_seed_and_budget(
    game: Game[Any, Any], search: Search, players: int, options: dict[str, str], budget: dict[int, Budget]
) -> None:
    def decisions(seed: int) -> list[str]:
        out = []
        for state in positions(game, players, options, 6):
            seat = game.pending(state).seats[0]
            legal = game.legal_actions(state, seat)
            choice = RolloutPlayer(seed, search, budget).choose(game, state, seat, legal)
            out.append(game.format_action(choice))
        return out

    assert decisions(5) == decisions(5)


def solo_choices(count: int) -> list[Any]:
    """Positions of seeded solo games where the player chooses the row (R10.2.1): Andrew's current card lies
    face down and plays as soon as the row is placed, the moment a one-step lookahead could read it."""
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        state = CARNEGIE.new_game(1, seed, {"tab_sides": "random", "difficulty": "normal"})
        rng = Rng(seed=seed)
        while not CARNEGIE.pending(state).finished:
            actions = CARNEGIE.legal_actions(state, 0)
            if all(getattr(a, "verb", "") == "row" for a in actions) and state.round % 4 in (1, 3):
                out.append(state)
            state = CARNEGIE.apply(state, 0, actions[rng.below(len(actions))]).state
        seed += 1
    return out[:count]


def test_carnegie_solo_players_never_read_andrews_face_down_cards() -> None:
    """R10.1.6, R10.2.1: the player sees only the backs of Andrew's current (face-down) and next cards; the
    same table with other face-down cards behind the same backs (drawn anew) leaves every decision of the
    searching and the greedy players (with the easy level's and the solo play-out weights) unchanged, the
    row choices included."""
    options = {"tab_sides": "random", "difficulty": "normal"}
    states = positions(CARNEGIE, 1, options, 10) + solo_choices(8)
    hidden_differ = 0
    for i, state in enumerate(states):
        other = determinize(state, 0, Rng(seed=1000 + i))
        hidden_differ += other.andrew != state.andrew
        legal = CARNEGIE.legal_actions(state, 0)
        mine = RolloutPlayer(i, carnegie_ai.SEARCH, SWITCHING).choose(CARNEGIE, state, 0, legal)
        theirs = RolloutPlayer(i, carnegie_ai.SEARCH, SWITCHING).choose(CARNEGIE, other, 0, legal)
        assert mine == theirs
        for greedy in (partial(GreedyPlayer, i), partial(GreedyPlayer, i, SOLO_WEIGHTS)):
            assert greedy().choose(CARNEGIE, state, 0, legal) == greedy().choose(CARNEGIE, other, 0, legal)
    assert hidden_differ > len(states) // 2  # late on, a back may fit one card only


def test_carnegie_determinize_keeps_what_the_player_knows_of_andrews_deck() -> None:
    """R10.1.6: as many Normal and Advanced cards as the difficulty deals, none the player has seen filed;
    R10.2.1: the backs in view stay as they are."""
    options = {"tab_sides": "random", "difficulty": "hard"}
    for i, state in enumerate(positions(CARNEGIE, 1, options, 10)):
        a = state.andrew
        assert a is not None
        world = determinize(state, 0, Rng(seed=i)).andrew
        assert world is not None and world.piles == a.piles and len(world.deck) == len(a.deck)
        filed = {card for pile in a.piles for card in pile}
        dealt = world.deck + ([world.current] if world.current else []) + sorted(filed)
        assert sum(c.startswith("N") for c in dealt) == 10 and sum(c.startswith("A") for c in dealt) == 10
        assert len(set(dealt)) == len(dealt)
        if a.deck:
            assert solo.back(world.deck[0]) == solo.back(a.deck[0])
        if a.current:
            assert solo.back(world.current) == solo.back(a.current)
            assert a.revealed == world.revealed and (world.current == a.current or not a.revealed)


def test_nipron_search_never_reads_the_future_draws_from_the_bag() -> None:
    """§4.6: the bag's colour counts are open, its draws are not: a state whose RNG would draw other workers
    leaves every decision of the searching and the greedy player unchanged."""
    for i, state in enumerate(positions(NIPRON, 3, {}, 10)):
        other = state.clone()
        other.rng = Rng(seed=state.rng.seed + 1, draws=state.rng.draws)
        seat = NIPRON.pending(state).seats[0]
        legal = NIPRON.legal_actions(state, seat)
        mine = RolloutPlayer(i, nipron_ai.SEARCH, SMALL).choose(NIPRON, state, seat, legal)
        theirs = RolloutPlayer(i, nipron_ai.SEARCH, SMALL).choose(NIPRON, other, seat, legal)
        assert mine == theirs
        # the greedy player's one step ends before a refill draws (its values never read the bag's order)
        greedy = nipron_ai.GreedyPlayer(i).choose(NIPRON, state, seat, legal)
        assert greedy == nipron_ai.GreedyPlayer(i).choose(NIPRON, other, seat, legal)


@pytest.mark.parametrize(("game", "search", "players", "options"), [CASES[0], CASES[2]], ids=[IDS[0], IDS[2]])
def test_a_searching_seat_plays_a_full_game(
    game: Game[Any, Any], search: Search, players: int, options: dict[str, str]
) -> None:
    seats = [RolloutPlayer(7, search, TINY)] + [game.ai(10 + s, "easy") for s in range(1, players)]
    final, log = play(game, game.new_game(players, 7, options), seats)
    assert game.pending(final).finished and game.score(final).final
    assert any(played.seat == 0 for played in log)


class _Always:
    """A race player who always takes the same step."""

    def __init__(self, spaces: int) -> None:
        self.spaces = spaces

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Any) -> Any:
        return next(a for a in actions if getattr(a, "spaces", 0) == self.spaces)


def test_policy_switching_follows_an_alternative_plan_the_cheap_policy_never_ranks() -> None:
    """The race's cheap policy steps 1 and ranks only that; an alternative player steps 2. Searching one
    candidate, the searcher steps 1 unless it also weighs the alternative's plan (``Budget.switch``), whose
    play-outs end further ahead."""
    from tests.race_game import GAME as RACE

    search = Search(
        rank=lambda game, state, seat, actions: [a for a in actions if getattr(a, "spaces", 0) == 1],
        policy=lambda seed: _Always(1),
        value=lambda state, seat: float(state.positions[seat] - state.positions[1 - seat]),
        progress=lambda state: state.moves,
        determinize=lambda state, seat, rng: state,
        alternatives=lambda state: [lambda seed: _Always(2)],
    )
    state = RACE.new_game(2, 1)
    legal = RACE.legal_actions(state, 0)
    plain = {2: Budget(width=1, samples=1, horizon=6, steps=6)}
    switching = {2: Budget(width=1, samples=1, horizon=6, steps=6, switch=True)}
    assert RolloutPlayer(0, search, plain).choose(RACE, state, 0, legal).spaces == 1
    weighed = RolloutPlayer(0, search, switching).values(RACE, state, 0, legal)
    assert [(a.spaces, v) for a, v in weighed] == [(2, 3.0), (1, 0.0)]


def test_carnegie_solo_strong_play_outs_of_one_decision_stop_at_the_same_row_choice() -> None:
    """Every plan of one solo strong decision is played out in the same world to the same point of the game:
    the player's row choice of the same round (R10.2: the player selects in odd rounds), before that round's
    events, or the game's end. A play-out cut after a count of actions, or as a round begins, stopped before
    its income or donation in one candidate and after it in another (sixteenth session: 63 % of worlds)."""
    budget = carnegie_ai.STRONG[1]
    state = CARNEGIE.new_game(1, 7200, {"tab_sides": "random", "difficulty": "normal"})
    easy = CARNEGIE.ai(7200, "easy")
    checked = choices = 0
    while not CARNEGIE.pending(state).finished:
        actions = CARNEGIE.legal_actions(state, 0)
        if len(actions) > 1:
            choices += 1
            if choices % 4 == 0:
                searcher = RolloutPlayer(choices, carnegie_ai.SEARCH, carnegie_ai.STRONG)
                candidates = searcher.candidates(CARNEGIE, state, 0, actions)
                stop = carnegie_ai.SEARCH.progress(state) + budget.horizon
                ends = set()
                for action, make in candidates.plans:
                    after = CARNEGIE.apply(candidates.seen, 0, action).state
                    end = rollout(CARNEGIE, after, [make(1)], stop, carnegie_ai.SEARCH, budget.steps)
                    ends.add((end.round, end.phase))
                assert len(ends) == 1, (state.round, state.phase, ends)
                ((round_, phase),) = ends
                assert phase == "over" or (phase == "select" and round_ % 2 == 1), ends
                checked += 1
        state = CARNEGIE.apply(state, 0, easy.choose(CARNEGIE, state, 0, actions)).state
    assert checked >= 15


@pytest.mark.parametrize("game", [CARNEGIE, NIPRON], ids=["carnegie", "nipron"])
def test_strong_searches_more_than_normal_at_every_table_size(game: Game[Any, Any]) -> None:
    """A host who seats a strong bot (or a seat replaced by one) gets a player that searches further
    than a normal bot at every table size, solo included: never less in any measure, more in one."""
    normal, strong = game.ai(1, "normal"), game.ai(1, "strong")
    assert isinstance(normal, RolloutPlayer) and isinstance(strong, RolloutPlayer)
    for players in range(game.min_players, game.max_players + 1):
        low, high = normal.budgets[players], strong.budgets[players]
        measures = [(getattr(high, m), getattr(low, m)) for m in ("width", "samples", "horizon", "steps")]
        assert all(h >= lo for h, lo in measures), (players, low, high)
        assert any(h > lo for h, lo in measures), (players, low, high)
