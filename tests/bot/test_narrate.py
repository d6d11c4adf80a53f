"""Checkpoint summaries and names: placeholders become display names, every checkpoint an action
reached is found (one action can reach several), a summary tells the headline events since the
checkpoint before, and the text stays under Discord's 2000 characters."""

from __future__ import annotations

import re
from typing import Any

from bot import plugins
from bot.service.limits import MAX_MESSAGE
from bot.service.narrate import (
    MAX_SUMMARY_PARTS,
    checkpoints,
    events_before,
    line_name,
    name_players,
    score_changes,
    summary_parts,
)
from engine.core import CHECKPOINT, Event, ScoreLine, ScoreSheet, checkpoint, play


def _summary(*args: Any) -> str:
    """A summary as one text (its parts, which each fit a message, joined)."""
    return "\n".join(summary_parts(*args))


def _sheet(*lines: tuple[int | None, str, dict[str, int]]) -> ScoreSheet:
    return ScoreSheet(
        final=False,
        lines=[ScoreLine(seat=s, name=n, categories=c, total=sum(c.values())) for s, n, c in lines],
        winners=[0],
    )


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


def test_a_long_summary_is_split_over_messages_never_cut() -> None:
    events = [
        Event(
            kind="build", text=f"{{p0}} built project number {n} in a far away city.", seat=0, headline=True
        )
        for n in range(200)
    ]
    events.append(Event(kind="move", text="{p1} moved someone", seat=1))  # only in the log
    before = _sheet(
        (0, "Seat 1", {"cities": 10}), (1, "Seat 2", {"cities": 9}), (None, "Rival", {"cards": 15})
    )
    after = _sheet(
        (0, "Seat 1", {"cities": 12}), (1, "Seat 2", {"cities": 9}), (None, "Rival", {"cards": 15})
    )
    parts = summary_parts("Game", "Round 7 is over", events, ["Ana", "Bo"], after, before)
    assert len(parts) > 1 and all(len(part) <= MAX_MESSAGE for part in parts)
    # Every headline in order, none left to /game log; the later parts say whose summary they go on.
    told = [line for part in parts for line in part.splitlines() if line.startswith("• ")]
    assert told == [f"• Ana built project number {n} in a far away city." for n in range(200)] + [
        "• Nothing of note from Bo."
    ]
    assert parts[0].startswith("**Game — Round 7 is over.**\n• Ana built project number 0 ")
    assert all(part.startswith("**Game — Round 7 is over** (continued)\n") for part in parts[1:])
    assert "earlier" not in "".join(parts) and "moved" not in "".join(parts)
    assert parts[-1].endswith("**Provisional score**\nRival 15 (±0)\nAna 12 (+2: cities +2)\nBo 9 (±0)")


def test_only_a_runaway_stretch_leaves_its_oldest_lines_to_the_log() -> None:
    events = [_event("build", f"{{p0}} built project number {n} in a far away city.") for n in range(2000)]
    sheet = _sheet((0, "Seat 1", {"cities": 1}))
    parts = summary_parts("Game", "Round 7 is over", events, ["Ana"], sheet, None)
    assert len(parts) <= MAX_SUMMARY_PARTS and all(len(part) <= MAX_MESSAGE for part in parts)
    assert re.search(r"^• …\d+ earlier \(`/game log`\)\.$", parts[0], re.M)
    assert "project number 1999 " in parts[-1]


def test_every_change_names_its_categories() -> None:
    before = _sheet((0, "Seat 1", {"cities": 3, "donations": 4, "tabs": 2}))
    after = _sheet((0, "Seat 1", {"cities": 6, "donations": 2, "tabs": 2, "departments": 3}))
    assert score_changes(after, before, ["Ana"]) == ["Ana 13 (+4: cities +3, donations −2, departments +3)"]
    # The first summary names its categories too (counted from zero), not a bare total.
    assert score_changes(after, None, ["Ana"]) == [
        "Ana 13 (+13: cities +6, donations +2, tabs +2, departments +3)"
    ]


