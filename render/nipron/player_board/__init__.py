"""One player's board, close up: budget and influence tiles in hand, workers held, the coal, money
and knowledge tracks, factories (good, level, coal to run, storage and goods, machine, bonus), the
train and ship areas (what taking tiles uncovered), contracts and the nine achievement spaces.

What never changes is drawn once per language into a cached base image; one module per panel, as in
``render.nipron.board``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.language import current, say, t
from render.common.palette import PAPER, WHITE
from render.nipron.glyphs import badge, fit_line, player_marker
from render.nipron.icons import ICONS
from render.nipron.model import seats
from render.nipron.palette import TITLE_BAR, VP
from render.nipron.player_board.contracts import (
    draw_achievements,
    draw_achievements_static,
    draw_contracts,
    draw_contracts_static,
)
from render.nipron.player_board.factories import draw_factories, draw_factories_static
from render.nipron.player_board.hand import draw_budget, draw_budget_static, draw_workers, draw_workers_static
from render.nipron.player_board.layout import TITLE_H, H, W
from render.nipron.player_board.tracks import draw_tracks, draw_tracks_static
from render.nipron.player_board.transport import draw_transport, draw_transport_static


# One base per language drawn in (its printed words are in it).
@lru_cache(maxsize=5)
def _base(lang: str) -> Image.Image:
    """Everything that is the same on every player's board, drawn once per process."""
    c = Canvas(W, H, PAPER, ICONS)
    c.d.rectangle((0, 0, W, TITLE_H), fill=TITLE_BAR)
    draw_budget_static(c)
    draw_workers_static(c)
    draw_tracks_static(c)
    draw_factories_static(c)
    draw_transport_static(c)
    draw_contracts_static(c)
    draw_achievements_static(c)
    return c.image


def draw_player_board(view: NipronView, seat: int, names: Sequence[str] | None) -> Image.Image:
    c = Canvas.from_image(_base(current()).copy(), ICONS)
    people = seats(view, names)
    s = people[seat]
    p = view.zaibatsu[seat]
    player_marker(c, s.style, 44, TITLE_H / 2, 50)
    title = t("{name}'s zaibatsu ({colour})", name=s.name, colour=say(s.style.name).lower())
    fit_line(c, 84, TITLE_H / 2, title, W - 360, 34, fill=WHITE, bold=True, anchor="lm")
    badge(c, W - 110, TITLE_H / 2, t("{n} VP", n=p.vp), 30, VP)
    if view.active == seat and not view.over:
        c.text(W - 200, TITLE_H / 2, t("to act"), 26, fill=WHITE, bold=True, anchor="rm")
    draw_budget(c, p, s)
    draw_workers(c, p)
    draw_tracks(c, p, s)
    draw_factories(c, p)
    draw_transport(c, p, s)
    draw_contracts(c, p)
    draw_achievements(c, p)
    return c.image
