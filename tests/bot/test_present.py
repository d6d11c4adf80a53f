"""Round summaries and names (issue 6): placeholders become display names, every closed round is
found (one action can close several), the text stays under Discord's 2000 characters."""

from __future__ import annotations

from bot.present import MAX_MESSAGE, finished_rounds, name_players, round_events, summary_text
from engine.core import Event


def _event(kind: str, text: str, **data: object) -> Event:
    return Event(kind=kind, text=text, data=dict(data))


def test_placeholders_become_display_names() -> None:
    assert (
        name_players("{p1} donated; {p0} built; {p7} stays", ["Ana", "Bo"])
        == "Bo donated; Ana built; {p7} stays"
    )


def test_every_round_an_action_closed_is_found() -> None:
    events = [_event("income", "x"), _event("round", "Round 5 begins", round=5), _event("round", "", round=6)]
    assert finished_rounds(events) == [4, 5]
    assert finished_rounds([_event("round", "Round 1 begins.", round=1)]) == []


def test_round_events_split_the_log_at_round_starts() -> None:
    log = [
        [_event("round", "Round 1 begins.", round=1), _event("income", "a")],
        [_event("build", "b"), _event("round", "Round 2 begins", round=2)],
        [_event("donate", "c")],
    ]
    assert [e.text for e in round_events(log, 1)] == ["a", "b"]
    assert [e.text for e in round_events(log, 2)] == ["c"]


def test_summary_shows_changes_and_stays_short() -> None:
    events = [_event("build", f"{{p0}} built project number {n} in a far away city.") for n in range(200)]
    events.append(_event("move", "{p1} moved someone"))  # not summary material
    text = summary_text(
        "Carnegie", 7, events, ["Ana", "Bo"], [("Ana", 12), ("Bo", 9), ("Andrew", 15)], [10, 9]
    )
    assert len(text) <= MAX_MESSAGE
    assert text.startswith("**Carnegie — round 7 is over.**\n• Ana built project number 0")
    assert "more (`/carnegie log`)" in text and "moved" not in text
    assert text.endswith("Provisional score: Ana 12 (+2), Bo 9 (+0), Andrew 15")
