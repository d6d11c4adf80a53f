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
    # a round where bob could do nothing, and the summary does not say so
    "> **Carnegie — Round 7 is over.**\n> • carol chose Construction.\n> **Provisional score**\n"
    "> bob 30 (±0)\n> carol 28 (+1: city VP +1)",
]
# review F4: carol's worker and Mines steps told as nothing (nipron-4p.md)
NO_MOVE_TOLD = (
    '**carol** clicks "Take an orange worker from space 3 (Mines or Machines)"\n'
    '**carol** clicks "Mines: +3 coal steps for ¥6,000"\n'
    "> ✓ carol finished without a move to tell."
)
# review F6: building cost alice donation points and the summary did not say why
DONATIONS_QUOTE = "> **Provisional score**\n> alice 33 (−1: departments +3, donations −4)"
CAUGHT += [
    NO_MOVE_TOLD,
    NO_MOVE_TOLD.replace(
        "> ✓ carol finished without a move to tell.", "> ✓ carol: хід завершено, без змін на полі."
    ),
    DONATIONS_QUOTE,
    "> **Проміжний рахунок**\n> alice 33 (−1: відділи +3, пожертви −4)",
]
PASSED = [
    # a turn that really was nothing: only "End your turn" clicked
    '**alice** clicks "End your turn"\n> ✓ alice finished without a move to tell.',
    # the move told, then a later stretch where carol did nothing
    NO_MOVE_TOLD.replace("finished without a move to tell.", "took an orange worker from space 3 and moved …")
    + '\n**carol** clicks "End your turn"\n> ✓ carol finished without a move to tell.',
    "> **Provisional score**\n> alice 33 (−1: departments +3, donations −4 (Welfare: 3 goods to pay, was 5))",
    "> alice and carol tied on 50 VP; carol wins as the tied player who played most recently.",
    "> **Provisional score**\n> bob 20 (+20: city VP 3, departments 17)\n> alice 19 (±0)\n> Image: r1.png",
    "> • carol took a blue worker from space 2 and built a level-1 Silk factory.",
    "> Buttons: [Housing side B: 6 VP, cap +3]",
    "> **Carnegie — Round 7 is over.**\n> • carol chose Construction.\n> • Nothing of note from bob.\n"
    "> **Provisional score**\n> bob 30 (±0)\n> carol 28 (+1: city VP +1)",
]


@pytest.mark.parametrize("text", CAUGHT)
def test_what_the_review_found_is_caught(text: str) -> None:
    assert findings(text), text


@pytest.mark.parametrize("text", PASSED)
def test_the_fixed_lines_pass(text: str) -> None:
    assert findings(text) == [], text
