"""Seeded random self-play for 2, 3 and 4 players, checking invariants after every action.

Default run: 20 / 15 / 15 seeds for 2 / 3 / 4 players (about 11 s). More seeds:
``CARNEGIE_SELFPLAY_SEEDS=200 pytest tests/engine/carnegie/test_selfplay.py`` (seeds per player count).

Checked on every game: the game ends after exactly 20 rounds (R5.1.3, R9.1.1); 15 employees per player
(R4.4.6), 30 discs per player (§3 step 6D) and the neutral discs (§3 step 9) are conserved; money, goods,
VP, study points and moves are never negative (§0.2); every active employee stands on a workplace of a
department (R4.4.3); discs sit on slots of their type (R6.3.1), one per player per donation cell (§7.15),
at most one on each track's space 5 (R2.5.2); ``apply`` never mutates its input; replaying the log's
notation from the seed gives the identical state JSON; every listed action's notation round-trips and
fits 90 characters, and (every 7th step) every listed action is accepted by ``apply``; a sample of
actions that ``legal_actions`` does not list is refused with an ``EngineError`` and changes nothing;
goods→money conversion (R5.7.1) is injected at random moments; the provisional score, the views and the
action descriptions are available throughout.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from engine.carnegie import GAME, data
from engine.carnegie.actions import Action
from engine.carnegie.ai import GreedyPlayer
from engine.carnegie.reconstructed import LOBBY, N_CELLS, PERMANENT_WORKPLACE
from engine.carnegie.state import (
    FREE,
    NEUTRAL,
    CarnegieState,
    Company,
    active_employees,
    tab_discs,
    workplace_costs,
)
from engine.core import EngineError, Game, GameOver, NotYourTurn, Player, RandomPlayer, Rng, play, replay

EMPLOYEES = data.EMPLOYEES_ON_BOARD + data.EMPLOYEE_SUPPLY  # R4.4.6
DISCS = 30  # §2.1 / §3 step 6D
EXTRA = int(os.environ.get("CARNEGIE_SELFPLAY_SEEDS", "0"))
SEEDS = {2: range(EXTRA or 20), 3: range(EXTRA or 15), 4: range(EXTRA or 15)}


def employees_owned(company: Company) -> int:
    """Employees on the board and on missions (not the personal supply, not the permanent one)."""
    return sum(company.idle) + active_employees(company) + sum(company.missions)


# Well-formed actions (and a few malformed ones) tried where legal_actions does not list them. ``convert`` is
# left out: R5.7.1 allows it at any moment, so the engine accepts it without listing it.
PROBES: tuple[str, ...] = (
    "done", "row HR", "row MGT", "row CON", "row RND", "income 0", "income 1", "income 4",
    "donate EDU-HR", "donate WEL-7VP", "donate HEA-SMALLTOWN", "choose HR", "choose RND",
    "use TF $3", "use TF good", "use TF $6", "use TF 2g", "use SP 6", "use SP 14", "use CON H chicago",
    "use CON I seattle", "use CON P new-york", "use 9 C boston", "use 10 H albany", "use 11 3", "use 6 2",
    "use 7 1", "use 1 $8", "use 2 hire", "use 3", "use 5 3g", "use 13", "use 15 HEA-EAST", "use HR",
    "use RD", "mission W", "mission E", "place 1,1", "place 2,2", "relocate 4,2", "relocate 2,3*",
    "track W", "track M", "track S", "track E", "push H", "push C", "push I", "push P", "pick 0", "pick 1",
    "lobby 0", "lobby 2", "move 4,2>3,2", "move 2,2*>1,2", "move 1,1>1,2", "move 4,4*>4,3",
    "activate 2,2", "activate 1,1", "activate 4,4", "side H A", "side P B", "house chicago",
    "house seattle", "reserve 3", "reserve 16",
    # malformed: must be refused as unreadable (InvalidAction is an EngineError)
    "use", "track Q", "move 9,9>1,1", "row XYZ", "income many", "donate NOPE", "fly away",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a log these tests drive by hand (``engine.core.play`` logs ``Played`` records, which
    have the same ``seat`` and ``action``)."""

    seat: int
    action: Action


