"""Player words the pictures need beyond the engine's own (``engine.nipron.words``, which names
factories, contracts and achievements the same way in labels and pictures): a contract's money steps
in a box, and a word-wrapper for the boxes they go in."""

from __future__ import annotations

from engine.nipron import data
from render.common.canvas import Canvas
from render.common.language import t


def contract_steps(cid: str) -> str:
    """The money-track steps a contract gives, as its box says them ("+1 money", "–" for none)."""
    n = data.CONTRACTS[cid].money_steps
    return t("+{n} money", n=n) if n else "–"


def wrap(c: Canvas, text: str, width: float, size: int, bold: bool = False) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and c.text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
