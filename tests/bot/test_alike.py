"""Non-events that differ only in their player make one summary line: "dave, alice and bob built nothing
(no goods)." (review F5), in the reader's language; different causes or unmarked events stay apart."""

from __future__ import annotations

from bot.service.narrate import event_lines, folded
from engine.core import Event
from engine.core.words import msg
from render.common.language import speaking


def _nothing(seat: int, why: str) -> Event:
    text = msg("{who} built nothing ({why}).", who=f"{{p{seat}}}", why=msg(why))
    return Event(kind="no_build", text=text, seat=seat, headline=True, data={"alike": True})


NAMES = ["alice", "bob", "carol", "dave"]


def test_the_same_non_event_of_several_players_is_one_line() -> None:
    events = [_nothing(3, "no goods"), _nothing(0, "no goods"), _nothing(1, "no goods"), _nothing(2, "x")]
    assert event_lines(folded(events), NAMES) == [
        "dave, alice and bob built nothing (no goods).",
        "carol built nothing (x).",
    ]


def test_unmarked_or_apart_events_are_not_joined() -> None:
    used = [
        Event(kind="use", text=msg("{who} used Sales.", who=f"{{p{s}}}"), seat=s, headline=True)
        for s in (0, 1)
    ]
    assert event_lines(folded(used), NAMES) == ["alice used Sales.", "bob used Sales."]
    apart = [_nothing(0, "no goods"), used[1], _nothing(2, "no goods")]
    assert len(event_lines(folded(apart), NAMES)) == 3


def test_joined_in_the_readers_language() -> None:
    with speaking("uk"):
        line = event_lines(folded([_nothing(3, "no goods"), _nothing(1, "no goods")]), NAMES)[0]
    assert line.startswith("dave і bob: нічого не збудовано"), line
