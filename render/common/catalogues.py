"""``python -m render.common.catalogues``: find every key the code says and bring each language's
catalogue in line with it (Babel's extractor and updater; ``make catalogues``).

A unit of catalogues is a package with player words: each game's and the shared package of
``engine/`` and ``render/``, and the whole of ``bot/``. Its keys are the literal first arguments of
``msg``/``t`` and the first two of ``plural``/``tn`` in its modules. A new key enters every
language's file untranslated (English is shown until someone translates it); a key the code no
longer says leaves. ``tests/i18n`` fails while a key is untranslated or a file is out of date.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.pofile import write_po

from render.common.language import DEFAULT, LANGUAGES, ROOT, read_catalogue

STAMP = datetime.datetime(2026, 11, 25, tzinfo=datetime.UTC)
HEADER = "# {lang} words of Boardroom, kept with Babel: `make catalogues` (render/common/catalogues.py).\n"
# ``msg_in``/``plural_in`` give a context first (a case form: the same English, another msgctxt).
KEYWORDS = {
    "msg": None,
    "plural": (1, 2),
    "msg_in": ((1, "c"), 2),
    "plural_in": ((1, "c"), 2, 3),
    "t": None,
    "tn": (1, 2),
}


def units() -> Iterator[Path]:
    """The packages that keep catalogues (see the module docstring)."""
    for layer in ("engine", "render"):
        for folder in sorted((ROOT / layer).iterdir()):
            if (folder / "__init__.py").exists():
                yield folder
    yield ROOT / "bot"


# The modules that declare slash commands: their names, descriptions, option names and choices are
# keys too (said by ``bot.on_discord.translator`` to Discord), besides their t()/tn() sentences.
COMMANDS = ("on_discord/cogs/**.py", "render.common.catalogues:extract_commands")
# A call whose literal ``name=``/``description=`` is a command's, a group's or a choice's words.
_DECLARES = {"Command", "Group", "Choice"}


def extract_commands(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, Any, Any, Any]]:
    """Babel extraction method: the module's t()/tn() keys, then its app-command strings: literal
    ``name=``/``description=`` of ``Command``/``Group``/``Choice``, and each ``describe(...)``
    keyword (an option's name) with its literal value (the option's description)."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    for node in ast.walk(ast.parse(fileobj.read())):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        for given in node.keywords:
            literal = given.value.value if isinstance(given.value, ast.Constant) else None
            if called == "describe" and given.arg is not None:
                yield node.lineno, None, given.arg, []
                if isinstance(literal, str):
                    yield node.lineno, None, literal, []
            elif called in _DECLARES and given.arg in ("name", "description") and isinstance(literal, str):
                yield node.lineno, None, literal, []


def template(unit: Path) -> Catalog:
    """The keys ``unit``'s code says, with where (file and line) for a translator's context."""
    # A fixed date: the files change only when their keys or translations do.
    found = Catalog(fuzzy=False, creation_date=STAMP)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(unit), method_map=[COMMANDS, ("**.py", "python")], keywords=KEYWORDS, strip_comment_tags=True
    ):
        found.add(
            message,
            locations=[(f"{unit.relative_to(ROOT)}/{filename}", lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",),
        )
    return found


def catalogue_path(unit: Path, lang: str) -> Path:
    return unit / "locales" / f"{lang}.po"


def render_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, ignore_obsolete=True, sort_output=True, include_lineno=False)
    # Babel stamps its own version in the header: a fresh install of a newer Babel must not make every
    # catalogue "out of date".
    return re.sub(rb'"Generated-By: Babel [^\\"]*\\n"', rb'"Generated-By: Babel\\n"', out.getvalue())


def updated(unit: Path, lang: str, keys: Catalog) -> bytes | None:
    """``unit``'s catalogue of ``lang`` brought in line with ``keys``, the unit's ``template`` (extracted
    once for every language); None where the unit says nothing."""
    if not len(keys):
        return None
    path = catalogue_path(unit, lang)
    catalog = read_catalogue(path, lang) if path.exists() else Catalog(locale=lang, fuzzy=False)
    catalog.project, catalog.version, catalog.msgid_bugs_address = "Boardroom", "", ""
    catalog.revision_date, catalog.last_translator, catalog.language_team = STAMP, "Boardroom", lang
    catalog.header_comment = HEADER.format(lang=LANGUAGES[lang])
    catalog.update(keys, no_fuzzy_matching=True)
    return render_po(catalog)


def fill(path: Path) -> list[str]:
    """Write the translations of a JSON file ``{"uk": {"key": "…" or ["one", "few", "many"]}}``
    into every catalogue that has the key untranslated; returns the keys no catalogue has."""
    wanted: dict[str, dict[str, str | list[str]]] = json.loads(path.read_text())
    unused = {(lang, key) for lang, table in wanted.items() for key in table}
    for unit in units():
        for lang, table in wanted.items():
            target = catalogue_path(unit, lang)
            if not target.exists():
                continue
            catalog = read_catalogue(target, lang)
            for message in catalog:
                key = message.id[0] if isinstance(message.id, tuple) else message.id
                if not key or key not in table:
                    continue
                unused.discard((lang, key))
                # Only where nothing is said yet: a word two packages say differently stays each one's.
                if not any(message.string if isinstance(message.string, tuple) else [message.string]):
                    given = table[key]
                    message.string = tuple(given) if isinstance(message.id, tuple) else str(given)
            target.write_bytes(render_po(catalog))
    return sorted(f"{lang}: {key}" for lang, key in unused)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.common.catalogues", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only say which files are out of date")
    parser.add_argument("--fill", type=Path, help="a JSON file of translations to write in (see fill)")
    args = parser.parse_args(argv)
    if args.fill:
        missing = fill(args.fill)
        print("no catalogue has: " + ("; ".join(missing) or "nothing left over"))
        return 1 if missing else 0
    stale = []
    for unit in units():
        keys = template(unit)
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            text = updated(unit, lang, keys)
            path = catalogue_path(unit, lang)
            if text is None or (path.exists() and path.read_bytes() == text):
                continue
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.parent.mkdir(exist_ok=True)
                path.write_bytes(text)
    print(("out of date: " if args.check else "updated: ") + (", ".join(map(str, stale)) or "nothing"))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
