"""Issue 21: saying the engine's sentences in the reader's language (render/common/language.py)."""

from __future__ import annotations

import pickle

from engine.core.words import Msg, join, listing, msg, plural
from render.common.language import say, speaking, t


def test_a_list_is_said_in_the_current_language_with_every_item_translated() -> None:
    items = listing(["Anna", "Bohdan", "Carla"])
    assert items == "Anna, Bohdan and Carla"
    with speaking("uk"):
        assert say(items) == "Anna, Bohdan і Carla"
        assert t("{items} and {last}", items="a", last="b") == "a і b"
    assert say(items, "pl") == "Anna, Bohdan i Carla"
    assert say(items) == "Anna, Bohdan and Carla"


def test_an_unknown_language_is_english_and_a_plain_string_is_said_as_it_is() -> None:
    with speaking("xx") as chosen:
        assert chosen == "en"
        assert say(listing(["a", "b"])) == "a and b"
    assert say("Pittsburgh", "uk") == "Pittsburgh"


def test_a_key_without_translation_stays_english_with_its_arguments() -> None:
    counted = plural("{n} unheard-of thing", "{n} unheard-of things", 5)
    assert say(counted, "ru") == "5 unheard-of things"
    assert say(join(" + ", [msg("{x} left", x=3), "b"]), "ca") == "3 left + b"


def test_a_sentence_keeps_its_key_across_processes() -> None:
    sent = listing([msg("{n} of {what}", n=2, what=plural("{n} good", "{n} goods", 2)), "x"])
    back = pickle.loads(pickle.dumps(sent))
    assert isinstance(back, Msg) and back == sent
    assert isinstance(back.args["items"], Msg) and isinstance(back.args["items"].parts[0], Msg)
    # The nested count is in the Carnegie catalogue; the sentence around it in none.
    assert say(back, "uk") == say(sent, "uk") == "2 of 2 товари і x"
