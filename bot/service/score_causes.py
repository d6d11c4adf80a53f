"""Why a category's points moved when no move of its own is listed: the parts of a score line that
changed since the sheet before ("donations −4 (Welfare: 0 goods to pay, was 2)"). Pure text from the
engine's score parts; never names a game."""

from __future__ import annotations

from engine.core import ScoreLine, ScorePart
from render.common.language import say, t


def causes(line: ScoreLine, old: ScoreLine | None) -> dict[str, str]:
    """Per category (its key as the sheet says it), the parts that changed, in one phrase each, joined;
    nothing for a line whose sheet before kept no parts (a game stored before them: its every part
    would read as new)."""
    before = {part.key: part for part in old.parts} if old is not None else {}
    if old is not None and not old.parts and any(old.categories.get(p.category) for p in line.parts):
        return {}
    out: dict[str, list[str]] = {}
    for part in line.parts:
        was = before.get(part.key)
        told = _told(part, was)
        if told:
            out.setdefault(part.category, []).append(told)
    return {category: "; ".join(told) for category, told in out.items()}


def _told(part: ScorePart, was: ScorePart | None) -> str:
    if was is None:
        return t("{what}, new: {now}", what=say(part.label), now=say(part.counted)) if part.vp else ""
    if part.vp == was.vp:
        return ""
    if part.count != was.count:
        return t("{what}: {now}, was {was}", what=say(part.label), now=say(part.counted), was=was.count)
    # the same count scoring differently: its cap moved (R8.5.2)
    return t("{what}: {vp} VP, was {was} VP", what=say(part.label), vp=part.vp, was=was.vp)