def notations(log: Iterable[Any]) -> list[tuple[int, str]]:
    """(seat, notation) pairs for ``engine.core.replay``."""
    return [(move.seat, GAME.format_action(move.action)) for move in log]


class EagerRandomPlayer:
    """Random, but ends a choice ("done") only one time in ten when something else is possible, so the
    games reach deep states (full HR turns, many builds and pushes)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed=seed)

    def choose(self, game: Game[Any, Any], state: Any, seat: int, actions: Sequence[Any]) -> Any:
        others = [a for a in actions if a.verb != "done"]
        if others and len(others) < len(actions) and self.rng.below(10):
            return others[self.rng.below(len(others))]
        return actions[self.rng.below(len(actions))]


def options_for(seed: int) -> dict[str, str]:
    return {
        "tab_sides": ("chosen", "random")[seed % 2],
        "beginner": ("no", "yes")[(seed // 2) % 2],
    }


def players_for(n: int, seed: int) -> list[Player]:
    kinds: list[Player] = []
    for seat in range(n):
        s = seed * 10 + seat
        kinds.append(EagerRandomPlayer(s) if (seat + seed) % 3 else RandomPlayer(s))
    return kinds


# --- invariants ----------------------------------------------------------------------------------------


def neutral_discs(state: CarnegieState) -> int:
    return state.slot_owner.count(NEUTRAL) + sum(cell.count(NEUTRAL) for cell in state.donation_discs)


def check_invariants(state: CarnegieState) -> None:
    assert state.sp >= 0 and state.moves >= 0, "negative SP or moves pool (R6.4.2, R6.1.4)"
    assert all(t.a >= 0 for t in state.tasks)
    for seat, c in enumerate(state.companies):
        who = f"seat {seat}"
        assert c.money >= 0 and c.goods >= 0 and c.vp >= 0, f"{who}: negative money/goods/VP (§0.2)"
        assert c.supply >= 0 and c.discs >= 0 and min(c.idle) >= 0 and min(c.missions) >= 0, who
        # Employees in transit: one sent on a mission whose region is still to be chosen ("mission" task),
        # employees arriving while the player picks a lobby for them ("lobby" task, §7.4).
        in_transit = sum(1 for t in state.tasks if t.kind == "mission" and t.seat == seat)
        in_transit += sum(t.a for t in state.tasks if t.kind == "lobby" and t.seat == seat)
        assert employees_owned(c) + in_transit + c.supply == EMPLOYEES, f"{who}: employees not conserved"
        on_map = state.slot_owner.count(seat)
        donated = sum(cell.count(seat) for cell in state.donation_discs)
        ready = sum(tab_discs(c, t) for t in range(4))
        assert min(tab_discs(c, t) for t in range(4)) >= 0, who
        # 1 score-track disc + 4 track discs never leave their places.
        assert c.discs + 5 + ready + on_map + donated == DISCS, f"{who}: discs not conserved (§3 6D)"
        assert donated == c.donations, f"{who}: donation count differs from discs on the table (R8.1.3)"
        for cell in range(N_CELLS):
            dept = c.cells[cell]
            if dept > 0:
                assert len(c.staff[cell]) == len(workplace_costs(dept)), f"{who}: workplaces of {dept}"
            else:
                # R4.4.3: an active employee always occupies a workplace; empty cells and lobbies have none.
                assert dept in (0, LOBBY) and not any(c.staff[cell]), f"{who}: standing off a workplace"
        hr = c.cells.index(data.D_HR)
        assert c.staff[hr][PERMANENT_WORKPLACE] != FREE, f"{who}: permanent HR employee left (R4.3.1)"
        assert c.tracks[0] >= 1 and max(c.tracks) <= data.TRACK_LAST, who
    for k, owner in enumerate(state.slot_owner):
        if 0 <= owner < state.players:
            slot = data.SLOT_TYPE[k]
            assert slot in ("T", data.PROJECT_CODES[state.slot_project[k]]), "wrong slot type (R6.3.1)"
    for tile in range(1, len(data.TILES) + 1):
        owned = sum(c.cells.count(tile) + (c.reserved == tile) for c in state.companies)
        assert state.display[tile] >= 0 and state.display[tile] + owned <= data.TILE_COPIES, f"tile {tile}"
        assert all(c.cells.count(tile) <= 1 for c in state.companies), "two identical departments (R4.4.5)"
    assert 1 <= state.round <= data.ROUNDS
    for region in range(4):
        on_last = sum(1 for c in state.companies if c.tracks[region] == data.TRACK_LAST)
        assert on_last <= 1, "two discs on a track's space 5 (R2.5.2)"
    for stack in state.donation_discs:
        players = [o for o in stack if o < state.players]
        assert len(players) == len(set(players)), "a player holds two discs on one donation cell (§7.15)"


def probe_illegal(state: CarnegieState, seat: int, legal: list[Action], rng: Rng, n: int = 4) -> None:
    """Actions not listed by legal_actions are refused with an EngineError and change nothing."""
    listed = {GAME.format_action(a) for a in legal}
    before = GAME.dump_state(state)
    for text in rng.shuffled(PROBES)[:n]:
        if text in listed:
            continue
        with pytest.raises(EngineError):
            GAME.apply(state, seat, GAME.parse_action(text))
    others = [s for s in range(state.players) if s not in GAME.pending(state).seats]
    if others and legal:
        with pytest.raises(NotYourTurn):
            GAME.apply(state, others[0], legal[0])
    assert GAME.dump_state(state) == before


# --- the self-play test -------------------------------------------------------------------------------------


def checked_game(players: int, seed: int) -> tuple[CarnegieState, list[Move]]:
    """Play one seeded game, checking every action; returns the final state and the log."""
    options = options_for(seed)
    state = GAME.new_game(players, seed, options)
    neutral = neutral_discs(state)
    assert neutral == data.NEUTRAL_DISCS[players]
    seat_rng, probe_rng = Rng(seed=seed + 7), Rng(seed=seed + 11)
    agents = players_for(players, seed)
    log: list[Move] = []
    check_invariants(state)
    for _ in range(40_000):
        decision = GAME.pending(state)
        if decision.finished:
            break
        seats = decision.seats
        converter = seat_rng.below(20 * players)
        if converter < players and state.companies[converter].goods:
            # R5.7.1: any player may return goods for money at any moment, even when not asked to decide;
            # the engine refuses only a conversion that would leave the player unable to pay for the cell
            # of the department being placed (test_converting_goods_never_strands_a_pending_decision).
            k = 1 + seat_rng.below(state.companies[converter].goods)
            action = GAME.parse_action(f"convert {k}")
            money = state.companies[converter].money
            placing = any(t.kind == "place" and t.seat == converter for t in state.tasks)
            try:
                state = GAME.apply(state, converter, action).state
            except EngineError:
                assert placing, f"convert {k} refused outside a 'place' decision"
                continue
            assert state.companies[converter].money == money + k
            log.append(Move(converter, action))
            check_invariants(state)
            continue
        seat = seats[seat_rng.below(len(seats))]
        legal = GAME.legal_actions(state, seat)
        assert legal, f"seat {seat} pending ({decision.kind}) without a legal action"
        probe_illegal(state, seat, legal, probe_rng)
        if len(log) % 7 == 0:  # every listed action is accepted by apply and keeps the invariants
            for candidate in legal:
                check_invariants(GAME.apply(state, seat, candidate).state)
                assert GAME.describe_action(state, seat, candidate), GAME.format_action(candidate)
            GAME.view(state, None)
            GAME.view(state, seat)
        for candidate in legal:
            text = GAME.format_action(candidate)
            assert len(text) <= 90 and GAME.parse_action(text) == candidate, text
        action = agents[seat].choose(GAME, state, seat, legal)
        text = GAME.format_action(action)
        before = GAME.dump_state(state)
        new = GAME.apply(state, seat, action).state
        assert GAME.dump_state(state) == before, f"apply mutated its input ({text})"
        state = new
        log.append(Move(seat, action))
        check_invariants(state)
        assert neutral_discs(state) == neutral, "neutral discs moved"
        if len(log) % 5 == 0:  # the provisional score is available at any moment (§9.2, scoring.py)
            sheet = GAME.score(state)
            assert sheet.final is (state.phase == "over") and all(line.total >= 0 for line in sheet.lines)
    else:
        raise AssertionError("no end after 40000 steps")
    return state, log


def replay_log(players: int, seed: int, log: list[Move]) -> CarnegieState:
    return replay(GAME, players, seed, options_for(seed), notations(log))


CASES = [(n, seed) for n, seeds in SEEDS.items() for seed in seeds]


@pytest.mark.parametrize(("players", "seed"), CASES, ids=[f"{n}p-seed{s}" for n, s in CASES])
def test_random_selfplay_keeps_every_invariant(players: int, seed: int) -> None:
    final, log = checked_game(players, seed)
    # R5.1.3, R9.1.1: 20 rounds, one row chosen per round, all markers on their last space.
    assert final.phase == "over" and final.round == data.ROUNDS
    assert final.markers == [5, 5, 5, 5]
    assert sum(1 for m in log if m.action.verb == "row") == data.ROUNDS
    assert GAME.dump_state(replay_log(players, seed, log)) == GAME.dump_state(final)
    with pytest.raises(GameOver):
        GAME.apply(final, 0, GAME.parse_action("done"))
    sheet = GAME.score(final)
    assert sheet.final and len(sheet.lines) == players
    assert all(line.total == sum(line.categories.values()) for line in sheet.lines)


def test_greedy_selfplay_plays_a_full_game_within_the_rules() -> None:
    """The greedy players reach states random play rarely does (many builds and donations)."""
    state = GAME.new_game(3, 5, {"tab_sides": "random"})
    bots: list[Player] = [GreedyPlayer(1), GreedyPlayer(2), GreedyPlayer(3)]
    final, log = play(GAME, state, bots, seat_rng=Rng(seed=5))
    check_invariants(final)
    assert final.phase == "over"
    assert GAME.dump_state(replay_with(3, 5, {"tab_sides": "random"}, log)) == GAME.dump_state(final)


def replay_with(players: int, seed: int, options: dict[str, str], log: Sequence[Any]) -> CarnegieState:
    return replay(GAME, players, seed, options, notations(log))


def test_converting_goods_never_strands_a_pending_decision() -> None:
    """Found by self-play (3 players, seed 0): a seat pending must always have a legal action. The engine
    refuses a conversion (R5.7.1) that would leave the seat unable to pay for the cell of its Strategic
    Planning department (R6.2.1–R6.2.2)."""
    from tests.engine.carnegie.fixtures import legal_texts, play, started

    state = started(2)
    seat = state.first
    state = play(state, seat, "row MGT")
    while not (state.phase == "departments" and GAME.pending(state).seats == [seat]):
        other = GAME.pending(state).seats[0]
        legal = legal_texts(state, other)
        state = play(state, other, "done" if "done" in legal else sorted(legal)[0])
    c = state.companies[seat]
    c.goods, c.money = 2, 0  # exactly the 2 goods a department costs on a cell without employees
    state = play(state, seat, f"use SP {c.reserved}")
    assert GAME.pending(state).kind == "place"
    with pytest.raises(EngineError) as refused:
        play(state, seat, "convert 2")
    assert getattr(refused.value, "rule", None) == "R6.2.2"
    cells = [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]
    assert cells, "seat must choose a cell but no cell is legal any more"
    state = play(state, seat, cells[0])  # the department is placed with the 2 goods
    assert state.companies[seat].goods == 0 and GAME.legal_actions(state, seat)
