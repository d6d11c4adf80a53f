"""Nipron's golden renders: each golden position's board, phone image and player boards, with their hashes
(of the PNG bytes, and of the decoded pixels to tell a drawing change from an encoder change)."""

from __future__ import annotations

from pathlib import Path

from render.nipron import render_board, render_phone, render_player
from tests.render.golden import digest
from tests.render.nipron.positions import GOLDEN, NAMES, Position

GOLDEN_FILE = Path(__file__).resolve().parent / "golden.json"


def render_all() -> dict[str, tuple[bytes, dict[str, str]]]:
    out: dict[str, tuple[bytes, dict[str, str]]] = {}
    for name, (players, seed, stop) in GOLDEN.items():
        pos = Position(players, seed, stop)
        names = NAMES[:players]
        png = render_board(pos.public, names, pos.scores)
        out[f"{name}-board"] = (png, digest(png))
        png = render_phone(pos.public, names, pos.scores)
        out[f"{name}-phone"] = (png, digest(png))
        for seat in range(players):
            png = render_player(pos.own[seat], seat, names)
            out[f"{name}-player-{seat}"] = (png, digest(png))
    return out