def test_the_changes_of_a_whole_carnegie_game_add_up_to_its_final_breakdown() -> None:
    """Issue 14: summed over every checkpoint, each player's changes by category are the final score,
    so no point goes unexplained; the last round (20) is among the checkpoints."""
    game = plugins.game("carnegie")
    state = game.new_game(2, 11, {"tab_sides": "random"})
    ais = [game.ai(11 + seat, "random") for seat in range(2)]
    sheets: list[tuple[str, ScoreSheet]] = []
    while not game.pending(state).finished:
        state, played = play(game, state, ais, max_actions=1, strict=False)
        for event in (e for move in played for e in move.events if e.kind == CHECKPOINT):
            sheets.append((str(event.data["key"]), game.score(state)))
    assert sheets[-1][0] == "round-20"
    final = game.score(state)
    names = ["Ana", "Bo"]
    totals: dict[str, dict[str, int]] = {name: {} for name in names}
    for index, (_, sheet) in enumerate(sheets):
        before = sheets[index - 1][1] if index else None
        for text in score_changes(sheet, before, names):
            name = text.split(" ")[0]
            if before is None:
                totals[name] = {
                    c: v
                    for line in sheet.lines
                    if line_name(line, names) == name
                    for c, v in line.categories.items()
                }
                continue
            for category, sign, amount in re.findall(
                r"([A-Za-z][A-Za-z -]*?) ([+−])(\d+)", text.split(": ", 1)[-1]
            ):
                change = int(amount) if sign == "+" else -int(amount)
                totals[name][category] = totals[name].get(category, 0) + change
    for line in final.lines:
        assert {c: v for c, v in totals[line_name(line, names)].items() if v} == {
            c: v for c, v in line.categories.items() if v
        }


def test_a_quiet_stretch_says_so() -> None:
    sheet = _sheet((0, "Seat 1", {"laps": 1}))
    text = _summary("Game", "Lap 2 is over", [_event("move", "x", headline=False)], ["Ana"], sheet, None)
    assert "Nothing of note happened." in text and text.endswith("Ana 1 (+1: laps +1)")


def _fold(seat: int, kind: str, item: str) -> Event:
    fold = {"one": f"{{p{seat}}} moved an employee", "many": f"{{p{seat}}} moved employees", "item": item}
    return Event(kind=kind, text=f"{{p{seat}}} moved one ({item}).", seat=seat, data={"fold": fold})


def test_folded_events_make_one_line_per_seat_where_the_first_happened() -> None:
    """Issue 14: a summary names HR moves and activations without a line per employee; repeats
    are counted in words."""
    events = [
        _fold(0, "move", "from the Lobby to Commerce"),
        _event("income", "{p1} took income."),
        _fold(1, "move", "from Commerce to Construction"),
        _fold(0, "move", "from Commerce to Construction"),
        _fold(0, "move", "from the Lobby to Commerce"),
    ]
    sheet = _sheet((0, "Seat 1", {"cities": 1}), (1, "Seat 2", {"cities": 1}))
    text = _summary("Game", "Round 2 is over", events, ["Ana", "Bo"], sheet, None)
    assert text.splitlines()[1:4] == [
        "• Ana moved employees from the Lobby to Commerce (twice) and from Commerce to Construction.",
        "• Bo took income.",
        "• Bo moved an employee from Commerce to Construction.",
    ]


def test_a_carnegie_round_with_human_resources_names_the_moves() -> None:
    """Issue 14: the summary of a round whose action was Human Resources (R6.1) tells each player's
    employee moves in words."""
    game = plugins.game("carnegie")
    state = game.new_game(2, 5, {"tab_sides": "random"})
    ais = [game.ai(5 + seat, "easy") for seat in range(2)]
    stretch: list[Event] = []
    told: list[str] = []
    while not game.pending(state).finished and len(told) < 20:
        state, played = play(game, state, ais, max_actions=1, strict=False)
        for event in (e for move in played for e in move.events):
            if event.kind != CHECKPOINT:
                stretch.append(event)
                continue
            if any(e.kind == "move" for e in stretch):
                text = _summary("Carnegie", "Round", stretch, ["Ana", "Bo"], game.score(state), None)
                told.append(text)
            stretch = []
    assert told, "no round with an employee move in the first rounds of this seeded game"
    assert any(re.search(r"(Ana|Bo) moved (an employee|employees) from ", text) for text in told)


def test_a_summary_names_the_players_with_nothing_of_note() -> None:
    events = [
        Event(kind="choose", text="{p2} chose Construction", seat=2, headline=True),
        Event(kind="move", text="{p0} moved someone", seat=0),  # only in the log
    ]
    sheet = _sheet((0, "Seat 1", {}), (1, "Seat 2", {}), (2, "Seat 3", {}))
    text = _summary("Game", "Round 7 is over", events, ["Ana", "Bo", "Cy"], sheet, None)
    assert "• Cy chose Construction\n• Nothing of note from Ana and Bo." in text
    # Nobody had a headline: the stretch says so once, naming nobody.
    # A rival without a seat had the stretch to itself: the player is named too.
    rival = [Event(kind="turn", text="Rival built", headline=True)]
    assert "• Rival built\n• Nothing of note from Ana." in _summary(
        "Game", "Round 2 is over", rival, ["Ana"], sheet, None
    )
    quiet = _summary(
        "Game", "Round 7 is over", [Event(kind="move", text="x", seat=0)], ["Ana", "Bo"], sheet, None
    )
    assert "Nothing of note happened." in quiet and "from" not in quiet
