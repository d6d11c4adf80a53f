"""Typed moves in players' words (issue 14 item 5): a notation, the words of a label, or a natural
phrasing that picks out exactly one choice; anything else a sentence, never a guess."""

from __future__ import annotations

import pytest

from bot.service.tables import Choice
from bot.service.typed import PICK_A_SUGGESTION, NotAChoice, resolve

CHOICES = [
    Choice("use CON C chicago", "Build Commerce in Chicago (2 goods)"),
    Choice("use CON H chicago", "Build Housing in Chicago (1 good, +$1)"),
    Choice("use CON C boston", "Build Commerce in Boston (2 goods)"),
    Choice("donate WEL-MONEY", "Donate $5 to Welfare: 2 VP per $5 paid, at most 6"),
    Choice("donate EDU-HR", "Donate $5 to Education: 3 VP per Human Resources department"),
    Choice("choose RND", "Use your Action Choice tile: Research and Development"),
    Choice("reserve 3", "Reserve the Recruiting department"),
    Choice("done", "Done"),
]


@pytest.mark.parametrize(
    ("typed", "notation"),
    [
        ("use CON C chicago", "use CON C chicago"),  # what a suggestion sends
        ("build commerce in chicago", "use CON C chicago"),
        ("Build Housing in Chicago (1 good, +$1)", "use CON H chicago"),
        ("donate welfare", "donate WEL-MONEY"),
        ("donation to education", "donate EDU-HR"),
        ("research", "choose RND"),
        ("reserve recruiting", "reserve 3"),
        ("done", "done"),
    ],
)
def test_players_words_pick_their_choice(typed: str, notation: str) -> None:
    assert resolve(typed, CHOICES) == notation


def test_words_that_fit_several_choices_are_refused_with_examples() -> None:
    with pytest.raises(NotAChoice) as refused:
        resolve("build commerce", CHOICES)
    assert "Build Commerce in Chicago" in refused.value.sentence and "suggestions" in refused.value.sentence


@pytest.mark.parametrize("typed", ["", "   ", "fly to the moon", "the", "build a railroad in chicago"])
def test_anything_else_asks_to_pick_a_suggestion(typed: str) -> None:
    with pytest.raises(NotAChoice) as refused:
        resolve(typed, CHOICES)
    assert refused.value.sentence == PICK_A_SUGGESTION


def test_a_ukrainian_player_types_a_move_in_ukrainian() -> None:
    """Issue 21: the labels are matched as the player reads them, in their language."""
    from engine.carnegie import GAME
    from render.common.language import say, speaking

    state = GAME.new_game(2, 7)
    seat = GAME.pending(state).seats[0]
    choices = [
        Choice(GAME.format_action(a), GAME.describe_action(state, seat, a))
        for a in GAME.legal_actions(state, seat)
    ]
    with speaking("uk"):
        target = choices[-1]
        typed = say(target.label).lower()
        assert typed != target.label.lower(), "the label is not said in Ukrainian"
        assert resolve(typed, choices) == target.notation
