"""Full seeded solo games (rules.md §10) at every difficulty, checking invariants after every action and
replay determinism; the score sheet and the renderer's Andrew row at the end."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.carnegie import GAME as G
from engine.carnegie import data, scoring, solo
from engine.carnegie.ai import GreedyPlayer
from engine.carnegie.state import ANDREW, NO_PROJECT, CarnegieState
from engine.core import GameOver, Played, Player, Rng, play, replay
from render.carnegie.adapter import board_model
from render.carnegie.overview import draw_overview

from .test_selfplay import EagerRandomPlayer, Move, check_invariants, neutral_discs, notations


def andrew_invariants(state: CarnegieState, cards: Counter[str], display: list[int]) -> None:
    a = state.andrew
    assert a is not None
    # R10.1.3–R10.1.4: 26 discs besides the 4 track discs, never more, never fewer
    on_map = state.slot_owner.count(ANDREW)
    donated = sum(stack.count(ANDREW) for stack in state.donation_discs)
    assert a.discs >= 0 and a.discs + on_map + donated == solo.ANDREW_DISCS
    assert all(stack.count(ANDREW) <= 1 and (ANDREW not in stack or stack[0] == ANDREW)
               for stack in state.donation_discs)  # fmt: skip
    assert all(state.slot_project[k] == NO_PROJECT for k, o in enumerate(state.slot_owner) if o == ANDREW)
    assert all(1 <= t <= data.TRACK_LAST for t in a.tracks)
    for region in range(4):  # R2.5.2 with Andrew (R10.3.1)
        last = [c.tracks[region] for c in state.companies] + [a.tracks[region]]
        assert last.count(data.TRACK_LAST) <= 1
    # the 20 cards: deck + current + piles (R10.2 S1, S5); one card filed per finished round
    held = Counter(a.deck + ([a.current] if a.current else []) + [c for p in a.piles for c in p])
    assert held == cards
    finished_rounds = state.round - (0 if state.phase == "over" else 1)
    assert sum(len(p) for p in a.piles) == finished_rounds
    assert 0 <= a.shift <= solo.LAST_POSITION
    assert bool(a.current) == (state.phase != "over" and state.phase in PLAY_PHASES)
    # department tiles: displayed + the human's + Andrew's = what setup displayed
    human = state.companies[0]
    for tile in range(1, 17):
        placing = sum(1 for t in state.tasks if t.kind == "place" and t.a == tile)  # chosen, cell pending
        owned = human.cells.count(tile) + (human.reserved == tile) + a.tiles.count(tile) + placing
        assert state.display[tile] + owned == display[tile], f"tile {tile}"
    if state.phase == "select":
        assert state.round % 2 == 1, "the human never selects in Andrew's (even) rounds (R10.2)"


PLAY_PHASES = frozenset({"select", "income", "donate", "departments", "activate"})


def solo_game(difficulty: str, seed: int) -> tuple[CarnegieState, list[Move]]:
    options = {"difficulty": difficulty, "tab_sides": ("chosen", "random")[seed % 2]}
    state = G.new_game(1, seed, options)
    assert state.andrew is not None
    cards = Counter(state.andrew.deck)
    display = state.display[:]
    neutral = neutral_discs(state)
    # seed 1: random play; seed 2: the greedy bot, which builds, donates and researches far more
    agent: Player = EagerRandomPlayer(seed) if seed % 2 else GreedyPlayer(seed)
    converter = Rng(seed=seed + 3)
    log: list[Move] = []
    for _ in range(20_000):
        if G.pending(state).finished:
            break
        c = state.companies[0]
        if c.goods and converter.below(25) == 0:
            action = G.parse_action(f"convert {1 + converter.below(c.goods)}")
            if G.legal_actions(state, 0) and not any(t.kind == "place" for t in state.tasks):
                state = G.apply(state, 0, action).state
                log.append(Move(0, action))
        legal = G.legal_actions(state, 0)
        assert legal, G.pending(state)
        action = agent.choose(G, state, 0, legal)
        before = G.dump_state(state)
        state = G.apply(state, 0, action).state
        assert G.dump_state(state) != before or action.verb == "done"
        log.append(Move(0, action))
        check_invariants(state)
        andrew_invariants(state, cards, display)
        assert neutral_discs(state) == neutral
    else:
        raise AssertionError("no end")
    return state, log


def replay_log(difficulty: str, seed: int, log: list[Move]) -> CarnegieState:
    options = {"difficulty": difficulty, "tab_sides": ("chosen", "random")[seed % 2]}
    return replay(G, 1, seed, options, notations(log))


@pytest.mark.parametrize("difficulty", list(solo.DIFFICULTIES))
@pytest.mark.parametrize("seed", [1, 2])
def test_full_solo_game_keeps_every_invariant_and_replays(difficulty: str, seed: int) -> None:
    final, log = solo_game(difficulty, seed)
    a = final.andrew
    assert a is not None
    assert final.phase == "over" and final.round == data.ROUNDS and final.markers == [5, 5, 5, 5]
    assert a.deck == [] and sum(len(p) for p in a.piles) == data.ROUNDS
    assert sum(1 for m in log if m.action.verb == "row") == data.ROUNDS // 2  # the human's rounds only
    assert G.dump_state(replay_log(difficulty, seed, log)) == G.dump_state(final)
    with pytest.raises(GameOver):
        G.apply(final, 0, G.parse_action("done"))
    sheet = G.score(final)
    assert sheet.final and [line.seat for line in sheet.lines] == [0, None]  # Andrew has no seat
    human, andrew = sheet.lines
    assert andrew.name == "Andrew" and andrew.total == sum(andrew.categories.values())
    assert sheet.winners == scoring.solo_winners(human.total, andrew.total)
    view = G.view(final, 0)
    assert view.andrew is not None and view.andrew.score == andrew.total
    model = board_model(view, ["Ann"], sheet)
    assert model.andrew is not None and model.andrew.score == andrew.total
    assert model.andrew.tracks == tuple(a.tracks)
    if scoring.ANDREW_LINE in sheet.winners:  # winners are positions in the lines
        assert "Andrew" in model.winners


def test_greedy_bot_plays_a_full_solo_game() -> None:
    """The engine's greedy bot can play solo (its row values read no other seat)."""
    state = G.new_game(1, 9, {"difficulty": "expert", "tab_sides": "random"})
    final, log = play(G, state, [GreedyPlayer(4)])
    assert final.phase == "over"
    assert G.dump_state(replay_with(log)) == G.dump_state(final)


def replay_with(log: list[Played]) -> CarnegieState:
    return replay(G, 1, 9, {"difficulty": "expert", "tab_sides": "random"}, notations(log))


def test_overview_draws_andrews_track_discs() -> None:
    state = G.new_game(1, 2, {"tab_sides": "random"})
    assert state.andrew is not None
    view = G.view(state, 0)
    base = board_model(view, ["Ann"])
    assert base.andrew is not None and base.andrew.tracks == (1, 1, 1, 1)
    state.andrew.tracks = [5, 1, 1, 1]
    moved = board_model(G.view(state, 0), ["Ann"])
    assert moved.andrew is not None and moved.andrew.tracks[0] == 5
    assert draw_overview(base).tobytes() != draw_overview(moved).tobytes()
