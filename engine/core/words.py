"""Sentences that can be said again in another language.

The engine writes every player word through ``msg`` (a sentence), ``plural`` (a counted sentence)
and ``join`` (sentences put side by side). Each returns a ``Msg``: a ``str`` holding the English
text, so that tests, notation lookups and logs read it as before, and carrying what a catalogue
needs to say it in another language: the key (the English template with ``{name}``
placeholders), the arguments (numbers, names or other ``Msg``) and, for a counted sentence, the
plural template and the count. Only ``bot/`` and ``render/`` pick a language
(``render.common.language.say``); the engine never does.

Keys are found in the code by Babel's extractor (keywords ``msg`` and ``plural:1,2``), so a key
must be a literal string, never an f-string or a variable. A model field that keeps a ``Msg``
is typed ``Said`` (pydantic would otherwise turn it into a plain ``str`` and lose its key).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from pydantic import SkipValidation

Arg = Any  # an int, a str (a name, a notation) or a Msg
# A form of a label (``fit``): its text, or how to make it when some language first needs it.
Form = str | Callable[[], str]


class Msg(str):
    """English text that remembers how it was made (see the module docstring)."""

    # No instance dict: a sentence is made for every event and refusal, also in play-outs.
    __slots__ = ("_later", "_parts", "args", "key", "limit", "many", "n", "sep", "unit")

    key: str | None
    many: str | None
    n: int | None
    args: Mapping[str, Arg]
    sep: str | None
    unit: str | None
    limit: int | None
    _parts: tuple[str, ...]
    _later: tuple[Form, ...]

    def __new__(
        cls,
        key: str | None,
        args: Mapping[str, Arg],
        many: str | None = None,
        n: int | None = None,
        sep: str | None = None,
        parts: Sequence[Form] = (),
        unit: str | None = None,
        limit: int | None = None,
    ) -> Msg:
        made: tuple[str, ...] = ()
        if limit is not None:
            # A label's English is its first form that fits: the shorter forms after it are made only when
            # a language whose saying is longer asks for them (``forms``). Making them all cost a game's
            # panel 0.5–3 ms: an HR turn offers up to ~120 journeys, each in six lengths.
            for form in parts:
                made += (_made(form),)
                if len(made[-1]) <= limit:
                    break
            english = fitting(made, limit)
        elif sep is not None:
            made = tuple(_made(form) for form in parts)
            english = sep.join(made)
        else:
            assert key is not None
            template = english_of(key) if n is None or n == 1 or many is None else many
            english = template.format(**args)
        self = super().__new__(cls, english)
        self.key, self.args, self.many, self.n, self.sep = key, args, many, n, sep
        self._parts, self._later = made, tuple(parts[len(made) :]) if parts else ()
        self.unit = unit
        self.limit = limit
        return self

    def forms(self) -> Iterator[str]:
        """The parts (a label's forms, long to short), each made when it is first asked for."""
        yield from self._parts
        while self._later:
            form, *rest = self._later
            made = _made(form)
            self._parts, self._later = (*self._parts, made), tuple(rest)
            yield made

    @property
    def parts(self) -> tuple[str, ...]:
        """All the parts (a join's sentences, a label's forms), every form made."""
        for _ in self.forms():
            pass
        return self._parts

    def __reduce__(self) -> tuple[Any, ...]:
        # A Msg crosses process boundaries (render and computer-player workers) with its key.
        return (
            Msg,
            (self.key, dict(self.args), self.many, self.n, self.sep, self.parts, self.unit, self.limit),
        )


class Amount(Msg):
    """A number, or an amount of money with its sign ("¥6,000", "$6"), written the reader's way when
    it is said: digit groups and the sign's place differ ("6 000 ¥" in Ukrainian, "6.000 ¥" in
    Catalan), and a comma-grouped "¥6,000" reads as six yen where the comma is the decimal mark.
    The engine knows no language; ``render.common.numbers`` writes it (Babel's CLDR data)."""

    __slots__ = ("sign", "value")

    value: int
    sign: str

    def __new__(cls, value: int, sign: str = "") -> Amount:
        self = str.__new__(cls, f"{sign}{value:,}")
        self.key, self.args, self.many, self.n, self.sep, self.unit, self.limit = (
            None,
            {},
            None,
            None,
            None,
            None,
            None,
        )
        self._parts, self._later = (), ()
        self.value, self.sign = value, sign
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Amount, (self.value, self.sign))


def number(value: int) -> Amount:
    """A number a player reads, grouped the reader's way ("6,000", "6 000")."""
    return Amount(value)


def money(value: int, sign: str) -> Amount:
    """An amount of money with the box's sign ("$" or "¥"), placed the reader's way."""
    return Amount(value, sign)


# gettext's own mark between a sentence's context and its key (``msg_in``): a compiled catalogue keeps
# a key with a context as "context\x04key", so a ``Msg`` carries it the same way.
CONTEXT = "\x04"


def english_of(key: str) -> str:
    """A key's English text, without its context (``msg_in``)."""
    return key.rpartition(CONTEXT)[2]


def _made(form: Form) -> str:
    """A form's text, made now if it was given as a function (``fit``)."""
    return form() if callable(form) else form


