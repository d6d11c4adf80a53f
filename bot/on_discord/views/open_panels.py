"""The private panels players have open, so that when a decision comes back to a player the panel they
already have shows it (no **Take my turn** again).

Discord lets the bot edit an ephemeral message only through the interaction that made it, for 15
minutes from the interaction's creation; a panel older than that, one Discord no longer takes, and
every panel after a restart is forgotten, and the player opens a new one from the public turn
line, as before. Only a panel that offers nothing any more ("your part is done") is redrawn: one
still showing choices is the player's to use and never changes under their finger. A panel is
redrawn in the language it was opened in (its reader's), though another player's click brings the
decision back.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.service.clock import Clock, system_clock
from render.common.language import current, speaking

log = logging.getLogger(__name__)

# Discord's interaction tokens last 15 minutes from the interaction's creation (receiving-and-
# responding §Followup Messages); a minute is left for the edit itself and for the bot's clock and
# Discord's disagreeing.
TOKEN_LIFE = 14 * 60.0


def token_until(interaction: discord.Interaction[Any], now: datetime) -> datetime:
    """Until when, by the bot's clock (``now`` is its time), the interaction's token takes edits:
    counted from the interaction's creation (the time in its id), not from when the bot got to use
    it (a click whose announcement waited on the game's lock). A bot clock behind Discord's would
    read that creation as later than it was: the earlier of the two is counted from."""
    return min(interaction.created_at, now) + timedelta(seconds=TOKEN_LIFE)


Edit = Callable[[str, discord.ui.View | None], Awaitable[Any]]
# What a panel shows (content, view), drawn in the current language.
Draw = Callable[[], tuple[str, discord.ui.View | None]]


@dataclass
class _Open:
    until: datetime  # when its token ends (``token_until``)
    edit: Edit
    live: bool  # it still offers choices
    language: str  # its reader's


class OpenPanels:
    """One per client: the newest panel of each player in each game."""

    def __init__(self, clock: Clock = system_clock) -> None:
        self._clock = clock
        self._open: dict[tuple[int, int], _Open] = {}

    def remember(
        self, game_id: int, user_id: int, edit: Edit, *, live: bool, interaction: discord.Interaction[Any]
    ) -> None:
        """Keep the panel the player is being answered on (so in their language, the current one),
        editable through ``interaction``'s token."""
        until = token_until(interaction, self._clock())
        self._open[(game_id, user_id)] = _Open(until, edit, live, current())

    async def show(self, game_id: int, user_id: int, draw: Draw) -> bool:
        """Redraw the player's panel with their new decision (``draw``n in their language), if they have
        one that offers nothing now and Discord still takes its edits. True when it was redrawn."""
        kept = self._open.get((game_id, user_id))
        if kept is None or kept.live:
            return False
        if self._clock() >= kept.until:
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
