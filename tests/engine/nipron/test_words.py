"""Player words (issues 14 and 15): everything Nipron's engine writes for a player reads well alone — no
engine code (factory tiles, contracts, achievement spaces, influence spaces), no spec id, plurals right,
labels that fit a button whole.

Seeded self-play games at 2, 3 and 4 players, random and greedy, are walked decision by decision; every
label of every listed action, every prompt, event text, glance note and refusal met on the way, and every
guide topic, is checked against the one list of patterns below.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

import pytest

from engine.core import MAX_LABEL, EngineError, Rng
from engine.nipron import GAME, data, words
from engine.nipron.rules.choices import candidates

# The one list of patterns that must never appear in what a player reads.
FORBIDDEN: list[str] = [
    r"[A-Z]{2,}_[A-Z]",  # factory tile codes: BENTO_A
    r"\bK\d\b",  # contract codes
    r"\bA\d\b",  # achievement space codes
    r"\bC\d[NESW]?\b",  # city and influence space codes
    r"\bL\d\b",  # factory levels as codes
    r"\(s\)",
    r"\b1 (goods|workers|machines|blueprints|steps)\b",  # plurals right
    r"§",  # spec sections
    r"\bP\d+\b",  # placeholder ids
    r"_",
]

TABLES = [
    (2, 3, "greedy"),
    (2, 11, "random"),
    (3, 5, "greedy"),
    (3, 8, "random"),
    (4, 7, "greedy"),
    (4, 9, "random"),
]
DECISIONS = 300


def _walk(players: int, seed: int, how: str) -> dict[str, set[str]]:
    """Texts met in a seeded game, by kind."""
    state = GAME.new_game(players, seed, {})
    ais = [GAME.ai(seed + seat) for seat in range(players)]
    rng = Rng(seed=seed)
    seen: dict[str, set[str]] = defaultdict(set)
    for _ in range(DECISIONS):
        decision = GAME.pending(state)
        if decision.finished:
            break
        seen["prompt"].add(decision.prompt)
        seen["glance"].update(GAME.glance(state, s).note for s in range(players))
        seat = decision.seats[0]
        legal = GAME.legal_actions(state, seat)
        seen["label"].update(GAME.describe_action(state, seat, a) for a in legal)
        listed = {GAME.format_action(a) for a in legal}
        refused = [c for c in candidates(state) if GAME.format_action(c) not in listed]
        for c in refused[:: max(1, len(refused) // 4)]:
            with pytest.raises(EngineError) as error:
                GAME.apply(state, seat, c)
            assert error.value.rule  # the rule id stays the error's data
            seen["refusal"].add(error.value.message)
        action = (
            ais[seat].choose(GAME, state, seat, legal) if how == "greedy" else legal[rng.below(len(legal))]
        )
        step = GAME.apply(state, seat, action)
        seen["event"].update(e.text for e in step.events if e.text)
        state = step.state
    return seen


def _offences(kind: str, texts: Iterable[str]) -> list[str]:
    return [f"{kind}: {p!r} in {t!r}" for t in texts for p in FORBIDDEN if re.search(p, t)]


@pytest.mark.parametrize(("players", "seed", "how"), TABLES, ids=[f"{p}p-{h}-{s}" for p, s, h in TABLES])
def test_a_seeded_game_speaks_player_words(players: int, seed: int, how: str) -> None:
    seen = _walk(players, seed, how)
    assert seen["label"] and seen["prompt"] and seen["event"] and seen["glance"]
    offences = sorted({o for kind, texts in seen.items() for o in _offences(kind, texts)})
    assert not offences, "\n".join(offences[:40])
    cut = [label for label in seen["label"] if len(label) > MAX_LABEL or label.endswith("…")]
    assert not cut, cut
    # prompts follow a name: lowercase, no final full stop
    bad = [p for p in seen["prompt"] if p[:1] != p[:1].lower() or p.endswith(".")]
    assert not bad, bad


def test_the_guide_speaks_player_words() -> None:
    topics = GAME.guide.topics
    texts = [t.title for t in topics.values()] + [t.body for t in topics.values()] + [GAME.guide.help]
    offences = _offences("topic", texts)
    assert not offences, "\n".join(offences)


def test_the_guide_covers_every_component_kind() -> None:
    """Factories with their bonuses, contracts by their pattern, achievements by condition, districts."""
    text = " ".join(t.body for t in GAME.guide.topics.values())
    for tile in data.FACTORY_IDS:
        assert words.factory_bonus(tile) in text, tile
    for cid in data.CONTRACT_IDS:
        assert words.contract_need_words(cid) in text, cid
    for aid in data.ACHIEVEMENTS:
        assert words.achievement(aid) in text, aid
    for d in range(data.DISTRICTS):
        assert words.district(d) in text, d


def test_amounts_say_one_good_and_two_goods() -> None:
    assert words.amount("goods", 1) == "1 good"
    assert words.amount("goods", 2) == "2 goods"
    assert words.amount("bp", 1) == "1 blueprint"
    assert words.amount("coal", 3) == "3 coal"
    assert words.amount("yen", 5_000) == "¥5,000"


def test_places_are_named_as_the_pictures_name_them() -> None:
    assert words.district(1) == "District 2 (north-central)"
    assert words.city(2) == "the West city of District 2 (north-central)"
    names = [words.space(i) for i in range(data.CITIES * 4)]
    assert names[2 * 4 + 0] == "north of the West city of District 2 (north-central)"
    assert len(set(names)) == len(names)


def test_components_are_named_by_what_they_show() -> None:
    assert words.contract("K4") == "the 2 + 1 contract"
    assert words.achievement("A1") == "1 VP per 2 fulfilled contracts"
    assert words.factory("LENSES_B") == "level-2 Lenses factory (bonus: 3 blueprints)"
    # tiles of one product and level are told apart by their bonus
    for good in data.GOODS:
        tiles = [t for t in data.FACTORY_IDS if data.FACTORIES[t].good == good]
        assert len({words.factory(t) for t in tiles}) == len(tiles)
