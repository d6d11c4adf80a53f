"""Carnegie's pictures through the drawing seam: the protocol's shape, and the same bytes as the
direct ``render_*`` functions for a seeded game."""

from __future__ import annotations

import inspect
import io

import pytest
from PIL import Image

from engine.carnegie.game import CarnegieGame
from engine.carnegie.state import CarnegieState
from engine.core import RandomPlayer, play
from engine.core.game import Decision
from render.carnegie import (
    PICTURES,
    CarnegiePictures,
    render_company,
    render_overview,
    render_phone,
    render_strip,
)
from render.common.pictures import Pictures, PictureSpec, board_picture, seat_picture, summary_picture

SEED = 11
PLAYERS = 3
NAMES = ("Ada", "Bram", "Chidi")


@pytest.fixture(scope="module")
def seeded() -> tuple[CarnegieGame, CarnegieState]:
    game = CarnegieGame()
    players = [RandomPlayer(SEED * 100 + seat) for seat in range(PLAYERS)]
    state, _ = play(game, game.new_game(PLAYERS, SEED), players, stop=lambda s: s.round >= 3)
    assert state.round == 3
    return game, state


def test_pictures_has_every_member_of_the_protocol_with_its_signature() -> None:
    assert isinstance(PICTURES, CarnegiePictures)
    for name in ("draw", "warm_up"):
        assert inspect.signature(getattr(CarnegiePictures, name)) == inspect.signature(
            getattr(Pictures, name)
        ), name
    assert all(isinstance(spec, PictureSpec) for spec in PICTURES.specs)


def test_specs_name_the_phone_image_for_summaries_the_board_on_demand_and_the_company_per_seat() -> None:
    assert PICTURES.specs == (
        PictureSpec("board", "Board"),
        PictureSpec("company", "Company", per_seat=True),
        PictureSpec("strip", "Players"),
        PictureSpec("phone", "Map and players (phone)", in_summaries=True),
    )
    assert summary_picture(PICTURES) == PICTURES.specs[3]
    assert board_picture(PICTURES) == PICTURES.specs[0]
    assert seat_picture(PICTURES) == PICTURES.specs[1]


def test_each_picture_has_the_bytes_of_its_render_function(
    seeded: tuple[CarnegieGame, CarnegieState],
) -> None:
    game, state = seeded
    public = game.view(state, None)
    scores = game.score(state)
    assert PICTURES.draw("board", public, None, NAMES, scores) == render_overview(public, NAMES, scores)
    assert PICTURES.draw("strip", public, None, NAMES, scores) == render_strip(public, NAMES, scores)
    assert PICTURES.draw("phone", public, None, NAMES, scores) == render_phone(public, NAMES, scores)
    for seat in range(PLAYERS):
        own = game.view(state, seat)
        png = PICTURES.draw("company", own, seat, NAMES, None)
        assert png == render_company(own, seat, NAMES)
        assert Image.open(io.BytesIO(png)).format == "PNG"


def test_unknown_keys_bad_seats_and_foreign_views_are_refused(
    seeded: tuple[CarnegieGame, CarnegieState],
) -> None:
    game, state = seeded
    view = game.view(state, None)
    with pytest.raises(KeyError):
        PICTURES.draw("map", view, None, NAMES, None)
    for seat in (None, -1, PLAYERS):
        with pytest.raises(ValueError):
            PICTURES.draw("company", view, seat, NAMES, None)
    with pytest.raises(ValueError):
        PICTURES.draw("board", view, PLAYERS, NAMES, None)
    with pytest.raises(TypeError):
        PICTURES.draw("board", Decision(seats=[], kind="x", prompt=""), None, NAMES, None)


def test_warm_up_runs() -> None:
    PICTURES.warm_up()
