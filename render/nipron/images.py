"""Nipron's images as Pillow images and as PNG bytes: the board overview, one player's board and the
phone image.

Pure functions of the engine's ``NipronView`` (and optional names and score sheet): the same input
gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.core import ScoreSheet
from engine.nipron.view import NipronView
from render.nipron.board import draw_board
from render.nipron.encode import encode, palette_image
from render.nipron.phone import draw_phone
from render.nipron.player_board import draw_player_board


def board_image(
    view: NipronView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> Image.Image:
    return draw_board(view, names, scores)


def player_image(view: NipronView, seat: int, names: Sequence[str] | None = None) -> Image.Image:
    if not 0 <= seat < len(view.zaibatsu):
        raise ValueError(f"seat {seat} is not in this game")
    return draw_player_board(view, seat, names)


def phone_image(
    view: NipronView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> Image.Image:
    return draw_phone(view, names, scores)


def render_board(
    view: NipronView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> bytes:
    """The whole table. With ``scores`` the players' lines show the sheet's totals (and the winner
    once the game is over); without, the VP so far."""
    return encode(board_image(view, names, scores))


def render_player(view: NipronView, seat: int, names: Sequence[str] | None = None) -> bytes:
    """One player's board: budget, workers, tracks, factories, trains and ships, contracts,
    achievements."""
    return encode(player_image(view, seat, names))


def render_phone(
    view: NipronView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> bytes:
    """The phone image posted with each scoring summary and the final result: the map and the
    players, in portrait, every text at least 11 px tall once shown 400 px wide
    (``render.nipron.phone``)."""
    return encode(phone_image(view, names, scores))


def warm_up() -> None:
    """Build the palette, the cached base layers and the sprites ahead of the first real render
    (about a second and a half on a 2-core machine)."""
    from engine.nipron import GAME

    palette_image()
    for players in (2, 3, 4):
        view = GAME.view(GAME.new_game(players, 0), None)
        render_board(view)
        render_phone(view)
    render_player(view, 0)
