"""Solo: each round's summary gives Andrew the points of the moves it lists (R10.2.2: in his rounds
he opens the next round in the same step as the round's end, so the score must be read at the
checkpoint, not after the step; S5 and §10.4 for what his points are made of)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import plugins
from engine.carnegie import data, solo
from engine.core import CHECKPOINT, Event, RandomPlayer, ScoreLine
from engine.core.replay import play
from engine.core.score_at import score_at

# A category of Andrew's that only his own action moves, and the row whose action moves it (§10.4).
MOVED_BY = {solo.CITIES: data.CON, solo.TILES: data.MGT, solo.TRANSPORT: data.RND}


def stretches(seed: int) -> list[tuple[str, list[Event], ScoreLine]]:
    """(checkpoint key, the events the summary is made of, Andrew's line at the checkpoint)."""
    game: Any = plugins.game("carnegie")
    state = game.new_game(1, seed, {})
    _, played = play(game, state, [RandomPlayer(seed)])
    out = []
    events: list[Event] = []
    for action in played:
        for event in action.events:
            if event.kind != CHECKPOINT:
                events.append(event)
                continue
            sheet = score_at(event)
            if sheet is None:  # the last round: nothing follows it in the step
                sheet = game.score(action_state(game, seed, played, action))
            out.append((str(event.data["key"]), events, sheet.lines[-1]))
            events = []
    return out


def action_state(game: Any, seed: int, played: list[Any], last: Any) -> Any:
    state = game.new_game(1, seed, {})
    for action in played:
        state = game.apply(state, action.seat, action.action).state
        if action is last:
            return state
    raise AssertionError("the action is not in the game")


@pytest.mark.parametrize("seed", [20261121, 7, 11])
def test_every_summary_gives_andrew_the_points_of_the_moves_it_lists(seed: int) -> None:
    before: dict[str, int] = {}
    checked = 0
    for key, events, andrew in stretches(seed):
        turns = [e for e in events if e.kind == "andrew" and e.headline]
        delta = {name: value - before.get(name, 0) for name, value in andrew.categories.items()}
        # S5: the cards filed in this stretch, at the VP card each summary line names.
        filed = sum(solo.VP_CARDS[e.data["position"]] for e in turns)
        assert delta[solo.ACTION_CARDS] == filed, (key, delta, [str(e.text) for e in turns])
        for category, row in MOVED_BY.items():
            if delta[category]:
                acted = [e.data["action"] for e in turns]
                assert row in acted, (key, str(category), delta[category], [str(e.text) for e in turns])
                checked += 1
        before = dict(andrew.categories)
    assert checked >= 3  # the seeds have Andrew build, take tiles or push tracks several times


def test_a_card_on_the_zero_card_is_said_to_score_nothing() -> None:
    told = [str(e.text) for _, events, _ in stretches(20261121) for e in events if e.kind == "andrew"]
    assert any("His card scores nothing this round." in text for text in told)
    assert not any(re.search(r"\b0-VP card", text) for text in told)
