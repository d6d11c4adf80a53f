"""A tied Nipron game's result names the tied players and the winner in every language (§6.4 of
the Nipron rules: the tied player who played most recently wins); the engine's note names seats
as placeholders, which the result must fill with the players' names."""

from __future__ import annotations

import re

import pytest

from bot.on_discord.views.text import sheet_text
from bot.service.tables import Table
from bot.storage import Status
from bot.storage.records import GameRow, SeatRow
from engine.nipron.scoring import score
from render.common.language import speaking
from tests.engine.nipron.fixtures import fresh

NAMES = ("alice", "bob", "carol", "dave")


def table() -> Table:
    at = "2026-11-28T00:00:00+00:00"
    game = GameRow(1, 10, 20, "nipron", Status.FINISHED, "{}", 4, 7, 1, None, None, at, at, at)
    seats = [SeatRow(1, 100 + seat, seat, seat, seat == 0, at, name) for seat, name in enumerate(NAMES)]
    return Table(game, seats)


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "pl", "ca"])
def test_a_tied_result_names_the_tied_players_and_the_winner(lang: str) -> None:
    state = fresh(4)
    state.last_seat = 3  # dave took the last turn; alice and carol are tied: carol is nearer (§6.4)
    state.over = True
    for seat, vp in enumerate((50, 40, 50, 30)):
        state.zaibatsu[seat].vp = vp
    sheet = score(state)
    with speaking(lang):
        text = sheet_text(table(), sheet)
    note = text.splitlines()[1]
    assert not re.search(r"\{[a-z_]*\d*\}", text), text
    assert "alice" in note and note.count("carol") == 2 and "50" in note, note
