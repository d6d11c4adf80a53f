"""Issue 21: every catalogue holds exactly the keys the code says, each translated, with the key's
placeholders, and plural forms that hold for 1, 2, 5, 21 and 22 in every language."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from render.common.catalogues import catalogue_path, template, units, updated
from render.common.language import DEFAULT, LANGUAGES, ROOT, read_catalogue, unit_translations

FOREIGN = [lang for lang in LANGUAGES if lang != DEFAULT]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
# The plural form (index in the catalogue) each language's own rules pick for 1, 2, 5, 21, 22.
FORMS = {
    "uk": [0, 1, 2, 0, 1],
    "ru": [0, 1, 2, 0, 1],
    "pl": [0, 1, 2, 2, 1],
    "ca": [0, 1, 1, 1, 1],
}
COUNTS = [1, 2, 5, 21, 22]
# The keys a unit's code says, extracted once for all its languages (each extraction reads the whole
# package).
keys_of = functools.cache(template)
# A unit keeps its catalogues in its locales folder; which units say player words at all is checked
# by a test, not at collection (every test process collects).
CATALOGUES = [(unit, lang) for unit in units() if (unit / "locales").is_dir() for lang in FOREIGN]


def _id(case: tuple[Path, str]) -> str:
    return f"{case[0].relative_to(ROOT)}:{case[1]}"


def _messages(unit: Path, lang: str) -> list[Message]:
    return [m for m in read_catalogue(catalogue_path(unit, lang), lang) if m.id]


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _forms(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's id or string form by form: one for a plain sentence, one per plural form; a missing
    string is one empty (untranslated) form."""
    if text is None:
        return ("",)
    return (text,) if isinstance(text, str) else tuple(text)


def test_every_package_with_player_words_has_catalogues() -> None:
    assert CATALOGUES, "no catalogue found"


@pytest.mark.parametrize("case", CATALOGUES, ids=_id)
def test_the_catalogue_holds_every_key_the_code_says_and_no_other(case: tuple[Path, str]) -> None:
    unit, lang = case
    path = catalogue_path(unit, lang)
    assert path.exists(), f"{path} is missing: run `make catalogues`"
    wanted = updated(unit, lang, keys_of(unit))
    assert path.read_bytes() == wanted, f"{path} is out of date: run `make catalogues`"


@pytest.mark.parametrize("case", CATALOGUES, ids=_id)
def test_every_key_is_translated_with_its_placeholders(case: tuple[Path, str]) -> None:
    unit, lang = case
    problems = []
    for m in _messages(unit, lang):
        keys = _forms(m.id)
        forms = _forms(m.string)
        wanted = set().union(*(_names(k) for k in keys))
        for form in forms:
            if not form:
                problems.append(f"untranslated: {keys[0]!r}")
            elif _names(form) != wanted:
                problems.append(f"placeholders of {keys[0]!r}: {sorted(_names(form))} ≠ {sorted(wanted)}")
        if m.fuzzy:
            problems.append(f"marked fuzzy: {keys[0]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", FOREIGN)
def test_plural_forms_follow_the_language_for_1_2_5_21_22(lang: str) -> None:
    plurals = [
        (unit, m) for unit, of in CATALOGUES if of == lang for m in _messages(unit, lang) if m.pluralizable
    ]
    assert plurals, f"no counted sentence in {lang}"
    for unit, m in plurals:
        found = unit_translations(lang, str(unit.relative_to(ROOT)))
        assert found is not None
        # A counted phrase in a context (msgctxt: a case form) is looked up with its context, as say does.
        key = f"{m.context}\x04{m.id[0]}" if m.context else m.id[0]
        for n, form in zip(COUNTS, FORMS[lang], strict=True):
            said = found.ngettext(key, m.id[1], n)
            assert said == _forms(m.string)[form], (lang, m.id[0], n)
            said.format(n=n, **{k: "x" for k in _names(said) if k != "n"})


def test_a_unit_keeps_catalogues_exactly_when_its_code_says_player_words() -> None:
    for unit in units():
        assert (unit / "locales").is_dir() == bool(len(keys_of(unit))), f"{unit}: run `make catalogues`"


def test_every_language_has_one_catalogue_per_unit() -> None:
    for unit in units():
        have = {lang for lang in FOREIGN if catalogue_path(unit, lang).exists()}
        assert have in (set(), set(FOREIGN)), f"{unit}: only {sorted(have)}"
