"""Events and score sheets as the database stores them, with their sentences' keys, so that a summary
or /game log read back from the database is said in the reader's language, not in the English it was
stored in.

A stored event is the engine's JSON (its ``text`` the English sentence, as before: older rows
and exports read the same) plus ``said``: the sentence's key and arguments, and ``said_data``:
the ``data`` again with its sentences (a checkpoint's title, a folded item) as
``{"$said": key and arguments}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.core import Event, ScoreSheet
from engine.core.words import Amount, Msg


# A stored sentence leaves out its fields at their defaults, and its unit where it is the enclosing
# sentence's (``_loaded`` puts them back): every action's events hold several nested sentences, and writing
# all eight fields of each made a 2-player game's log ~1.24 KB an action (now ~0.70 KB). Rows stored with
# every field still load the same.
def _dumped(text: Msg, unit: str | None = None) -> dict[str, Any]:
    if isinstance(text, Amount):  # a number: written the reader's way when it is read back
        return {"amount": text.value, "sign": text.sign} if text.sign else {"amount": text.value}

    def inner(value: Any) -> Any:
        return _dumped(value, text.unit) if isinstance(value, Msg) else value

    full = {
        "key": text.key,
        "args": {k: inner(v) for k, v in text.args.items()},
        "many": text.many,
        "n": text.n,
        "sep": text.sep,
        "parts": [inner(p) for p in text.parts],
        "limit": text.limit,
    }
    out: dict[str, Any] = {k: v for k, v in full.items() if v is not None and v != {} and v != []}
    if text.unit != unit:
        out["unit"] = text.unit
    return out


def _loaded(found: dict[str, Any], unit: str | None = None) -> Msg:
    if "amount" in found:
        return Amount(int(found["amount"]), str(found.get("sign", "")))
    own = found.get("unit", unit)
    args = {k: _loaded(v, own) if isinstance(v, dict) else v for k, v in found.get("args", {}).items()}
    parts = tuple(_loaded(p, own) if isinstance(p, dict) else p for p in found.get("parts", ()))
    return Msg(
        found.get("key"),
        args,
        found.get("many"),
        found.get("n"),
        found.get("sep"),
        parts,
        unit=own,
        limit=found.get("limit"),
    )


def _encoded(value: Any) -> Any:
    """``value`` with its sentences (at any depth of dicts and lists) as ``{"$said": …}``."""
    if isinstance(value, Msg):
        return {"$said": _dumped(value)}
    if isinstance(value, dict):
        return {k: _encoded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_encoded(v) for v in value]
    return value


def _decoded(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$said"}:
            return _loaded(value["$said"])
        return {k: _decoded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decoded(v) for v in value]
    return value


def _has_sentence(value: Any) -> bool:
    if isinstance(value, Msg):
        return True
    if isinstance(value, dict):
        return any(_has_sentence(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_has_sentence(v) for v in value)
    return False


def dumps(events: Iterable[Event]) -> str:
    """The log's ``events`` column for one action."""
    out = []
    for event in events:
        row = event.model_dump(mode="json")
        if isinstance(event.text, Msg):
            row["said"] = _dumped(event.text)
        if _has_sentence(event.data):
            row["said_data"] = _encoded(event.data)
        out.append(row)
    return json.dumps(out)


def loads(stored: str) -> list[Event]:
    """The events of one action as stored, their sentences with their keys again where stored so."""
    out = []
    for row in json.loads(stored):
        event = Event.model_validate(row)
        try:
            if isinstance(row.get("said"), dict):
                event.text = _loaded(row["said"])
            if isinstance(row.get("said_data"), dict):
                event.data = _decoded(row["said_data"])
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            # a key whose arguments no longer fit: the English text as stored
            event = Event.model_validate(row)
        out.append(event)
    return out


def dump_sheet(sheet: ScoreSheet) -> str:
    """A score as a post records it: the engine's JSON (older readers read it as before) plus
    ``said``: the names, category names and note with their keys."""
    row = sheet.model_dump(mode="json")
    row["said"] = _encoded(
        {
            "note": sheet.note,
            "lines": [
                {
                    "name": line.name,
                    "categories": list(line.categories),
                    "parts": [[part.category, part.label, part.counted] for part in line.parts],
                }
                for line in sheet.lines
            ],
        }
    )
    return json.dumps(row)


def load_sheet(data: dict[str, Any]) -> ScoreSheet:
    """A recorded score (``dump_sheet``'s, or an older plain one), its words with their keys again."""
    sheet = ScoreSheet.model_validate(data)
    said = data.get("said")
    if not isinstance(said, dict):
        return sheet
    try:
        found = _decoded(said)
        sheet.note = found["note"]
        for line, words in zip(sheet.lines, found["lines"], strict=True):
            line.name = words["name"]
            line.categories = dict(zip(words["categories"], line.categories.values(), strict=True))
            # a score recorded before parts were kept has none
            for part, (category, label, counted) in zip(line.parts, words.get("parts", []), strict=True):
                part.category, part.label, part.counted = category, label, counted
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return ScoreSheet.model_validate(data)  # words that no longer fit: the English as stored
    return sheet
