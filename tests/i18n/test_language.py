"""Issue 21: saying the engine's sentences in the reader's language (render/common/language.py)."""

from __future__ import annotations

import pickle

from engine.core.words import Msg, fit, join, listing, msg, plural
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
    sent = listing([msg("{n} of {what}", n=2, what=plural("{n} odd thing", "{n} odd things", 2)), "x"])
    back = pickle.loads(pickle.dumps(sent))
    assert isinstance(back, Msg) and back == sent
    assert isinstance(back.args["items"], Msg) and isinstance(back.args["items"].parts[0], Msg)
    assert say(back, "uk") == say(sent, "uk") == "2 of 2 odd things і x"


def test_a_package_says_its_own_word_where_two_games_differ() -> None:
    """Carnegie's goods are "mercaderies" (seed 001), Nipron's wares "béns": each game's key is looked up
    in its own catalogue first (engine.core.words.caller_unit)."""
    from engine.carnegie.data import Gain
    from engine.carnegie.words import gain_text
    from engine.nipron.words import amount

    assert say(gain_text(Gain(goods=3)), "ca") == "3 mercaderies"
    assert say(amount("goods", 3), "ca") == "3 béns"


def test_a_label_makes_its_shorter_forms_only_when_a_language_needs_them() -> None:
    """``fit``: the English is the first form that fits; a form given as a function is made when some
    language's saying of the forms before it is too long (an HR turn's panel labels ~100 journeys, each in
    six lengths), and a label crossing processes takes every form with it."""
    made: list[str] = []

    def form(key: str) -> Msg:
        made.append(key)
        return msg(key)

    # "Strategic Planning" is "Стратегічне планування" in Ukrainian: longer than the 20 characters allowed.
    label = fit(20, lambda: form("Strategic Planning"), lambda: form("Planning"), lambda: form("Plan"))
    assert label == "Strategic Planning" and made == ["Strategic Planning"]
    assert say(label, "en") == "Strategic Planning" and made == ["Strategic Planning"]
    assert say(label, "uk") != "Стратегічне планування" and made == ["Strategic Planning", "Planning"]
    back = pickle.loads(pickle.dumps(label))
    assert made == ["Strategic Planning", "Planning", "Plan"]
    assert back.parts == ("Strategic Planning", "Planning", "Plan") and say(back, "uk") == say(label, "uk")
