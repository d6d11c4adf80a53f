"""The Nipron board overview: action spaces and worker rows, the map of the four districts, the
scoring track, the Emperor's rewards, the VP track and one line per player.

What never changes (panel frames, track spaces, chart labels) is drawn once per process into a cached
base image; a render copies it and draws the position on top. One module per panel.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image

from engine.core import ScoreSheet
from engine.nipron.view import NipronView
from render.common.canvas import Canvas
from render.common.language import current, t, tn
from render.common.palette import PAPER, WHITE
from render.nipron.board.actions import draw_actions, draw_actions_static, draw_rows
from render.nipron.board.layout import TITLE_H, W, height
from render.nipron.board.map_panel import draw_map, draw_map_game, draw_map_static, draw_sea, game_key
from render.nipron.board.players import draw_players
from render.nipron.board.rewards import draw_rewards, draw_rewards_static
from render.nipron.board.supply import draw_supply
from render.nipron.board.tracks import draw_track, draw_track_static, draw_vp, draw_vp_static
from render.nipron.glyphs import fit_line
from render.nipron.icons import ICONS
from render.nipron.model import Seat, final_turns_left, seats, totals, winners
from render.nipron.palette import TITLE_BAR

__all__ = ["clear_caches", "draw_board", "per_game", "status_line", "status_parts"]


# One base per player count and language (its printed words are in it).
@lru_cache(maxsize=8)
def _base(players: int, lang: str) -> Image.Image:
    c = Canvas(W, height(players), PAPER, ICONS)
    c.d.rectangle((0, 0, W, TITLE_H), fill=TITLE_BAR)
    draw_actions_static(c)
    draw_map_static(c)
    draw_sea(c)
    draw_track_static(c)
    draw_rewards_static(c)
    draw_vp_static(c)
    return c.image


_GAME_BASES: dict[tuple[object, ...], Image.Image] = {}
GAME_BASES_KEPT = 16
_LOCK = threading.Lock()


def per_game(picture: str, view: NipronView, build: Callable[[NipronView], Image.Image]) -> Image.Image:
    """``picture``'s layer for this game's map (city tiles and bonuses never change during a game),
    built once and kept for the last few games drawn. The caller copies it before drawing on it."""
    key = (picture, current(), *game_key(view))
    with _LOCK:
        image = _GAME_BASES.get(key)
    if image is None:
        image = build(view)
        with _LOCK:
            while len(_GAME_BASES) >= GAME_BASES_KEPT:
                del _GAME_BASES[next(iter(_GAME_BASES))]
            _GAME_BASES[key] = image
    return image


def _build_game_base(view: NipronView) -> Image.Image:
    image = _base(view.players, current()).copy()
    draw_map_game(Canvas.from_image(image, ICONS), view)
    return image


def clear_caches() -> None:
    """Forget the cached layers (benchmarks measure a first render with this)."""
    _base.cache_clear()
    with _LOCK:
        _GAME_BASES.clear()


def status_parts(view: NipronView, people: list[Seat], scores: ScoreSheet | None) -> tuple[str, str]:
    """The title's status in two parts: where the game is, and who won or acts (and the final turns
    left); the phone image's head says the first part its own way."""
    if view.over:
        won = winners(scores)
        names = ", ".join(people[s].name for s in sorted(won))
        return t("Game over"), t("winner: {names}", names=names) if won else ""
    rest = ""
    if view.active is not None:
        rest = t("to act: {name}", name=people[view.active].name)
    if view.final_seat is not None:
        left = final_turns_left(view)
        if rest:
            return t("Final phase"), tn("{n} turn left · {rest}", "{n} turns left · {rest}", left, rest=rest)
        return t("Final phase"), tn("{n} turn left", "{n} turns left", left)
    return t("Scoring {n} of {last} next", n=view.scorings + 1, last=3), rest


def status_line(view: NipronView, people: list[Seat], scores: ScoreSheet | None) -> str:
    first, rest = status_parts(view, people, scores)
    return t("{status} · {more}", status=first, more=rest) if rest else first


def draw_board(view: NipronView, names: Sequence[str] | None, scores: ScoreSheet | None) -> Image.Image:
    image = per_game("board", view, _build_game_base).copy()
    c = Canvas.from_image(image, ICONS)
    people = seats(view, names)
    c.text(20, TITLE_H / 2, "Nipron", 38, fill=WHITE, bold=True, anchor="lm")
    fit_line(c, 180, TITLE_H / 2, status_line(view, people, scores), W - 200, 30, fill=WHITE, anchor="lm")
    draw_actions(c, view)
    draw_rows(c, view)
    draw_map(c, view, people)
    draw_track(c, view, people)
    draw_rewards(c, view)
    scored = totals(view, scores)
    draw_vp(c, view, people, scored)
    # The sheet's totals get their own column when they say more than the VP discs: at the end, or
    # if a provisional sheet counts something the track does not.
    final: bool | None = None
    if scores is not None and (scores.final or any(scored.get(p.seat) != p.vp for p in view.zaibatsu)):
        final = scores.final
    draw_players(c, view, people, scored, winners(scores), final)
    draw_supply(c, view)
    return image
