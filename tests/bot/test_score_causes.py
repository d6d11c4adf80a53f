"""A score change names its cause where no move of its own is listed (review F6): "donations −4
(Welfare: 3 goods to pay, was 5)", from the engine's score parts, kept through the checkpoint and the
stored sheet."""

from __future__ import annotations

import json
import re

from bot import plugins
from bot.service import said_events
from bot.service.narrate import score_changes
from engine.core import CHECKPOINT, ScoreLine, ScorePart, ScoreSheet, play
from engine.core.game import checkpoint
from engine.core.score_at import score_at, with_score
from engine.core.words import msg, plural
from render.common.language import speaking


def _line(goods: int, vp: int, *, parts: bool = True) -> ScoreLine:
    part = ScorePart(
        category=msg("donations"),
        key="WEL-GOODS",
        label=msg("Welfare"),
        counted=plural("{n} good to pay", "{n} goods to pay", goods),
        count=goods,
        vp=vp,
    )
    return ScoreLine(
        seat=0,
        name="Seat 1",
        categories={msg("departments"): 3, msg("donations"): vp},
        total=3 + vp,
        parts=[part] if parts else [],
    )


def _sheet(line: ScoreLine) -> ScoreSheet:
    return ScoreSheet(final=False, lines=[line], winners=[0])


def test_the_review_quote_names_its_cause() -> None:
    before, after = _sheet(_line(5, 10)), _sheet(_line(3, 6))
    assert score_changes(after, before, ["alice"]) == [
        "alice 9 (−4: donations −4 (Welfare: 3 goods to pay, was 5))"
    ]
    # a new disc says what it counts; an unchanged one says nothing
    assert score_changes(after, None, ["alice"]) == [
        "alice 9 (+9: departments +3, donations +6 (Welfare, new: 3 goods to pay))"
    ]
    assert score_changes(after, after, ["alice"]) == ["alice 9 (±0)"]


def test_a_sheet_stored_before_parts_gives_no_cause_rather_than_a_wrong_one() -> None:
    old, now = _sheet(_line(5, 10, parts=False)), _sheet(_line(3, 6))
    assert score_changes(now, old, ["alice"]) == ["alice 9 (−4: donations −4)"]


def test_parts_survive_the_checkpoint_and_the_stored_sheet_in_every_language() -> None:
    sheet = _sheet(_line(3, 6))
    event = with_score(checkpoint("round-1", "Round 1 is over"), sheet)
    stored = said_events.loads(said_events.dumps([event]))[0]
    carried = score_at(stored)
    assert carried is not None and carried.lines[0].parts == sheet.lines[0].parts
    recorded = said_events.load_sheet(json.loads(said_events.dump_sheet(sheet)))
    before = _sheet(_line(5, 10))
    with speaking("uk"):
        told = score_changes(recorded, before, ["alice"])[0]
    assert "Добробут: 3 товари на сплату, було 5" in told, told
    # a sheet recorded before parts existed still reads
    plain = sheet.model_dump(mode="json")
    del plain["lines"][0]["parts"]
    assert said_events.load_sheet(plain).lines[0].parts == []


def test_every_donations_change_of_a_whole_carnegie_game_names_its_cause() -> None:
    """Over a whole seeded game, read from the checkpoints as the summaries read them."""
    game = plugins.game("carnegie")
    state = game.new_game(2, 11, {"tab_sides": "random"})
    ais = [game.ai(11 + seat, "random") for seat in range(2)]
    before: ScoreSheet | None = None
    told = 0
    while not game.pending(state).finished:
        state, played = play(game, state, ais, max_actions=1, strict=False)
        for event in (e for move in played for e in move.events if e.kind == CHECKPOINT):
            # a checkpoint without a score of its own is summarised with the game's score (``Results``)
            sheet = score_at(event) or game.score(state)
            for text in score_changes(sheet, before, ["Ana", "Bo"]):
                assert not re.search(r"donations [+−]\d+(?!\d)(?! \()", text), text
                told += "donations" in text
            before = sheet
    assert told >= 3
