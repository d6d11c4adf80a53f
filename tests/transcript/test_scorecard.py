"""The scorecard reads a transcript's own counts and marks each missed target."""

from __future__ import annotations

import pytest

from tests.transcript.scorecard import card, rows

COUNTS = """## Counts

Posts: channel 2, thread 138
Pings per player: alice 37, bob 34, carol 36, dave 33
Clicks per decision: median 1, max 7
Clicks per player: alice 97, bob 77, carol 67, dave 77
Clicks per player, played hours apart (one Take my turn per stretch): alice 104, bob 85, carol 78, dave 90
Clicks per decision, played hours apart: median 1, max 7
Decisions: 175
"""


def test_a_card_holds_the_transcripts_own_counts() -> None:
    c = card("carnegie-4p.uk.md", "> **alice** clicks\n" + COUNTS)
    assert (c.game, c.players, c.language) == ("carnegie", "4", "uk")
    assert (c.channel_posts, c.thread_posts) == (2, 138)
    assert c.clicks_apart == [104, 85, 78, 90]
    assert c.per_decision_apart == (1, 7)
    assert c.findings == 0


def test_a_missed_target_is_marked_and_a_met_one_is_not() -> None:
    missed = card("nipron-4p.md", COUNTS)
    met = card(
        "nipron-4p.md",
        COUNTS.replace("alice 104, bob 85, carol 78, dave 90", "alice 88, bob 85, carol 78, dave 90").replace(
            "played hours apart: median 1, max 7", "played hours apart: median 1, max 6"
        ),
    )
    missed_row, met_row = rows([missed])[2], rows([met])[2]
    assert "78–104 ✗" in missed_row and "1 / 7 ✗" in missed_row
    assert "✗" not in met_row and "78–90" in met_row


def test_words_a_player_must_never_read_are_counted() -> None:
    c = card("carnegie-solo.md", "> a Take my turn for employee(s)\n" + COUNTS)
    assert c.findings == 1 and c.players == "solo"
    assert "| Carnegie solo |" in rows([c])[2]


def test_a_file_without_counts_is_refused() -> None:
    with pytest.raises(ValueError, match="no counts"):
        card("carnegie-2p.md", "> nothing here")
