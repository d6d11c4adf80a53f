"""Saying things in the reader's language: the five languages, the catalogues, the current language.

Catalogues are gettext ``.po`` files kept with Babel (``make catalogues`` extracts the keys and
updates every file), one folder ``locales/`` per package that has player words
(``engine/<game>/locales/uk.po``, ``render/<game>/locales/``, ``bot/locales/``…), one file per
language. English needs no file: a key is its English text. Plural forms come from each
catalogue's own ``Plural-Forms`` header (written by Babel from CLDR), never from code here.

The language is a context variable: the bot sets it with ``speaking(lang)`` around what it says to
a player (their language) or posts in a channel (the game's language); a render worker sets it for
the picture it draws. ``say`` translates a ``Msg`` (the engine's sentences) in the current language;
``t`` and ``tn`` are the bot's and the pictures' own sentences, said at once.
"""

from __future__ import annotations

import contextvars
import copy
import functools
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from engine.core.words import Amount, Msg, caller_unit, english_of, fitting
from render.common import numbers
from render.common.command_names import linked

# The languages a player may choose, in the order menus show them, each named in itself.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "uk": "Українська",
    "ru": "Русский",
    "pl": "Polski",
    "ca": "Català",
}
DEFAULT = "en"
ROOT = Path(__file__).resolve().parents[2]
# The packages whose folders may hold a ``locales/`` folder.
LAYERS = ("engine", "render", "bot")

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=DEFAULT)


def current() -> str:
    return _current.get()


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Say everything inside in ``lang`` (an unknown or missing language is English)."""
    chosen = lang if lang in LANGUAGES else DEFAULT
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def catalogue_files(lang: str) -> list[Path]:
    """Every catalogue of ``lang``, in a stable order."""
    return sorted(p for layer in LAYERS for p in (ROOT / layer).rglob(f"locales/{lang}.po"))


def read_catalogue(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


@functools.cache
def _compiled(path: Path, lang: str) -> Translations:
    """One catalogue compiled in memory (no compiled files to go stale)."""
    buffer = io.BytesIO()
    write_mo(buffer, read_catalogue(path, lang))
    buffer.seek(0)
    return Translations(buffer)


@functools.cache
def translations(lang: str) -> Translations | None:
    """All of ``lang``'s catalogues as one (a key no package's own catalogue has is looked up here)."""
    parts = [_compiled(path, lang) for path in catalogue_files(lang)] if lang != DEFAULT else []
    if not parts:
        return None
    merged = copy.copy(parts[0])
    merged._catalog = dict(parts[0]._catalog)  # merging must not change the package's own catalogue
    for part in parts[1:]:
        merged.merge(part)
    return merged


@functools.cache
def unit_translations(lang: str, unit: str) -> Translations | None:
    """One package's catalogue of ``lang`` (looked up before the others for that package's keys)."""
    path = ROOT / unit / "locales" / f"{lang}.po"
    return _compiled(path, lang) if lang != DEFAULT and path.exists() else None


def say(text: str, lang: str | None = None) -> str:
    """``text`` in ``lang`` (default: the current language). A ``Msg`` is translated with its
    arguments; any other string (a name, a number) is said as it is. A translation that is missing
    or broken (a placeholder the key does not have) leaves that sentence in English."""
    if not isinstance(text, Msg):
        return text
    lang = lang or current()
    if isinstance(text, Amount):
        return numbers.written(text.value, text.sign, lang)
    if text.limit is not None:  # ``fit``: the first form that fits in this language
        return fitting((say(form, lang) for form in text.forms()), text.limit)
    if text.sep is not None:
        return text.sep.join(say(part, lang) for part in text.parts)
    args = {k: say(v, lang) if isinstance(v, str) else v for k, v in text.args.items()}
    assert text.key is not None
    counted = text.n is not None and text.many is not None
    # The saying package's own catalogue first (two games may say one English word differently).
    for found in (unit_translations(lang, text.unit) if text.unit else None, translations(lang)):
        # gettext's own table: a key is there, for a counted sentence with its form 0 (stdlib format).
        if found is not None and ((text.key, 0) if counted else text.key) in found._catalog:
            template = (
                found.ngettext(text.key, text.many or text.key, text.n or 0)
                if counted
                else found.gettext(text.key)
            )
            break
    else:
        template = english_of(text.key) if not counted or text.n == 1 else text.many or text.key
    try:
        return linked(template).format(**args)
    except (KeyError, IndexError, ValueError):
        return str(Msg(text.key, args, text.many, text.n, unit=text.unit))


def t(key: str, /, **args: Any) -> str:
    """One of the bot's or the pictures' own sentences, said at once in the current language."""
    return say(Msg(key, args, unit=caller_unit()))


def tn(one: str, many: str, n: int, /, **args: Any) -> str:
    """A counted sentence of the bot's or the pictures' own, said at once."""
    return say(Msg(one, {"n": n, **args}, many=many, n=n, unit=caller_unit()))


def use(lang: str | None) -> str:
    """Say everything from here to the end of the current task in ``lang``: for a task that serves
    one reader from start to end (an interaction's handler), where no block can be wrapped."""
    chosen = lang if lang in LANGUAGES else DEFAULT
    _current.set(chosen)
    return chosen
