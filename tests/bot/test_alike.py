"""Non-events that differ only in their player make one summary line: "dave, alice and bob built nothing
(no goods)." (review F5), in the reader's language; different causes or unmarked events stay apart."""

from __future__ import annotations

from bot.service.narrate import event_lines, folded
from engine.core import Event
from engine.core.words import msg, plural
from render.common.language import speaking


def _nothing(seat: int, why: str) -> Event:
    text = plural(
        "{who} built nothing ({why}).", "{who} built nothing ({why}).", 1, who=f"{{p{seat}}}", why=msg(why)
    )
    return Event(kind="no_build", text=text, seat=seat, headline=True, data={"alike": True})


NAMES = ["alice", "bob", "carol", "dave"]


def test_the_same_non_event_of_several_players_is_one_line() -> None:
    events = [_nothing(3, "no goods"), _nothing(0, "no goods"), _nothing(1, "no goods"), _nothing(2, "x")]
    assert event_lines(folded(events), NAMES) == [
        "dave, alice and bob built nothing (no goods).",
        "carol built nothing (x).",
    ]


def test_within_a_run_the_same_words_join_across_another() -> None:
    events = [_nothing(3, "no goods"), _nothing(0, "x"), _nothing(1, "no goods")]
    assert event_lines(folded(events), NAMES) == [
        "dave and bob built nothing (no goods).",
        "alice built nothing (x).",
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
    with speaking("ca"):
        line = event_lines(folded([_nothing(3, "no goods"), _nothing(1, "no goods")]), NAMES)[0]
    assert line.startswith("dave i bob no han construït res"), line


def test_a_joined_counted_sentence_takes_its_plural() -> None:
    """The engine's non-events count their one player; joined, they count the players: "have", "han"."""

    def no_disc(seat: int) -> Event:
        text = plural(
            "{who} has no disc left to donate.", "{who} have no disc left to donate.", 1, who=f"{{p{seat}}}"
        )
        return Event(kind="no_donation", text=text, seat=seat, headline=True, data={"alike": True})

    assert event_lines(folded([no_disc(0)]), NAMES) == ["alice has no disc left to donate."]
    assert event_lines(folded([no_disc(0), no_disc(1)]), NAMES) == [
        "alice and bob have no disc left to donate."
    ]
