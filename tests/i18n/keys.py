"""The keys a sentence is made of, and the keys a language's catalogues translate: for tests that play
games and check that everything a player meets can be said in every language."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.core.words import CONTEXT, Amount, Msg
from render.common.language import catalogue_files, read_catalogue


@cache
def translated(lang: str) -> frozenset[str]:
    """The keys (a counted sentence's by its singular) ``lang``'s catalogues translate, every form filled."""
    keys: set[str] = set()
    for path in catalogue_files(lang):
        for m in read_catalogue(path, lang):
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.id and all(forms) and not m.fuzzy:
                key = str(m.id[0] if isinstance(m.id, tuple) else m.id)
                # A key in a context (a case form) is kept as "context\x04key", as gettext keeps it.
                keys.add(f"{m.context}{CONTEXT}{key}" if m.context else key)
    return frozenset(keys)


def keys_of(text: str) -> Iterator[str]:
    """Every key a sentence is made of, its arguments' and parts' included."""
    assert isinstance(text, Msg), f"plain text reaches a player: {text!r}"
    if isinstance(text, Amount):  # a number: written the reader's way, nothing to translate
        return
    if text.sep is not None:
        for part in text.parts:
            if isinstance(part, Msg):
                yield from keys_of(part)
        return
    assert text.key is not None
    yield text.key
    for value in text.args.values():
        if isinstance(value, Msg):
            yield from keys_of(value)
