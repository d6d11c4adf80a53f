"""The engine protocol (engine/core/game.py) as Nipron implements it: identity, guide, glance, pending,
notation, labels, events, barriers, view and storage."""

from __future__ import annotations

import re

import pytest

from engine.core import MAX_LABEL, InvalidAction, RandomPlayer, play
from engine.core.search import RolloutPlayer
from engine.nipron import GAME as G
from engine.nipron import NipronGame
from engine.nipron.actions import FIELDS
from engine.nipron.ai import GreedyPlayer
from engine.nipron.view import NipronView
from tests.engine.nipron.fixtures import empty_rows, fresh, only_worker_on
from tests.engine.nipron.fixtures import play as play_texts

EXAMPLES = [
    "trade coal",
    "take 3 blue",
    "consolidate",
    "knowledge 2",
    "mines 3",
    "run silk",
    "invest BENTO_C",
    "machines 2",
    "machine lenses",
    "train 4",
    "ship 1",
    "export K8",
    "give bulbs",
    "sell clocks 3",
    "put 7 C8W",
    "bump C1N",
    "budget",
    "pay",
    "reward 5 yen",
    "reward 2 none",
    "achieve A9",
    "end",
]


def test_identity() -> None:
    assert isinstance(G, NipronGame)
    assert (G.name, G.title, G.min_players, G.max_players) == ("nipron", "Nipron", 2, 4)
    assert G.ai_levels == ("easy", "normal", "strong", "random")
    assert isinstance(G.ai(1), GreedyPlayer) and isinstance(G.ai(1, "random"), RandomPlayer)
    assert isinstance(G.ai(1, "strong"), RolloutPlayer)
    with pytest.raises(ValueError):
        G.ai(1, "genius")


def test_guide_topics_in_player_words() -> None:
    g = G.guide
    assert g.blurb and "\n" not in g.blurb and g.help
    assert {"overview", "actions", "consolidate", "scoring", "end"} <= set(g.topics)
    for topic in g.topics.values():
        assert 0 < len(topic.body) <= 900 and "§" not in topic.body and not re.search(r"\bP\d", topic.body)
    assert [o.key for o in g.options] == ["first"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trips(text: str) -> None:
    action = G.parse_action(text)
    assert G.format_action(action) == text and len(text) <= 90


def test_every_action_kind_has_an_example() -> None:
    assert {t.split()[0] for t in EXAMPLES} == set(FIELDS)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "take 6 blue",
        "take 1 purple",
        "knowledge 4",
        "invest SILK_Z",
        "put 8 C1N",
        "put 1 C9N",
        "reward 1 yen",
        "achieve A10",
        "end now",
        "train",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidAction):
        G.parse_action(text)


def test_glance_stage_and_note() -> None:
    st = fresh(3)
    glance = G.glance(st, 0)
    # the running VP, leader first, so that the table sees the race between scorings
    vp = sorted(((z.vp, -seat) for seat, z in enumerate(st.zaibatsu)), reverse=True)
    scores = ", ".join(f"{{p{-seat}}} {v}" for v, seat in vp)
    assert glance.stage == f"Next: Scoring 1 (scoring track {st.marker}/8); VP so far: {scores}"
    assert glance.note == "You have ¥12,000, 2 coal, 1 blueprint, 0 goods, 0 workers and 10 VP."
    assert G.glance(st, None).note == ""
    st.marker, st.scorings = 6, 2
    empty_rows(st)
    only_worker_on(st, 1)
    st.marker = 5
    st, _ = play_texts(st, "take 1 white", "knowledge 1")
    assert G.glance(st, 1).stage.startswith("Final turns: 9 left; VP so far: {p")
    st, _ = play_texts(st, "consolidate")
    assert G.glance(st, 1).stage.startswith("Final turns: 8 left; VP so far: {p")


def test_pending_and_done() -> None:
    st = fresh(2)
    d = G.pending(st)
    assert d.seats == [0] and d.kind == "turn" and d.prompt and d.done is None
    st.zaibatsu[0].blueprints = 3
    st, _ = play_texts(st, "consolidate")
    assert G.pending(st).done == "budget"


def test_labels_fit_and_events_name_players_by_placeholder() -> None:
    st = G.new_game(4, 11)
    st, log = play(G, st, [RandomPlayer(i) for i in range(4)])
    for played in log:
        for e in played.events:
            assert "{p" not in e.text or re.search(r"\{p[0-3]\}", e.text)
            assert not re.search(r"(?i)\bseat \d", e.text)
    seat = G.pending(st).seats[0] if not st.over else 0
    for a in G.legal_actions(st, seat):
        assert len(G.describe_action(st, seat, a)) <= MAX_LABEL
    headlines = {e.kind for p in log for e in p.events if e.headline}
    assert headlines & {"invest", "export", "influence", "scoring", "reward", "train", "ship"}


def test_example_event_text() -> None:
    st = fresh(2)
    colour = next(
        c
        for c, n in zip(("white", "yellow", "orange", "green", "blue", "black"), st.spaces[1], strict=True)
        if n
    )
    st, events = play_texts(st, f"take 2 {colour}", "invest SILK_C")
    texts = [e.text for e in events]
    # knowledge 1 against the 2 a level-1 factory needs: one blueprint covers it
    assert (
        f"{{p0}} took a {colour} worker from space 2 and built a level-1 Silk factory (bonus: ¥5,000) "
        "for ¥6,000 and 1 blueprint." in texts
    )


def test_barrier_on_draws_and_hand_over() -> None:
    st = fresh(2)
    colour = next(
        c
        for c, n in zip(("white", "yellow", "orange", "green", "blue", "black"), st.spaces[0], strict=True)
        if n
    )
    step = G.apply(st, 0, G.parse_action(f"take 1 {colour}"))
    assert not step.barrier
    st.zaibatsu[0].blueprints = 0
    step = G.apply(step.state, 0, G.parse_action("knowledge 1"))
    assert step.barrier and step.state.active == 1


def test_view_is_public_and_complete() -> None:
    st = G.new_game(2, 5)
    v = G.view(st, 0)
    assert isinstance(v, NipronView)
    assert len(v.cities) == 8 and all(len(c.spaces) == 4 for c in v.cities)
    assert len(v.zaibatsu) == 2 and len(v.spaces) == 5 and len(v.rows) == 2
    assert v.bag == sum(st.bag) and v.rewards["2x"] and len(v.supply) == 24
    text = v.model_dump_json()
    assert st.boxed_city not in text and "boxed" not in text


def test_dump_and_load_round_trip() -> None:
    st = G.new_game(3, 9)
    st, _ = play(G, st, [RandomPlayer(i) for i in range(3)], stop=lambda s: s.turns >= 60)
    assert not st.over
    text = G.dump_state(st)
    assert G.dump_state(G.load_state(text)) == text
    with pytest.raises(InvalidAction):
        G.load_state("{}")
