"""Player words (issue 14): everything Carnegie's engine writes for a player reads well alone — no engine
code, notation, bare cell coordinate, spec id or setup-step number, and plurals right.

Seeded self-play games (2 players, 4 players, solo) are walked decision by decision; every label of
every listed action, every prompt, event text, glance note and refusal met on the way, and every guide
topic, is checked against the one list of patterns below.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

import pytest

from engine.carnegie import GAME, data, scoring, solo, words
from engine.carnegie.actions import act
from engine.carnegie.rules.flow import candidates
from engine.core import MAX_LABEL, EngineError, Rng

LABEL, PROMPT, EVENT, GLANCE, TOPIC, REFUSAL = "label", "prompt", "event", "glance", "topic", "refusal"
EVERYWHERE = frozenset({LABEL, PROMPT, EVENT, GLANCE, TOPIC, REFUSAL})

# The one list: (pattern, where it must never appear).
FORBIDDEN: list[tuple[str, frozenset[str]]] = [
    (r"[A-Z]{3}-[A-Z]+", EVERYWHERE),  # donation codes: WEL-MONEYGOODS, EDU-HR
    (r"\bR\d+\.\d", EVERYWHERE),  # spec ids: R5.2.1
    (r"§", EVERYWHERE),  # spec sections: §9.3
    (r"setup (step )?\d", EVERYWHERE),  # setup 6B, setup step 11
    (r"\(s\)", EVERYWHERE),  # employee(s)
    (r"\b1 (goods|moves|employees|workers)\b", EVERYWHERE),  # plurals right
    (r"version \d", EVERYWHERE),
    (r"\bcell \d", EVERYWHERE),  # cell 1,3
    (r"\d,\d\*?>", EVERYWHERE),  # move notation: 4,4*>4,3
    (r"\b(CON|HR|MGT|RD|TF|SP)\b", frozenset({LABEL})),  # department and action codes
]

TABLES = [(2, 3, {"tab_sides": "chosen"}), (4, 5, {"tab_sides": "chosen"}), (1, 7, {"difficulty": "hard"})]
DECISIONS = 400


def _walk(players: int, seed: int, options: dict[str, str]) -> dict[str, set[str]]:
    """Texts met in a seeded game of greedy players, by kind."""
    state = GAME.new_game(players, seed, options)
    ais = [GAME.ai(seed + seat) for seat in range(players)]
    rng = Rng(seed=seed)
    seen: dict[str, set[str]] = defaultdict(set)
    for _ in range(DECISIONS):
        decision = GAME.pending(state)
        if decision.finished:
            break
        seen[PROMPT].add(decision.prompt)
        seen[GLANCE].update(GAME.glance(state, seat).note for seat in range(players))
        seat = decision.seats[rng.below(len(decision.seats))]
        legal = GAME.legal_actions(state, seat)
        seen[LABEL].update(GAME.describe_action(state, seat, action) for action in legal)
        listed = {GAME.format_action(a) for a in legal}
        refused = [c for c in candidates(state, seat) if " ".join((c.verb, *c.args)) not in listed]
        for c in refused[:: max(1, len(refused) // 4)]:
            with pytest.raises(EngineError) as error:
                GAME.apply(state, seat, act(c.verb, *c.args))
            # the message alone: the rule id stays the error's data (``EngineError.rule``)
            assert isinstance(error.value, EngineError) and error.value.rule
            seen[REFUSAL].add(error.value.message)
        step = GAME.apply(state, seat, ais[seat].choose(GAME, state, seat, legal))
        seen[EVENT].update(event.text for event in step.events if event.text)
        state = step.state
    return seen


def _offences(kind: str, texts: Iterable[str]) -> list[str]:
    return [
        f"{kind}: {pattern!r} in {text!r}"
        for text in texts
        for pattern, where in FORBIDDEN
        if kind in where and re.search(pattern, text)
    ]


@pytest.mark.parametrize(("players", "seed", "options"), TABLES, ids=["2p", "4p", "solo"])
def test_a_seeded_game_speaks_player_words(players: int, seed: int, options: dict[str, str]) -> None:
    seen = _walk(players, seed, options)
    assert seen[LABEL] and seen[PROMPT] and seen[EVENT] and seen[GLANCE] and seen[REFUSAL]
    offences = [o for kind, texts in seen.items() for o in _offences(kind, texts)]
    assert not offences, "\n".join(offences[:20])
    # a label fits a button whole, never cut with an ellipsis
    cut = [label for label in seen[LABEL] if len(label) > MAX_LABEL or label.endswith("…")]
    assert not cut, cut


def test_the_guide_speaks_player_words_and_fits() -> None:
    topics = GAME.guide.topics
    assert len(topics) <= 25
    for key, topic in topics.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)?", key) and len(key) <= 16, key
        assert len(topic.title) <= 80 and len(topic.body) <= 1500, key
        assert "Rulebook: " in topic.body, key  # the printed rulebook's section, in words
    texts = [t.title for t in topics.values()] + [t.body for t in topics.values()] + [GAME.guide.help]
    offences = _offences(TOPIC, texts)
    assert not offences, "\n".join(offences)


def test_the_guide_covers_every_component_kind() -> None:
    """Issue 14: all 16 departments with their effects, the donations with their conditions, tab sides,
    the connection table, Timeline events and Andrew."""
    text = " ".join(t.title + " " + t.body for t in GAME.guide.topics.values())
    for name in data.DEPT_NAMES.values():
        assert name in text, name
    for _, _, _, condition in data.DONATION_CELLS:
        assert condition in text, condition
    for cart, coach, rail in data.CONNECTION_TABLE.values():
        assert f"{cart} / {coach} / {rail}" in text
    assert {"tabs", "connections", "timeline", "andrew", "table"} <= set(GAME.guide.topics)


def test_count_says_one_good_and_two_goods() -> None:
    assert words.count(1, "good") == "1 good"
    assert words.count(2, "good") == "2 goods"
    assert words.count(0, "move") == "0 moves"
    assert words.count(1, "study point") == "1 study point"
    assert words.gain(data.Gain(money=2, goods=1, employees=1)) == ["$2", "1 good", "1 new employee"]


def test_donations_are_named_by_cause_with_their_condition_in_words() -> None:
    welfare = data.DONATION_INDEX["WEL-MONEY"]
    assert words.donation(welfare) == "Welfare: 2 VP per $5 paid at the end, up to 6 times"
    assert words.donation_code("edu-hr") == "Education: 3 VP per Human Resources department"


def test_empty_spaces_are_named_by_a_neighbour() -> None:
    """A space is named by the shortest "side of a neighbour", else as a corner: never a coordinate."""
    state = GAME.new_game(2, 1)
    cells = state.companies[0].cells
    names = [words.space(cells, i) for i in range(len(cells))]
    assert "the empty space right of the Lobby" in names
    assert "the empty top-left corner space" in names
    assert len(set(names)) == len(names)  # every space has its own name


def test_andrew_shares_the_players_category_names_where_they_apply() -> None:
    """A ranked table can show Andrew's line beside the players' (issue 14)."""
    shared = {scoring.DEPARTMENTS, scoring.CITIES, scoring.DONATIONS}
    assert shared <= set(scoring.CATEGORIES)
    assert shared <= {solo.TILES, solo.CITIES, solo.DONATIONS}
