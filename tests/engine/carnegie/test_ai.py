"""Computer players (engine/carnegie/ai.py, engine.core.ai): determinism, ``engine.core.play`` and greedy
strength.

The strength check plays 20 two-player games, greedy against random, alternating who starts; the
greedy player must win at least 80 % (ties count as not won). Larger runs: ``python -m tests.perf
--section ai``.
"""

from __future__ import annotations

import pytest

from engine.carnegie import GAME, data, rules
from engine.carnegie.ai import (
    GreedyPlayer,
    _income_events,
    evaluate,
    income_events,
    income_promise,
    network_promise,
    project_income,
    ready_projects,
)
from engine.carnegie.reconstructed import GRID_COLS, ROW_VP, TABS
from engine.carnegie.scoring import (
    achievements,
    department_points,
    donation_codes,
    map_tally,
    player_connection_points,
    tab_points,
    totals,
)
from engine.carnegie.state import (
    NO_OWNER,
    CarnegieState,
    built_departments,
    donation_cap,
    emptied_income_spaces,
    level,
    levels,
    tab_discs,
    tab_end_vp,
    tab_full,
)
from engine.core import EngineError, NoEnd, Played, Player, RandomPlayer, Rng
from engine.core import play as play_game
from tests.race_game import RACE

STRENGTH_SEEDS = range(20)


def greedy_vs_random(seed: int) -> tuple[int, list[int]]:
    """Greedy in seat ``seed % 2``; returns (greedy seat, final totals)."""
    greedy_seat = seed % 2
    players: list[Player] = [RandomPlayer(seed + 100), RandomPlayer(seed + 100)]
    players[greedy_seat] = GreedyPlayer(seed)
    final, _ = play_game(GAME, GAME.new_game(2, seed, {"tab_sides": "random"}), players)
    return greedy_seat, [line.total for line in GAME.score(final).lines]


def test_greedy_beats_random_in_at_least_80_percent_of_two_player_games() -> None:
    wins = 0
    for seed in STRENGTH_SEEDS:
        seat, scores = greedy_vs_random(seed)
        wins += scores[seat] > scores[1 - seat]
    assert wins >= 0.8 * len(STRENGTH_SEEDS), f"greedy won only {wins} of {len(STRENGTH_SEEDS)}"


def log_text(log: list[Played]) -> list[str]:
    return [f"{m.seat} {GAME.format_action(m.action)}" for m in log]


@pytest.mark.parametrize("kind", [RandomPlayer, GreedyPlayer])
def test_players_are_deterministic_given_their_seed(kind: type[RandomPlayer] | type[GreedyPlayer]) -> None:
    def run(seed: int) -> list[str]:
        state = GAME.new_game(2, 3, {"tab_sides": "random"})
        _, log = play_game(GAME, state, [kind(seed), kind(seed + 1)])
        return log_text(log)

    first = run(1)
    assert run(1) == first
    assert run(2) != first  # another seed plays differently


def test_players_only_choose_legal_actions_and_do_not_touch_the_game_rng() -> None:
    state = GAME.new_game(2, 9, {"tab_sides": "random"})
    for _ in range(60):
        decision = GAME.pending(state)
        seat = decision.seats[0]
        legal = GAME.legal_actions(state, seat)
        before = GAME.dump_state(state)
        choice = GreedyPlayer(4).choose(GAME, state, seat, legal)
        assert choice in legal
        assert GAME.dump_state(state) == before  # choosing (with look-ahead) changes nothing
        state = GAME.apply(state, seat, choice).state


def test_the_look_ahead_s_unchecked_apply_gives_what_apply_gives_for_every_legal_action() -> None:
    """``rules.apply_legal`` (the greedy look-ahead's, without the checks) against ``rules.apply``, over every
    legal action of a random game's positions, solo against Andrew included."""
    solo = {"tab_sides": "random", "difficulty": "hard"}
    for players, options in ((2, {"tab_sides": "random"}), (1, solo)):
        state = GAME.new_game(players, 5, options)
        rng = Rng(seed=7)
        for _ in range(120):
            decision = GAME.pending(state)
            if decision.finished:
                break
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                checked, events = rules.apply(state, seat, action)
                unchecked, unchecked_events = rules.apply_legal(state, seat, action)
                assert GAME.dump_state(unchecked) == GAME.dump_state(checked)
                assert len(unchecked_events) == len(events)
            state = GAME.apply(state, seat, legal[rng.below(len(legal))]).state


