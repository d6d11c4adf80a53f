"""Nipron's golden renders: each golden position's board, phone image and player boards, with their hashes
(of the PNG bytes, and of the decoded pixels to tell a drawing change from an encoder change); and one
position in each other language (``LANGUAGE_POSITION``)."""

from __future__ import annotations

from pathlib import Path

from render.common.language import DEFAULT, LANGUAGES
from render.nipron import PICTURES, render_board, render_phone, render_player
from tests.render.golden import digest
from tests.render.nipron.positions import GOLDEN, NAMES, Position

GOLDEN_FILE = Path(__file__).resolve().parent / "golden.json"


# One position drawn in each language besides English (issue 21): the board, the phone image and a
# player board, to look at and to keep.
LANGUAGE_POSITION = "scoring2-4p"


def render_all() -> dict[str, tuple[bytes, dict[str, str]]]:
    out: dict[str, tuple[bytes, dict[str, str]]] = {}
    pos = Position(*GOLDEN[LANGUAGE_POSITION])
    names = NAMES[: pos.players]
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        for key, view, seat, scores in (
            ("board", pos.public, None, pos.scores),
            ("phone", pos.public, None, pos.scores),
            ("player", pos.own[0], 0, None),
        ):
            png = PICTURES.draw(key, view, seat, names, scores, lang=lang)
            name = f"{LANGUAGE_POSITION}-{key}{'' if seat is None else f'-{seat}'}-{lang}"
            out[name] = (png, digest(png))
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
