"""Nipron's pictures: the drawing seam's shape, every picture drawn at 2, 3 and 4 players at the start,
mid-game and the end, sizes, determinism, refusals, and the golden hashes."""

from __future__ import annotations

import inspect
import io
import json
from typing import Any

import pytest
from PIL import Image

from engine.core.game import Decision
from render.common.pictures import Pictures, PictureSpec, board_picture, seat_picture, summary_picture
from render.nipron import PICTURES, NipronPictures, render_board, render_player
from render.nipron.board.layout import W, height
from render.nipron.model import city_word, district_title
from render.nipron.player_board.layout import H as PLAYER_H
from render.nipron.player_board.layout import W as PLAYER_W
from tests.render.golden import changes
from tests.render.nipron.golden import GOLDEN_FILE, render_all
from tests.render.nipron.positions import NAMES, STAGES, Position

MAX_BYTES = 1_500_000
CASES = [(players, stage) for players in (2, 3, 4) for stage in STAGES]


@pytest.fixture(scope="module")
def positions() -> dict[tuple[int, str], Position]:
    return {(players, stage): Position(players, 40 + players, STAGES[stage]) for players, stage in CASES}


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_pictures_has_every_member_of_the_protocol_with_its_signature() -> None:
    assert isinstance(PICTURES, NipronPictures)
    for name in ("draw", "warm_up"):
        assert inspect.signature(getattr(NipronPictures, name)) == inspect.signature(getattr(Pictures, name))
    assert all(isinstance(spec, PictureSpec) for spec in PICTURES.specs)


def test_specs_are_the_phone_image_for_summaries_the_board_on_demand_and_the_player_board_per_seat() -> None:
    assert PICTURES.specs == (
        PictureSpec("board", "Board"),
        PictureSpec("player", "Player board", per_seat=True),
        PictureSpec("phone", "Map and players (phone)", in_summaries=True),
    )
    assert summary_picture(PICTURES) == PICTURES.specs[2]
    assert board_picture(PICTURES) == PICTURES.specs[0]
    assert seat_picture(PICTURES) == PICTURES.specs[1]


def test_the_positions_cover_start_middle_and_end(positions: dict[tuple[int, str], Position]) -> None:
    for players in (2, 3, 4):
        assert positions[(players, "start")].state.turns == 0
        assert positions[(players, "mid")].state.scorings >= 1
        assert not positions[(players, "mid")].state.over
        assert positions[(players, "end")].state.over


@pytest.mark.parametrize(("players", "stage"), CASES)
def test_every_picture_draws_within_budget_and_deterministically(
    positions: dict[tuple[int, str], Position], players: int, stage: str
) -> None:
    pos = positions[(players, stage)]
    names = NAMES[:players]
    board = PICTURES.draw("board", pos.public, None, names, pos.scores)
    assert board == render_board(pos.public, names, pos.scores)
    assert _png(board).size == (W, height(players))
    assert len(board) <= MAX_BYTES
    assert PICTURES.draw("board", pos.public, None, names, pos.scores) == board
    # without names or scores it still draws (colour names stand in)
    assert _png(PICTURES.draw("board", pos.public, None, (), None)).size == (W, height(players))
    for seat in range(players):
        png = PICTURES.draw("player", pos.own[seat], seat, names, None)
        assert png == render_player(pos.own[seat], seat, names)
        assert _png(png).size == (PLAYER_W, PLAYER_H)
        assert len(png) <= MAX_BYTES


def test_seats_get_different_pictures_and_scores_change_the_board(
    positions: dict[tuple[int, str], Position],
) -> None:
    pos = positions[(3, "end")]
    pictures = {render_player(pos.own[s], s, NAMES[:3]) for s in range(3)}
    assert len(pictures) == 3
    assert render_board(pos.public, NAMES[:3], pos.scores) != render_board(pos.public, NAMES[:3], None)


def test_unknown_keys_bad_seats_and_foreign_views_are_refused(
    positions: dict[tuple[int, str], Position],
) -> None:
    pos = positions[(3, "mid")]
    with pytest.raises(KeyError):
        PICTURES.draw("map", pos.public, None, NAMES, None)
    for seat in (None, -1, 3, 4):
        with pytest.raises(ValueError):
            PICTURES.draw("player", pos.own[0], seat, NAMES, None)
    with pytest.raises(ValueError):
        PICTURES.draw("board", pos.public, 3, NAMES, None)
    with pytest.raises(TypeError):
        PICTURES.draw("board", Decision(seats=[], kind="x", prompt=""), None, NAMES, None)


def city_title(city: int) -> str:
    """How a reader would name a city from the two place words (the pictures never write it whole)."""
    return f"{city_word(city)}, district {(city + 1) // 2}"


def test_place_words_name_districts_and_cities_without_codes() -> None:
    assert district_title(1) == "District 1 (north)"
    assert district_title(4) == "District 4 (south)"
    assert city_title(1) == "West city, district 1"
    assert city_title(8) == "East city, district 4"


def test_warm_up_runs() -> None:
    PICTURES.warm_up()


def test_golden_hashes() -> None:
    """Regenerate with ``python -m tests.render.regenerate`` and look at the images."""
    golden = json.loads(GOLDEN_FILE.read_text())
    got = {name: digest for name, (_, digest) in render_all().items()}
    changed = changes(got, golden)
    assert not changed, "images changed:\n" + "\n".join(changed)


def test_text_is_large_enough_to_read_on_a_phone(
    positions: dict[tuple[int, str], Position], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Everything a player reads is at least 22 px (≥ 6 px when a 1400-px picture is shown 400 px
    wide, 11 px at half size); the only smaller text is the printed number under a covered influence
    space, which no longer counts for anything."""
    import render.common.canvas as canvas

    drawn: list[tuple[int, str]] = []
    real_text = canvas.Canvas.text

    def spy(self: canvas.Canvas, x: float, y: float, s: str, size: int, *args: Any, **kw: Any) -> None:
        drawn.append((size, s))
        real_text(self, x, y, s, size, *args, **kw)

    monkeypatch.setattr(canvas.Canvas, "text", spy)
    from render.nipron import board, player_board

    board.clear_caches()
    player_board._base.cache_clear()
    for players in (2, 4):
        pos = positions[(players, "end")]
        render_board(pos.public, NAMES[:players], pos.scores)
        render_player(pos.own[0], 0, NAMES[:players])
    board.clear_caches()
    player_board._base.cache_clear()
    assert drawn
    small = {(size, s) for size, s in drawn if size < 22}
    assert all(size >= 18 and s in {"0", "1", "2", "3"} for size, s in small), small


def test_long_names_and_emoji_are_cut_or_dropped_not_drawn_as_boxes(
    positions: dict[tuple[int, str], Position],
) -> None:
    from render.nipron.model import clean_name

    assert clean_name("Céline 🎲 Dupont") == "Céline Dupont"
    assert clean_name("🎲") == ""
    pos = positions[(3, "mid")]
    names = ("Maximilian Alexander von Testington the Third", "🎲", "Céline 🎲 Dupont")
    board = _png(render_board(pos.public, names, pos.scores))
    assert board.size == (W, height(3))
    assert _png(render_player(pos.own[1], 1, names)).size == (PLAYER_W, PLAYER_H)