def test_the_kept_map_tally_follows_the_map_s_contents_not_the_list_s_identity() -> None:
    """``map_tally`` keeps the last map's tallies: a disc placed in the same list (as the rules place them,
    R7.4) must count at once."""
    state = GAME.new_game(2, 4, {"tab_sides": "random"})
    slot = state.slot_owner.index(NO_OWNER)
    before = map_tally(state, 1)
    state.slot_owner[slot], state.slot_project[slot] = 1, data.HOUSING
    after = map_tally(state, 1)
    assert after.projects[data.HOUSING] == before.projects[data.HOUSING] + 1
    assert data.SLOT_CITY[slot] in after.cities


def test_evaluate_of_a_finished_game_is_the_final_score() -> None:
    state = GAME.new_game(2, 2, {"tab_sides": "random"})
    final, _ = play_game(GAME, state, [RandomPlayer(1), RandomPlayer(2)])
    assert final.phase == "over"
    assert [evaluate(final, seat) for seat in range(2)] == totals(final)


def test_play_game_asks_every_pending_seat_and_logs_each_action() -> None:
    """Simultaneous decisions (tab sides, activation) are all answered; with ``seat_rng`` the order varies."""
    state = GAME.new_game(3, 1)  # tab sides chosen by the players: 3 seats pending at once
    assert len(GAME.pending(state).seats) == 3
    final, log = play_game(GAME, state, [RandomPlayer(s) for s in range(3)], seat_rng=Rng(seed=1))
    assert GAME.pending(final).finished
    sides = [m.seat for m in log if m.action.verb == "side"]
    assert sorted(sides) == [0] * 4 + [1] * 4 + [2] * 4
    assert sides != sorted(sides)  # interleaved, not seat by seat


def test_play_game_drives_any_game_of_the_protocol() -> None:
    race = RACE
    final, log = play_game(race, race.new_game(2, 5), [RandomPlayer(1), RandomPlayer(2)])
    assert race.pending(final).finished
    assert [m.seat for m in log] == [i % 2 for i in range(len(log))]
    with pytest.raises(NoEnd):
        play_game(race, race.new_game(2, 5), [RandomPlayer(1), RandomPlayer(2)], max_actions=2)


def test_no_end_is_an_engine_error() -> None:
    assert issubclass(NoEnd, EngineError)


def _own(st: CarnegieState, *cities: str) -> None:
    """Give seat 0 one disc in each of ``cities`` (their first slot)."""
    for city in cities:
        st.slot_owner[data.CITY_SLOTS[data.CITY_INDEX[city]][0]] = 0


def test_network_promise_r9_3_grows_as_a_road_between_major_cities_fills() -> None:
    """R9.3: the searching levels' weights value what major-city connections promise: nothing without a
    disc, more as fewer cities are missing on the road from San Francisco to Chicago, and only the part not
    yet scored once the connection stands."""
    st = GAME.new_game(2, 3, {})
    assert network_promise(st, 0) == 0.0
    _own(st, "san-francisco")
    alone = network_promise(st, 0)
    _own(st, "chicago")
    both_ends = network_promise(st, 0)
    assert 0 < alone < both_ends
    path = ["reno", "salt-lake-city", "denver", "omaha"]
    _own(st, *path[:2])
    halfway = network_promise(st, 0)
    assert halfway > both_ends
    _own(st, *path[2:])
    scored = player_connection_points(st, 0)
    assert scored > 0, "the road San Francisco-Chicago now stands"
    assert network_promise(st, 0) < scored, "what is scored already is not promised again"


def test_income_events_r5_1_2_count_the_spaces_still_to_come_on_every_row() -> None:
    """R5.1.2, R5.3.7: 16 timeline spaces and 4 end-tile spaces; the donation spaces carry no income, each
    end tile one region's; after round 20 none is left."""
    st = GAME.new_game(1, 5, {"tab_sides": "random", "difficulty": "normal"})
    donations = 0
    for tile, side in st.timeline:
        donations += sum(ev == data.DONATION for ev in data.TIMELINE_TILES[tile - 1][side])
    assert sum(income_events(st, 0)) == 20 - donations
    st.markers = [5, 5, 5, 5]
    assert income_events(st, 0) == (0, 0, 0, 0)


