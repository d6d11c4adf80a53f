"""PNG encoding with fixed parameters and no metadata, so equal images give equal bytes.

The board images have few distinct colours apart from anti-aliased edges, so they are reduced to
a 256-colour palette before encoding (``quantize`` with a fixed method and no dithering is
deterministic). Measured on the 2000×1500 overview (2-core machine, ``python -m tests.render.bench``):
RGB level 6 = 114 ms / 572 kB; median-cut palette = 129 ms just to quantise; fast-octree palette =
18 ms + 21 ms at level 6 for 172 kB (level 1: 9 ms / 232 kB, level 9: 159 ms / 158 kB). Octree + level
6 is the best trade; its colour error (mean ≈ 1/255) is invisible on these flat drawings.
"""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 6
PALETTE_COLOURS = 256


def encode_png(image: Image.Image, palette: bool = True) -> bytes:
    if palette:
        image = image.quantize(
            colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    buf = io.BytesIO()
    # No pnginfo, no dpi, no timestamps: the bytes depend on the pixels only.
    image.save(buf, format="PNG", compress_level=COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()