def fitting(said: Iterable[str], limit: int) -> str:
    """The first text of ``said`` (long to short) that is at most ``limit`` characters, else the last
    one cut to ``limit`` with "…"."""
    last = ""
    for last in said:
        if len(last) <= limit:
            return last
    return last[: limit - 1] + "…"


@cache  # a few hundred modules; asked for every sentence the engine says
def unit_of(module: str) -> str | None:
    """The package whose catalogues hold the keys of ``module``: "engine.<game>.rules.flow" →
    "engine/<game>", "bot.on_discord.views.turn" → "bot"; None outside the three layers."""
    parts = module.split(".")
    if parts[0] == "bot":
        return "bot"
    if parts[0] in ("engine", "render") and len(parts) > 1:
        return f"{parts[0]}/{parts[1]}"
    return None


def caller_unit(depth: int = 2) -> str | None:
    """The unit of the module that called the function calling this (a key is looked up in the
    catalogue of the package that says it first: two games may say one English word differently,
    like "good", a resource in one game and a ware in another). Called for every sentence: a
    module's unit is worked out once (``unit_of`` is cached)."""
    return unit_of(sys._getframe(depth).f_globals.get("__name__", ""))


_QUIET: ContextVar[bool] = ContextVar("quiet", default=False)
# What ``msg`` and ``plural`` return where nobody reads the sentence (``quietly``).
UNSAID = Msg("", {})


@contextmanager
def quietly() -> Iterator[None]:
    """Inside, ``msg`` and ``plural`` make no sentence (they return ``UNSAID``): for work that only
    asks whether something is allowed or who decides (listing the legal actions tries every
    candidate and drops the refusals), so that no refusal is worded for nobody. Nothing made inside
    may be shown to a player."""
    token = _QUIET.set(True)
    try:
        yield
    finally:
        _QUIET.reset(token)


def quiet() -> bool:
    """Whether sentences go unsaid here (``quietly``): a cache of sentences must keep the two apart."""
    return _QUIET.get()


def msg(key: str, /, **args: Arg) -> Msg:
    """A sentence: ``msg("{who} builds {what}", who="{p0}", what=msg("Sales"))``."""
    if _QUIET.get():
        return UNSAID
    return Msg(key, args, unit=caller_unit())


def plural(one: str, many: str, n: int, /, **args: Arg) -> Msg:
    """A counted sentence: ``plural("{n} good", "{n} goods", 3)``; ``n`` is one of its arguments.
    Languages with more forms (Ukrainian, Russian, Polish) take theirs from the catalogue."""
    if _QUIET.get():
        return UNSAID
    return Msg(one, {"n": n, **args}, many=many, n=n, unit=caller_unit())


def msg_in(context: str, key: str, /, **args: Arg) -> Msg:
    """A sentence or a word in one grammatical place (its ``context``, a catalogue's msgctxt): the
    same English, said in another case where a language declines it, e.g. ``msg_in("taken worker",
    "orange")`` is "помаранчевого" where ``msg("orange")`` is "помаранчевий"."""
    if _QUIET.get():
        return UNSAID
    return Msg(f"{context}{CONTEXT}{key}", args, unit=caller_unit())


def plural_in(context: str, one: str, many: str, n: int, /, **args: Arg) -> Msg:
    """A counted phrase in one grammatical place (see ``msg_in``): "1 new employee" taken as income
    is "1 нового працівника" in Ukrainian, not the subject's "1 новий працівник"."""
    if _QUIET.get():
        return UNSAID
    return Msg(f"{context}{CONTEXT}{one}", {"n": n, **args}, many=many, n=n, unit=caller_unit())


def join(sep: str, parts: Iterable[str]) -> Msg:
    """Sentences side by side with punctuation that no language changes (", ", " + ", "\\n"):
    each part is said in the reader's language, the separator is kept."""
    if _QUIET.get():
        return UNSAID
    return Msg(None, {}, sep=sep, parts=tuple(parts))


def fit(limit: int, *forms: Form) -> Msg:
    """A label that must fit ``limit`` characters (a button's ``MAX_LABEL``), written in forms from the
    longest to the shortest: each language takes the first of its own sayings that fits, so a longer
    translation falls back to a shorter form without shortening the English; the last form is cut with
    "…" where even it is too long. A form may be given as a function that makes it (``lambda: msg(…)``):
    it is made only when a language needs it, which the English seldom does."""
    return Msg(None, {}, parts=forms, limit=limit)


# A pydantic field that keeps a Msg as it is (a plain ``str`` field would copy it into a str).
Said = SkipValidation[str]


def listing(items: Iterable[str]) -> Msg:
    """ "a", "a and b", "a, b and c", each item in the reader's language."""
    items = tuple(items)
    if len(items) <= 1:
        return join("", items)
    return msg("{items} and {last}", items=join(", ", items[:-1]), last=items[-1])


def either(items: Iterable[str]) -> Msg:
    """Alternatives: "a", "a or b", "a, b or c", each item in the reader's language."""
    items = tuple(items)
    if len(items) <= 1:
        return join("", items)
    return msg("{items} or {last}", items=join(", ", items[:-1]), last=items[-1])
