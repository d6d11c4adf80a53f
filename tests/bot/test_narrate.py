"""Checkpoint summaries and names: placeholders become display names, every checkpoint an action
reached is found (one action can reach several), a summary tells the headline events since the
checkpoint before, and the text stays under Discord's 2000 characters."""

from __future__ import annotations

from bot.narrate import checkpoints, events_before, line_name, name_players, summary_text
from bot.views.limits import MAX_MESSAGE
from engine.core import Event, ScoreLine, checkpoint


def _event(kind: str, text: str, *, headline: bool = True) -> Event:
    return Event(kind=kind, text=text, headline=headline)


def test_placeholders_become_display_names() -> None:
    assert (
        name_players("{p1} donated; {p0} built; {p7} stays", ["Ana", "Bo"])
        == "Bo donated; Ana built; {p7} stays"
    )


def test_every_checkpoint_an_action_reached_is_found() -> None:
    events = [_event("income", "x"), checkpoint("round-4", "Round 4"), checkpoint("round-5", "Round 5")]
    assert [e.data["key"] for e in checkpoints(events)] == ["round-4", "round-5"]
    assert checkpoints([_event("income", "x")]) == []


def test_events_before_a_checkpoint_start_after_the_previous_one() -> None:
    log = [
        [_event("income", "a")],
        [_event("build", "b"), checkpoint("round-1", "Round 1"), _event("income", "c")],
        [_event("donate", "d"), checkpoint("round-2", "Round 2")],
    ]
    assert [e.text for e in events_before(log, "round-1")] == ["a", "b"]
    assert [e.text for e in events_before(log, "round-2")] == ["c", "d"]


def test_a_rival_without_a_seat_is_named_by_the_sheet() -> None:
    andrew = ScoreLine(seat=None, name="Rival", categories={}, total=3)
    ana = ScoreLine(seat=0, name="Seat 1", categories={}, total=3)
    assert [line_name(andrew, ["Ana"]), line_name(ana, ["Ana"])] == ["Rival", "Ana"]


def test_summary_shows_headlines_and_changes_and_stays_short() -> None:
    events = [_event("build", f"{{p0}} built project number {n} in a far away city.") for n in range(200)]
    events.append(_event("move", "{p1} moved someone", headline=False))  # only in the log
    text = summary_text(
        "Game", "Round 7", events, ["Ana", "Bo"], [("Ana", 12), ("Bo", 9), ("Rival", 15)], [10, 9]
    )
    assert len(text) <= MAX_MESSAGE
    assert text.startswith("**Game — Round 7 is over.**\n• Ana built project number 0")
    assert "more (`/game log`)" in text and "moved" not in text
    assert text.endswith("Provisional score: Ana 12 (+2), Bo 9 (+0), Rival 15")


def test_a_quiet_stretch_says_so() -> None:
    text = summary_text("Game", "Lap 2", [_event("move", "x", headline=False)], ["Ana"], [("Ana", 1)], None)
    assert "Nothing of note happened." in text and "(+" not in text
