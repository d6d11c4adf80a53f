"""Moves typed in a player's own words (``/game play action:``): the notation a suggestion carries,
or words that pick out exactly one of the player's choices by its label ("build commerce in
chicago", "donate welfare"). Pure text matching over the labels the panel shows, so it works for
every game without knowing any."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.service.refusals import Refusal
from bot.service.tables import Choice
from engine.core.words import msg
from render.common.language import say

PICK_A_SUGGESTION = msg("Start typing and pick one of the suggestions: they are your choices right now.")
# Words that say nothing about which choice is meant, in the five languages (articles, prepositions,
# "and", "my"): a player types them or not, as they like.
_FILLER = {
    *("a", "an", "the", "in", "on", "to", "of", "for", "at", "with", "my", "and", "i", "want"),
    *("в", "у", "на", "до", "з", "і", "й", "та", "мій", "моя", "и", "к", "мой"),
    *("w", "we", "na", "do", "z", "ze", "oraz", "mój", "moja"),
    *("el", "la", "els", "les", "de", "del", "en", "amb", "per", "meu", "meva"),
}
_WORD = re.compile(r"[\w$¥]+")


class NotAChoice(Refusal):
    code = "not_a_choice"


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _FILLER]


def _matches(word: str, label_words: Sequence[str]) -> bool:
    # "builds"/"build", "donate"/"donation": a shared stem of five letters, or the whole word.
    return any(lw == word or (len(word) >= 5 and lw[:5] == word[:5]) for lw in label_words)


def resolve(text: str, choices: Sequence[Choice]) -> str:
    """The notation of the one choice ``text`` means; refuses with a sentence when it means none or
    several. A notation (what a suggestion sends) is taken as it is."""
    typed = text.strip()
    for choice in choices:
        if typed == choice.notation:
            return choice.notation
    words = _words(typed)
    if not words:
        raise NotAChoice(PICK_A_SUGGESTION)
    for choice in choices:
        if _words(say(choice.label)) == words:
            return choice.notation
    found = [c for c in choices if all(_matches(w, _words(say(c.label))) for w in words)]
    if len(found) == 1:
        return found[0].notation
    if not found:
        raise NotAChoice(PICK_A_SUGGESTION)
    some = "; ".join(f"“{say(c.label)}”" for c in found[:2])
    raise NotAChoice(
        msg(
            "That fits several of your choices ({some}…); start typing and pick one of the suggestions.",
            some=some,
        )
    )
