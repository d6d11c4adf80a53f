"""The golden renders: every seeded position's overview, phone image and company boards, with their hashes.

Two hashes per image: of the PNG bytes (the promise: same view, same bytes) and of the decoded pixels
(so that a failure tells a drawing change from an encoder change, e.g. a different zlib build).
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from PIL import Image

from render.carnegie import render_company, render_overview, render_phone
from tests.render.positions import NAMES, POSITIONS

GOLDEN_FILE = Path(__file__).resolve().parent / "golden.json"


def digest(png: bytes) -> dict[str, str]:
    pixels = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    return {"png": hashlib.sha256(png).hexdigest(), "pixels": hashlib.sha256(pixels).hexdigest()}


def render_all() -> dict[str, tuple[bytes, dict[str, str]]]:
    out: dict[str, tuple[bytes, dict[str, str]]] = {}
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
