"""Carnegie images: the board overview, one company board per player, the players strip and the phone
image posted with every round.

``PICTURES`` is what the bot plugs in (``render.common.pictures.Pictures``); the ``render_*`` and
``*_image`` functions are the same pictures for direct callers (review command, tests, benchmarks).
"""

from __future__ import annotations

from render.carnegie.images import (
    company_image,
    overview_image,
    phone_image,
    render_company,
    render_overview,
    render_phone,
    render_strip,
    strip_image,
    warm_up,
)
from render.carnegie.pictures import CarnegiePictures
from render.common.pictures import Pictures

# Typed as the protocol so that mypy checks the seam here, where the bot will pick it up.
PICTURES: Pictures = CarnegiePictures()

__all__ = [
    "PICTURES",
    "CarnegiePictures",
    "company_image",
    "overview_image",
    "phone_image",
    "render_company",
    "render_overview",
    "render_phone",
    "render_strip",
    "strip_image",
    "warm_up",
]
