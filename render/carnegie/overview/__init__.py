"""The Carnegie board overview: map, tracks, mission areas, Timeline, donations, display, players.

Everything that never changes (map, roads, empty slots, printed track and donation contents) is
drawn once per process into a cached base image; a render copies it and draws the position on top.
One module per panel, each with its static layer (``draw_*_static``, into the base) and its
dynamic layer (``draw_*``, from the ``BoardModel``); this module stacks them in drawing order.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.carnegie.icons import ICONS
from render.carnegie.model import BoardModel, Owner
from render.carnegie.overview.andrew import draw_andrew_cards
from render.carnegie.overview.connections import draw_connections_static
from render.carnegie.overview.display import draw_display, draw_display_static
from render.carnegie.overview.donations import draw_donations, draw_donations_static
from render.carnegie.overview.layout import TITLE_H, H, W
from render.carnegie.overview.map_panel import draw_map_static, draw_slots
from render.carnegie.overview.phone import draw_phone
from render.carnegie.overview.players import draw_owner_legend, draw_players, draw_players_static, draw_strip
from render.carnegie.overview.timeline import draw_timeline, draw_timeline_static
from render.carnegie.overview.tracks import draw_tracks, draw_tracks_static
from render.carnegie.palette import TITLE_BAR
from render.common.canvas import Canvas
from render.common.language import current, say, t
from render.common.palette import PAPER, WHITE

__all__ = ["H", "W", "draw_overview", "draw_phone", "draw_strip"]


# One base per language drawn in (its printed words are in it).
@lru_cache(maxsize=5)
def _base(lang: str) -> Image.Image:
    c = Canvas(W, H, PAPER, ICONS)
    c.d.rectangle((0, 0, W, TITLE_H), fill=TITLE_BAR)
    draw_map_static(c)
    draw_connections_static(c)
    draw_tracks_static(c)
    draw_timeline_static(c)
    draw_donations_static(c)
    draw_display_static(c)
    draw_players_static(c)
    return c.image


def _player_name(m: BoardModel, owner: Owner) -> str:
    if isinstance(owner, int):
        for p in m.players:
            if p.seat == owner:
                return p.name
    return str(owner)


def _draw_title(c: Canvas, m: BoardModel) -> None:
    if m.finished:
        status = t("Game over")
        if m.winners:
            status = t("Game over  ·  winner: {names}", names=", ".join(m.winners))
    else:
        status = t(
            "Round {round}/{rounds}  ·  {phase}",
            round=min(m.round, m.rounds),
            rounds=m.rounds,
            phase=say(m.phase),
        )
        if m.to_act:
            status = t("{status}  ·  to act: {names}", status=status, names=", ".join(m.to_act))
    c.text(20, TITLE_H / 2, "Carnegie", 34, fill=WHITE, bold=True, anchor="lm")
    c.fit_text(200, TITLE_H / 2, status, W - 520, 28, fill=WHITE, anchor="lm")
    if m.first_seat is not None:
        name = _player_name(m, m.first_seat)
        c.icon("locomotive", W - 300, TITLE_H / 2, 40, WHITE)
        c.fit_text(
            W - 272, TITLE_H / 2, t("first: {name}", name=name), 250, 24, fill=WHITE, bold=True, anchor="lm"
        )


def draw_overview(m: BoardModel) -> Image.Image:
    image = _base(current()).copy()
    c = Canvas.from_image(image, ICONS)
    _draw_title(c, m)
    draw_slots(c, m)
    draw_tracks(c, m)
    draw_timeline(c, m)
    draw_donations(c, m)
    draw_display(c, m)
    draw_players(c, m)
    draw_owner_legend(c, m)
    if m.andrew_cards is not None:
        draw_andrew_cards(c, m.andrew_cards)
    return image
