"""Issue 21: every Carnegie button label fits a button (``MAX_LABEL`` characters) in every language without
being cut (one of its forms fits, ``engine.core.words.fit``), and is a sentence of the catalogue (a
``Msg``), never English that a player of another language would meet. Labels of seeded games with 1 to 4
players, every legal action of every pending seat along the way, with the group labels a panel files them
under."""

from __future__ import annotations

import pickle

import pytest

from engine.carnegie.game import GAME
from engine.core import MAX_LABEL, Rng
from engine.core.words import Msg, fit, msg
from render.common.language import LANGUAGES, say

# (players, seed): a solo game and one game of each table size.
GAMES = [(1, 3), (2, 6), (3, 21), (4, 2)]
STEPS = 300  # decisions played in each game: setup, early and middle rounds


def _labels(players: int, seed: int) -> list[str]:
    rng = Rng(seed=seed)
    state = GAME.new_game(players, seed, {"tab_sides": "random"})
    said: list[str] = []
    for _ in range(STEPS):
        decision = GAME.pending(state)
        if decision.finished:
            break
        for seat in decision.seats:
            for action in GAME.legal_actions(state, seat):
                said.append(GAME.describe_action(state, seat, action))
                said.extend(GAME.group_action(state, seat, action))
        seat = decision.seats[rng.below(len(decision.seats))]
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.below(len(legal))]).state
    return said


@pytest.mark.parametrize(("players", "seed"), GAMES, ids=[f"{p}p-seed{s}" for p, s in GAMES])
def test_every_label_fits_a_button_in_every_language(players: int, seed: int) -> None:
    labels = _labels(players, seed)
    assert len(labels) > 100
    not_said = sorted({label for label in labels if not isinstance(label, Msg)})
    assert not not_said, f"labels outside the catalogue: {not_said[:5]}"
    said = {(lang, say(label, lang)) for label in labels for lang in LANGUAGES}
    too_long = sorted((lang, text) for lang, text in said if len(text) > MAX_LABEL or text.endswith("…"))
    assert not too_long, f"{len(too_long)} labels over {MAX_LABEL} characters or cut: {too_long[:10]}"


def test_a_label_takes_in_each_language_the_first_form_that_fits() -> None:
    """``fit``: the English keeps its long form; Russian, whose department name is longer, the short one."""
    label = fit(20, msg("Strategic Planning"), msg("Sales"))
    assert label == "Strategic Planning"
    assert say(label, "ru") == "Продажи"
    back = pickle.loads(pickle.dumps(label))
    assert say(back, "ru") == "Продажи"
    assert say(fit(10, msg("Strategic Planning")), "pl") == "Planowani…"  # the last form, cut


def test_a_space_named_in_a_play_out_is_still_named_for_a_player() -> None:
    """The names of the company board's spaces are kept for the next label (``words.bare_space``: an HR turn
    names the same few spaces in ~100 journeys). A play-out names them quietly, as nothing: the label a
    player reads after it must still name the space."""
    from engine.carnegie.words import bare_space
    from engine.core.words import quietly

    state = GAME.new_game(2, 6, {"tab_sides": "random"})
    cells = list(state.companies[0].cells)
    with quietly():  # the empty spaces named after a neighbour (a corner's name is made once, at import)
        unsaid = [i for i, content in enumerate(cells) if content == 0 and bare_space(cells, i) == ""]
    assert unsaid
    for cell in unsaid:
        named = bare_space(cells, cell)
        assert named.startswith("empty space") and isinstance(named, Msg)
        assert say(named, "uk") != named
