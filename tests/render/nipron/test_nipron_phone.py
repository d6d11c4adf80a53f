"""Nipron's phone image, posted with every scoring summary and the final result (issue 18, item 3):
legible at the width a phone shows it, within the image budget, the same map as the full board, and
ranked once the game is over."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.nipron.view import NipronView
from render.nipron import PICTURES, board, phone_image, render_phone
from render.nipron.board.map_panel import influence
from render.nipron.phone import PHONE_W, SHOWN_W, district_box, draw_phone, standings
from tests.render.font_sizes import record_font_sizes
from tests.render.nipron.positions import NAMES, STAGES, Position

MAX_PHONE_BYTES = 1_500_000
CASES = [(players, stage) for players in (2, 3, 4) for stage in STAGES]


@pytest.fixture(scope="module")
def positions() -> dict[tuple[int, str], Position]:
    return {(players, stage): Position(players, 40 + players, STAGES[stage]) for players, stage in CASES}


@pytest.mark.parametrize(("players", "stage"), CASES)
def test_every_text_is_at_least_11_px_once_shown_400_px_wide(
    positions: dict[tuple[int, str], Position], players: int, stage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every text on the phone image goes through ``Canvas`` and so through ``font``: record each size
    asked for (cold caches, so the cached map layer is drawn too) and scale it to a 400 px wide display."""
    sizes = record_font_sizes(monkeypatch)
    pos = positions[(players, stage)]
    board.clear_caches()
    image = phone_image(pos.public, NAMES[:players], pos.scores)
    board.clear_caches()
    assert len(sizes) > 80  # 4 district titles and bonuses, 32 goods and values, the track, the players
    assert image.width == PHONE_W and image.height > image.width  # portrait
    assert min(sizes) * SHOWN_W / image.width >= 11


@pytest.mark.parametrize(("players", "stage"), CASES)
def test_the_phone_image_is_a_deterministic_png_within_the_image_budget(
    positions: dict[tuple[int, str], Position], players: int, stage: str
) -> None:
    pos = positions[(players, stage)]
    png = PICTURES.draw("phone", pos.public, None, NAMES[:players], pos.scores)
    assert png == render_phone(pos.public, NAMES[:players], pos.scores)
    assert len(png) <= MAX_PHONE_BYTES
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == PHONE_W
    # without names or a sheet it still draws (the colour names stand in)
    assert Image.open(io.BytesIO(render_phone(pos.public))).size == image.size


def _crop(view: NipronView, d: int) -> bytes:
    x0, y0, x1, y1 = district_box(d)
    return draw_phone(view, NAMES[: view.players], None).crop((x0, y0, x1, y1)).tobytes()


def test_a_district_on_the_phone_changes_exactly_when_its_influence_or_transport_does(
    positions: dict[tuple[int, str], Position],
) -> None:
    """The phone draws the board's own districts (rules §6.1 influence): the start and the end of a game
    differ in every district where someone placed a tile or built, and in no other pixels of it."""
    start, end = positions[(4, "start")].public, positions[(4, "end")].public
    for d in range(4):
        played = influence(end, d + 1)[0] != {} or any(end.districts[d].trains) or any(end.districts[d].ships)
        assert (_crop(start, d) != _crop(end, d)) == played, d


def test_the_final_phone_image_is_ranked_winner_first(positions: dict[tuple[int, str], Position]) -> None:
    """While the game runs the rows keep seat order with no place; at the end they follow the final
    sheet, the winner on top with "1st"."""
    pos = positions[(3, "end")]
    assert [(rank, p.seat) for rank, p in standings(pos.public, None)] == [("", 0), ("", 1), ("", 2)]
    rows = standings(pos.public, pos.scores)
    totals = {line.seat: line.total for line in pos.scores.lines}
    winner = pos.scores.lines[pos.scores.winners[0]].seat
    assert winner is not None
    assert rows[0] == ("1st", pos.public.zaibatsu[winner])
    assert [totals[p.seat] for _, p in rows] == sorted(totals.values(), reverse=True)
    assert sorted(p.seat for _, p in rows) == [0, 1, 2]
