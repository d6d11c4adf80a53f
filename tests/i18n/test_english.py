"""The English detector (issue 21, ``tests.i18n.english``) on a few sentences: English left in a
translated text is found; the words a language shares with English, city and player names and the
allowed words are not."""

from __future__ import annotations

import pytest

from engine.core.words import msg
from render.common.language import say
from tests.i18n.english import ALLOWED, english_in, english_words, place_names, translated_words

KEY = "Your language: {language}."  # one of the bot's own sentences (bot/on_discord/cogs/clocks.py)


def test_an_english_sentence_shown_to_a_ukrainian_reader_is_found() -> None:
    english = msg(KEY, language="Українська")
    assert english_in(english, "uk") == ["your"]
    assert english_in(say(english, "uk"), "uk") == []
    assert english_in("Ваша мова: Українська. Game over", "uk") == ["game", "over"]


def test_a_word_catalan_shares_with_english_is_english_only_elsewhere() -> None:
    shared = sorted(english_words() & translated_words("ca") - translated_words("uk"))
    assert shared, "no word of the keys is Catalan too"
    word = shared[0]
    assert english_in(f"El {word}.", "ca") == []
    assert english_in(f"Це {word}.", "uk") == [word]


def test_player_names_are_names_not_english() -> None:
    name = "Lobby Host"
    assert english_in(f"{name}: хід", "uk") == ["lobby", "host"]
    assert english_in(f"{name}: хід", "uk", names=[name]) == []


@pytest.mark.parametrize("lang", ["uk", "ru", "pl", "ca"])
def test_city_names_and_allowed_words_pass(lang: str) -> None:
    assert {"york", "seattle"} <= place_names()
    assert english_in("New York, Seattle, Boardroom, Discord", lang) == []
    assert all(reason for reason in ALLOWED.values())


def test_english_has_no_english_to_find() -> None:
    with pytest.raises(ValueError):
        english_in("Game over", "en")
