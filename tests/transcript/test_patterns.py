"""The transcript's patterns catch what the player review found in the transcripts (an unfilled
template, a summary that left lines out, a score without its cause) and pass the fixed lines."""

from __future__ import annotations

import pytest

from tests.transcript.patterns import findings

CAUGHT = [
    "> {p0}, {p1} tied on 135 VP; {p1} wins as the tied player who played most recently.",
    "> Empat ({p0}, {p1}) a 135 PV; guanya {p1}.",
    "> Winner: %s",
    "> • …12 earlier (/game log).",
    "> • …ещё 5 раньше (/game log).",
    "> **Provisional score**\n> bob 20\n> alice 19",
    "> **Проміжний рахунок**\n> bob 39 (+20)",
]
PASSED = [
    "> alice and carol tied on 50 VP; carol wins as the tied player who played most recently.",
    "> **Provisional score**\n> bob 20 (+20: city VP 3, departments 17)\n> alice 19 (±0)\n> Image: r1.png",
    "> • carol took a blue worker from space 2 and built a level-1 Silk factory.",
    "> Buttons: [Housing side B: 6 VP, cap +3]",
]


@pytest.mark.parametrize("text", CAUGHT)
def test_what_the_review_found_is_caught(text: str) -> None:
    assert findings(text), text


@pytest.mark.parametrize("text", PASSED)
def test_the_fixed_lines_pass(text: str) -> None:
    assert findings(text) == [], text
