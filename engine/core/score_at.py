"""The score as it stood at a checkpoint, carried by the checkpoint's event.

A game whose action goes on past a checkpoint (a solo rival opening the next round in the same
step) would otherwise have its summary read the score after the action, with points earned by a
move that the next summary lists. The sheet is kept as plain lists so that its sentences (names,
category names, the note) stay sentences when the events are stored and read back."""

from __future__ import annotations

from typing import Any

from engine.core.game import Event, ScoreLine, ScorePart, ScoreSheet


def with_score(event: Event, sheet: ScoreSheet) -> Event:
    """``event`` (a checkpoint) carrying ``sheet``, the score at that point of the action."""
    event.data["score"] = {
        "final": sheet.final,
        "winners": list(sheet.winners),
        "note": sheet.note,
        "lines": [
            {
                "seat": line.seat,
                "name": line.name,
                # pairs, not a dict: a category's name is a sentence, and a dict's keys are not kept as one
                "categories": [[name, value] for name, value in line.categories.items()],
                "total": line.total,
                # lists too, for the same reason: its label and count words stay sentences
                "parts": [
                    [part.category, part.key, part.label, part.counted, part.count, part.vp]
                    for part in line.parts
                ],
            }
            for line in sheet.lines
        ],
    }
    return event


def score_at(event: Event) -> ScoreSheet | None:
    """The score a checkpoint carries (``with_score``), None when it carries none."""
    found: Any = event.data.get("score")
    if not isinstance(found, dict):
        return None
    return ScoreSheet(
        final=bool(found["final"]),
        winners=list(found["winners"]),
        note=found.get("note", ""),
        lines=[
            ScoreLine(
                seat=line["seat"],
                name=line["name"],
                categories={name: value for name, value in line["categories"]},
                total=line["total"],
                # a checkpoint stored before parts were kept carries none
                parts=[
                    ScorePart(category=c, key=k, label=label, counted=words, count=n, vp=vp)
                    for c, k, label, words, n, vp in line.get("parts", [])
                ],
            )
            for line in found["lines"]
        ],
    )
