"""Issue 21: everything Nipron says to a player is a sentence with a key (``engine.core.words.Msg``) that
every catalogue translates, in Ukrainian, Russian, Polish and Catalan; button labels stay within
``MAX_LABEL`` in every language.

Seeded games between computer players meet the sentences a game really says: every event and
checkpoint title, every prompt, every label and group label of every listed action, the glance,
the score sheet and refusals of probe actions (§4.3 and the other rules they cite), plus the guide.
"""

from __future__ import annotations

import pytest

from engine.core import CHECKPOINT, MAX_LABEL, EngineError
from engine.nipron import GAME as G
from engine.nipron import data
from engine.nipron.actions import SPACE_CODES
from engine.nipron.state import NipronState
from render.common.language import DEFAULT, LANGUAGES, say
from tests.i18n.keys import keys_of, translated

FOREIGN = [lang for lang in LANGUAGES if lang != DEFAULT]
PROBES = (
    *("take 1 white", "consolidate", "knowledge 3", "run silk", "invest BULBS_A", "train 1", "sell clocks 3"),
    *("put 7 C1N", "export K8", "give lenses", "machine paper", "budget", "pay", "reward 5 yen", "end"),
    *("take 9 white", "take 1", "fly 1", "take 1 pink"),
)


def said_in_a_game(players: int, seed: int) -> tuple[list[str], list[str]]:
    """(sentences, labels) met in a seeded game between computer players."""
    st: NipronState = G.new_game(players, seed)
    bots = [G.ai(seed * 10 + s, "easy") for s in range(players)]
    sentences: list[str] = [G.score(st).note]  # the provisional sheet's note
    labels: list[str] = []
    moves = 0
    while not st.over:
        decision = G.pending(st)
        seat = decision.seats[0]
        sentences.append(decision.prompt)
        glance = G.glance(st, seat)
        sentences += [glance.stage, glance.note]
        actions = G.legal_actions(st, seat)
        for action in actions:
            labels.append(G.describe_action(st, seat, action))
            labels += G.group_action(st, seat, action)
        if moves % 7 == 0:
            for probe in PROBES:
                try:
                    G.apply(st, seat, G.parse_action(probe))
                except EngineError as refusal:
                    sentences.append(refusal.sentence)
        step = G.apply(st, seat, bots[seat].choose(G, st, seat, actions))
        for e in step.events:
            sentences.append(e.data["title"] if e.kind == CHECKPOINT else e.text)
        st = step.state
        moves += 1
    sheet = G.score(st)
    sentences += [line.name for line in sheet.lines] + [c for line in sheet.lines for c in line.categories]
    if sheet.note:
        sentences.append(sheet.note)
    return sentences, labels


def guide_sentences() -> list[str]:
    guide = G.guide
    out = [guide.blurb, guide.help]
    out += [t for topic in guide.topics.values() for t in (topic.title, topic.body)]
    out += [o.description for o in guide.options] + [c.label for o in guide.options for c in o.choices]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 8)])
def test_a_seeded_game_says_only_translated_sentences_and_labels_fit_in_every_language(
    players: int, seed: int
) -> None:
    sentences, labels = said_in_a_game(players, seed)
    assert len(sentences) > 200 and len(labels) > 200
    for lang in FOREIGN:
        missing = {k for text in sentences + labels for k in keys_of(text)} - translated(lang)
        assert not missing, f"{lang}: {sorted(missing)}"
        long = {say(label, lang) for label in labels if len(say(label, lang)) > MAX_LABEL}
        assert not long, f"{lang}: labels over {MAX_LABEL} characters: {sorted(long)}"
        # A translated sentence names its seats by the same placeholders the bot fills in.
        for text in sentences:
            assert "{p" not in say(text, lang) or "{p" in text, (lang, text)


def test_the_guide_is_said_in_every_language() -> None:
    for lang in FOREIGN:
        for text in guide_sentences():
            missing = set(keys_of(text)) - translated(lang)
            assert not missing, f"{lang}: {sorted(missing)}"
            assert say(text, lang) != text or text.isdigit(), (lang, text)


def test_a_refusal_names_its_rule_in_the_readers_language() -> None:
    """§4.3: taking a worker with 6 on the board is refused; the refusal is translated with its rule."""
    st = G.new_game(2, 1, {"first": "1"})
    st.zaibatsu[0].workers = [0, 1, 2, 3, 4, 5]
    with pytest.raises(EngineError) as refused:
        G.apply(st, 0, G.parse_action("take 1 white"))
    said = say(refused.value.sentence, "uk")
    assert said == "У вас 6 робітників: ви мусите зміцнитися. (правило §4.3)"


def test_the_longest_labels_fit_in_every_language() -> None:
    """Labels a game reaches rarely, at their longest: every factory with the largest blueprint
    shortfall (§4.5.1), every achievement for a 5x tile (§5), every influence space covering a tile
    (§4.5.9), every track step and transport in every district."""
    st = G.new_game(4, 2, {"first": "1"})
    z = st.zaibatsu[0]
    z.yen, z.coal, z.blueprints, z.steps["knowledge"] = 99_000, 10, 6, 0
    st.reward_mult = 5
    st.values = [3] * len(st.values)
    texts = [f"invest {t}" for t in data.FACTORY_IDS] + [f"achieve {a}" for a in data.ACHIEVEMENTS]
    texts += [f"put 7 {code}" for code in SPACE_CODES] + [f"bump {code}" for code in SPACE_CODES]
    texts += [f"{kind} {d}" for kind in ("train", "ship") for d in range(1, 5)]
    texts += [f"{kind} {n}" for kind in ("knowledge", "mines", "machines") for n in (1, 2, 3)]
    texts += [f"trade {t}" for t in data.TRACKS] + ["consolidate", "budget", "pay", "end"]
    texts += [f"reward {m} {b}" for m in data.MULTIPLIERS for b in data.REWARD_BONUSES]
    labels = [G.describe_action(st, 0, G.parse_action(text)) for text in texts]
    for lang in FOREIGN:
        long = [say(label, lang) for label in labels if len(say(label, lang)) > MAX_LABEL]
        assert not long, f"{lang}: {long}"
