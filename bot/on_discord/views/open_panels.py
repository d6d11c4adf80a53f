"""The private panels players have open, so that when a decision comes back to a player the panel they
already have shows it (no **Take my turn** again).

Discord lets the bot edit an ephemeral message only through the interaction that made it, for 15
minutes; a panel older than that, one Discord no longer takes, and every panel after a restart is
forgotten, and the player opens a new one from the public turn line, as before. Only a panel that
offers nothing any more ("your part is done") is redrawn: one still showing choices is the
player's to use and never changes under their finger. A panel is redrawn in the language it was
opened in (its reader's), though another player's click brings the decision back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from render.common.language import current, speaking

log = logging.getLogger(__name__)

# Discord's interaction tokens last 15 minutes; a minute is left for the edit itself.
TOKEN_LIFE = 14 * 60.0

Edit = Callable[[str, discord.ui.View | None], Awaitable[Any]]
# What a panel shows (content, view), drawn in the current language.
Draw = Callable[[], tuple[str, discord.ui.View | None]]


@dataclass
class _Open:
    since: float
    edit: Edit
    live: bool  # it still offers choices
    language: str  # its reader's


class OpenPanels:
    """One per client: the newest panel of each player in each game."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._open: dict[tuple[int, int], _Open] = {}

    def remember(self, game_id: int, user_id: int, edit: Edit, *, live: bool) -> None:
        """Keep the panel the player is being answered on (so in their language, the current one)."""
        self._open[(game_id, user_id)] = _Open(self._clock(), edit, live, current())

    async def show(self, game_id: int, user_id: int, draw: Draw) -> bool:
        """Redraw the player's panel with their new decision (``draw``n in their language), if they have
        one that offers nothing now and Discord still takes its edits. True when it was redrawn."""
        kept = self._open.get((game_id, user_id))
        if kept is None or kept.live:
            return False
        if self._clock() - kept.since > TOKEN_LIFE:
            del self._open[(game_id, user_id)]
            return False
        try:
            with speaking(kept.language):
                content, view = draw()
                if view is None:
                    return False
                await kept.edit(content, view)
        except discord.HTTPException as exc:
            # Dismissed by the player, or the token expired early: the turn line still opens a panel.
            log.info("panel of user %s in game %s not redrawn: %s", user_id, game_id, exc)
            del self._open[(game_id, user_id)]
            return False
        kept.live = True
        return True


def open_panels_of(client: Any) -> OpenPanels | None:
    panels = getattr(client, "open_panels", None)
    return panels if isinstance(panels, OpenPanels) else None
