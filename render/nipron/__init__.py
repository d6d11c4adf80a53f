"""Nipron images: the board overview, one player board per seat and the phone image.

``PICTURES`` is what the bot plugs in (``render.common.pictures.Pictures``); ``render_board`` and
``render_player`` are the same pictures for direct callers (tests, benchmarks); ``python -m bot.ops.draw
nipron`` writes them for review.
"""

from __future__ import annotations

from render.common.pictures import Pictures
from render.nipron.images import (
    board_image,
    phone_image,
    player_image,
    render_board,
    render_phone,
    render_player,
    warm_up,
)
from render.nipron.pictures import NipronPictures

PICTURES: Pictures = NipronPictures()

__all__ = [
    "PICTURES",
    "NipronPictures",
    "board_image",
    "phone_image",
    "player_image",
    "render_board",
    "render_phone",
    "render_player",
    "warm_up",
]
