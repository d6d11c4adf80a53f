"""PNG bytes for Nipron's pictures: one fixed 256-colour palette per process instead of a palette per
picture.

``render.common.png.encode_png`` builds a palette for every picture (fast-octree quantisation), the
largest single cost of a board render (≈ 35 ms of CPU for the 1400 × 2700 board on this 2-core machine).
Nipron's pictures use a small, fixed set of flat colours, so the palette is built once, from a reference
board and player board (a finished seeded 4-player game played by random seats: every player, worker,
good and district colour and the winner's badge) plus a swatch of every named colour with dark and light
text on it; each picture is then only mapped onto it (≈ 5 ms). Measured colour error against the drawn
pixels: mean ≈ 1/255 per channel, max 36, the same as a per-picture palette (mean ≈ 1, max 47). The
mapping is a pure function of the pixels and the palette, and the palette a pure function of this code
(and of the rules, which play the reference game), so the bytes stay deterministic. The encoder settings
are ``render.common.png``'s (level 6, no metadata).
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import palette as common_palette
from render.common.fonts import font
from render.common.language import DEFAULT, speaking
from render.common.png import COMPRESS_LEVEL, PALETTE_COLOURS
from render.nipron import palette as nipron_palette

SWATCH = 48


def _named_colours() -> list[tuple[int, int, int]]:
    found: set[tuple[int, int, int]] = set()

    def add(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            found.add((value[0], value[1], value[2]))
        elif isinstance(value, tuple | list):
            for v in value:
                add(v)
        elif isinstance(value, dict):
            for v in value.values():
                add(v)
        elif isinstance(value, common_palette.PlayerStyle):
            add(value.colour)

    for module in (common_palette, nipron_palette):
        for name in dir(module):
            if name.isupper():
                add(getattr(module, name))
    return sorted(found)


def _swatch() -> Image.Image:
    colours = _named_colours()
    per_row = 1400 // SWATCH
    rows = -(-len(colours) // per_row)
    image = Image.new("RGB", (per_row * SWATCH, rows * SWATCH), common_palette.WHITE)
    d = ImageDraw.Draw(image)
    f = font(22, True)
    for i, colour in enumerate(colours):
        x, y = (i % per_row) * SWATCH, (i // per_row) * SWATCH
        d.rectangle((x, y, x + SWATCH - 1, y + SWATCH - 1), fill=colour)
        d.text((x + 3, y + 2), "Ag", font=f, fill=common_palette.INK)
        d.text((x + 3, y + 24), "Ag", font=f, fill=common_palette.WHITE)
    return image


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    from engine.core import RandomPlayer, play
    from engine.nipron import GAME
    from render.nipron.board import draw_board
    from render.nipron.player_board import draw_player_board

    # the core's RandomPlayer draws only from its own seed and the legal actions, so the reference
    # (and the palette) changes only when the rules or the drawing do
    state, _ = play(GAME, GAME.new_game(4, 7), [RandomPlayer(700 + seat) for seat in range(4)])
    view = GAME.view(state, None)
    # Drawn in English whatever language the first picture of the process is in: one palette for
    # every language, so a picture's bytes do not depend on which language was drawn first.
    with speaking(DEFAULT):
        parts = [draw_board(view, None, GAME.score(state)), draw_player_board(view, 0, None), _swatch()]
    width = max(p.width for p in parts)
    reference = Image.new("RGB", (width, sum(p.height for p in parts)), common_palette.WHITE)
    y = 0
    for p in parts:
        reference.paste(p, (0, y))
        y += p.height
    return reference.quantize(
        colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def encode(image: Image.Image) -> bytes:
    mapped = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    mapped.save(buf, format="PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()