def test_income_promise_r5_3_2_only_where_an_income_event_is_still_to_come() -> None:
    """R5.3.2–R5.3.3: an employee on a mission brings its region's transport income (and the project income,
    once per region) back only while that region has a Take Income event left on the timeline."""
    st = GAME.new_game(1, 5, {"tab_sides": "random", "difficulty": "normal"})
    company = st.companies[0]
    region = next(r for r in range(4) if income_events(st, 0)[r])
    company.missions[region] = 2
    assert income_promise(st, 0) == (2 * 1, 0.0)  # $1 each on the track's first space (§2.5); no project
    company.tab_built[0] = 1  # the Housing project of setup step 10 (R8.4.1) empties its income space
    assert income_promise(st, 0) == (2 * 1, project_income(company)) and project_income(company) > 0
    st.markers = [5, 5, 5, 5]
    assert income_promise(st, 0) == (0.0, 0.0), "no event left: they never come back"


def test_the_kept_scoring_facts_equal_the_rules_counted_afresh_through_whole_games() -> None:
    """The look-ahead's kept facts (departments, tabs, track levels, donations, income events: cached by
    the values they depend on) equal what the rules' own helpers count from the state, at every state of a
    solo and a two-player game — R4.4.7, R6.4.9, R8.5, R2.5.4, §8.4, R5.1.2, R5.3.3."""
    for players, options in (
        (1, {"tab_sides": "random", "difficulty": "normal"}),
        (2, {"tab_sides": "random"}),
    ):
        state = GAME.new_game(players, 11, options)
        bots = [GreedyPlayer(s) for s in range(players)]
        checked = 0
        while not GAME.pending(state).finished:
            seat = min(GAME.pending(state).seats)
            for s in range(players):
                c = state.companies[s]
                assert department_points(c) == sum(
                    ROW_VP[cell // GRID_COLS] for cell, _ in built_departments(c)
                )
                assert tab_points(c) == sum(tab_end_vp(c, t) for t in range(4))
                assert levels(c) == tuple(level(c, r) for r in range(4))
                assert donation_cap(c) == data.DONATION_CAP + data.CAP_RAISE * sum(
                    1 for t in range(4) if tab_full(c, t) and TABS[t][c.tab_side[t]][-1].raises_cap
                )
                assert ready_projects(c) == sum(tab_discs(c, t) for t in range(4))
                assert project_income(c) == sum(
                    max(
                        (g.money + 2 * g.goods + 4 * g.vp + g.sp + 3 * g.employees for g in spaces), default=0
                    )
                    for spaces in (TABS[t][c.tab_side[t]][i].income for t, i in emptied_income_spaces(c))
                )
                own = [
                    data.DONATION_CELLS[k][0] for k, stack in enumerate(state.donation_discs) if s in stack
                ]
                assert list(donation_codes(state, s)) == own
                assert achievements(state, s).donations == sum(
                    stack.count(s) for stack in state.donation_discs
                )
            assert income_events(state, 0) == _income_events(state)
            checked += 1
            actions = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, bots[seat].choose(GAME, state, seat, actions)).state
        # the game went far enough for every fact to have changed: projects built, donations made
        assert checked > 50 and sum(state.companies[0].tab_built) > 0
        assert any(stack.count(s) for stack in state.donation_discs for s in range(players))


def test_the_kept_donations_follow_the_table_s_contents_not_the_list_s_identity() -> None:
    """A donation disc put on a cell's stack in place (as the rules put it, R8.1) counts at once (§8.4)."""
    state = GAME.new_game(2, 4, {"tab_sides": "random"})
    before = achievements(state, 1).donations
    cell = next(k for k, stack in enumerate(state.donation_discs) if not stack)
    state.donation_discs[cell].append(1)
    assert achievements(state, 1).donations == before + 1
    assert data.DONATION_CELLS[cell][0] in donation_codes(state, 1)
