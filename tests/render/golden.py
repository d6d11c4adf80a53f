"""The golden renders: every seeded position's overview, phone image and company boards, with their hashes;
and one position in each other language (``LANGUAGE_POSITION``).

Two hashes per image: of the PNG bytes (the promise: same view, same bytes) and of the decoded pixels
(so that a failure tells a drawing change from an encoder change, e.g. a different zlib build); and a
short hash per region of an 8 × 8 grid, so that a failure says where the picture changed.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping
from pathlib import Path

from PIL import Image

from render.carnegie import PICTURES, render_company, render_overview, render_phone
from render.common.language import DEFAULT, LANGUAGES
from tests.render.positions import NAMES, POSITIONS

GOLDEN_FILE = Path(__file__).resolve().parent / "golden.json"


GRID = 8


def _boxes(width: int, height: int) -> list[tuple[int, int, int, int]]:
    return [
        (col * width // GRID, row * height // GRID, (col + 1) * width // GRID, (row + 1) * height // GRID)
        for row in range(GRID)
        for col in range(GRID)
    ]


def digest(png: bytes) -> dict[str, str]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    regions = [hashlib.sha256(image.crop(box).tobytes()).hexdigest()[:8] for box in _boxes(*image.size)]
    return {
        "png": hashlib.sha256(png).hexdigest(),
        "pixels": hashlib.sha256(image.tobytes()).hexdigest(),
        "size": f"{image.width}x{image.height}",
        "regions": " ".join(regions),
    }


def changes(got: Mapping[str, Mapping[str, str]], golden: Mapping[str, Mapping[str, str]]) -> list[str]:
    """One line per image that differs from its golden digest, naming where: the box (in pixels) around
    the grid regions whose pixels changed, or that only the PNG bytes did (an encoder change)."""
    out = []
    for name in sorted(set(got) | set(golden)):
        new, old = got.get(name), golden.get(name)
        if new is None or old is None:
            out.append(f"{name}: {'no golden digest' if old is None else 'no longer drawn'}")
            continue
        if new["pixels"] == old["pixels"]:
            if new["png"] != old["png"]:
                out.append(f"{name}: same pixels, different PNG bytes (an encoder change?)")
            continue
        if "regions" not in old:
            out.append(f"{name}: pixels changed (the golden digest has no regions to say where)")
            continue
        if new["size"] != old["size"]:
            out.append(f"{name}: the picture's size changed ({old['size']} → {new['size']})")
            continue
        width, height = (int(n) for n in new["size"].split("x"))
        boxes = [
            box
            for box, a, b in zip(
                _boxes(width, height), new["regions"].split(), old["regions"].split(), strict=True
            )
            if a != b
        ]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        out.append(
            f"{name}: pixels changed in {len(boxes)} of {GRID * GRID} regions, "
            f"within x {x0}–{x1}, y {y0}–{y1} (of {width} × {height})"
        )
    return out


# One position drawn in each language besides English (issue 21): the board, the phone image and a
# company board, to look at and to keep.
LANGUAGE_POSITION = "mid-4p"


def render_all() -> dict[str, tuple[bytes, dict[str, str]]]:
    out: dict[str, tuple[bytes, dict[str, str]]] = {}
    view = POSITIONS[LANGUAGE_POSITION]()
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        for key, seat in (("board", None), ("phone", None), ("company", 0)):
            png = PICTURES.draw(key, view, seat, NAMES, None, lang=lang)
            name = f"{LANGUAGE_POSITION}-{key}{'' if seat is None else f'-{seat}'}-{lang}"
            out[name] = (png, digest(png))
    for name, make in POSITIONS.items():
        view = make()
        png = render_overview(view, NAMES)
        out[f"{name}-overview"] = (png, digest(png))
        png = render_phone(view, NAMES)
        out[f"{name}-phone"] = (png, digest(png))
        for seat in range(view.players):
            png = render_company(view, seat, NAMES)
            out[f"{name}-company-{seat}"] = (png, digest(png))
    return out
