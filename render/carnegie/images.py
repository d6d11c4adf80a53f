"""Carnegie's images as Pillow images and as PNG bytes: the board overview, a company board, the strip,
the phone image.

Pure functions of the engine's ``CarnegieView`` (and optional player names): the same input gives the
same bytes. The bot calls them through ``asyncio.to_thread`` or a process pool; they never block on I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.carnegie import setup
from engine.carnegie.view import CarnegieView, build_view
from engine.core import Decision, ScoreSheet
from render.carnegie.adapter import board_model, seat_names
from render.carnegie.company import draw_company
from render.carnegie.overview import draw_overview, draw_phone, draw_strip
from render.common.png import encode_png


def overview_image(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> Image.Image:
    return draw_overview(board_model(view, names, scores))


def company_image(view: CarnegieView, seat: int, names: Sequence[str] | None = None) -> Image.Image:
    if not 0 <= seat < len(view.companies):
        raise ValueError(f"seat {seat} is not in this game")
    return draw_company(view, seat, seat_names(view, names)[seat]).image


def strip_image(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> Image.Image:
    return draw_strip(board_model(view, names, scores))


def phone_image(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> Image.Image:
    return draw_phone(board_model(view, names, scores))


def warm_up() -> None:
    """Build the cached static layer and sprites (about a second on a 2-core machine) ahead of the first
    real render, e.g. in a worker process at start-up."""
    view = build_view(setup.new_state(4, 0, None), None, Decision(seats=[], kind="warm-up", prompt=""))
    render_overview(view)
    render_company(view, 0)
    render_phone(view)


def render_overview(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> bytes:
    """The whole table: map, tracks, mission areas, Timeline, donations, display, players.

    Without ``scores`` the players' VP are the score track; with the engine's ``ScoreSheet`` (e.g.
    ``game.score(state)``) the full provisional or final totals are shown, and the winners once over."""
    return encode_png(overview_image(view, names, scores))


def render_company(view: CarnegieView, seat: int, names: Sequence[str] | None = None) -> bytes:
    """One player's company board with project tabs and supplies."""
    return encode_png(company_image(view, seat, names))


def render_strip(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> bytes:
    """The compact strip of every player's key numbers (the overview's Players panel on its own)."""
    return encode_png(strip_image(view, names, scores))


def render_phone(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> bytes:
    """The phone image posted with each round: the map and the players, in portrait, every text at
    least 11 px tall once shown 400 px wide (``render.carnegie.overview.phone``)."""
    return encode_png(phone_image(view, names, scores))
