"""English a player of another language must not read (issue 21): ``english_in(text, lang)`` lists the
English words of ``text``.

An English word is one of at least ``MIN_LETTERS`` letters in an English key of some catalogue (the
keys ``make catalogues`` extracts from the code: every sentence the bot, the pictures and the engines
say), except words that the language's own translations use too (Catalan and Polish share Latin
letters and some words with English: "final", "total"), the names a player may read in any language
(city names as printed on the board, the players' names) and ``ALLOWED``, each with its reason.
Words are compared without case.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from engine.carnegie import data as carnegie
from render.common.catalogues import template, units
from render.common.language import DEFAULT, catalogue_files, read_catalogue

MIN_LETTERS = 4
WORD = re.compile(r"[^\W\d_]+")  # a run of letters, in any script
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# A slash command named in a sentence ("/game new"): what a player types, as Discord shows it to a
# client in a language Discord does not translate commands into (Catalan), so never a translation's word.
# Text in `code` is what a player types (command syntax, option names), also never translated.
COMMAND = re.compile(r"`[^`]*`|/[a-z]+(?: [a-z]+)?")
# Words of the keys that are not English to a reader, each with why.
ALLOWED: dict[str, str] = {
    "carnegie": "the game's name, printed on the box in every language",
    "nipron": "the game's name, printed on the box in every language",
    "boardroom": "the bot's name",
    "discord": "the platform's name",
}


def words(text: str) -> set[str]:
    """The words of ``text`` long enough to tell a language by, lower-cased, placeholders left out."""
    bare = COMMAND.sub(" ", PLACEHOLDER.sub(" ", text))
    return {w.lower() for w in WORD.findall(bare) if len(w) >= MIN_LETTERS}


def _texts(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else [v for v in value if v]


@functools.cache
def english_words() -> frozenset[str]:
    """Every word of every catalogue's English keys."""
    found: set[str] = set()
    for unit in units():
        for message in template(unit):
            for key in _texts(message.id):
                found |= words(key)
    return frozenset(found)


@functools.cache
def translated_words(lang: str) -> frozenset[str]:
    """Every word of ``lang``'s translations, in every catalogue."""
    found: set[str] = set()
    for path in catalogue_files(lang):
        for message in read_catalogue(path, lang):
            for said in _texts(message.string):
                found |= words(said)
    return frozenset(found)


@functools.cache
def place_names() -> frozenset[str]:
    """The words of the cities' names, as printed on the board (English in every language)."""
    return frozenset(w for city in carnegie.CITIES for w in words(city.name))


def english_in(text: str, lang: str, names: Iterable[str] = ()) -> list[str]:
    """The English words in ``text`` said to a reader of ``lang`` (not English), in the order they come,
    once each; ``names``: the players' names, which are no English."""
    if lang == DEFAULT:
        raise ValueError("every word is English in English")
    spared = translated_words(lang) | place_names() | set(ALLOWED)
    for name in names:
        spared |= words(name)
    wrong = english_words() - spared
    found = [w.lower() for w in WORD.findall(COMMAND.sub(" ", text)) if w.lower() in wrong]
    return list(dict.fromkeys(found))
