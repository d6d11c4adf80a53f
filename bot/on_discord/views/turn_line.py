"""The public turn line "@Ana — your turn: …" (posted once per turn by ``bot.on_discord.announce``): a
small decision's choices (``bot.on_discord.views.line_choice``) and **Take my turn**, which opens the
clicker's private panel (``bot.on_discord.views.turn``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.on_discord.views import ids
from bot.on_discord.views.common import guarded, sessions_of
from bot.on_discord.views.line_menu import line_items
from bot.on_discord.views.panel_message import open_panel
from bot.on_discord.views.turn import own_panel
from bot.service.progress import Offered
from bot.service.tables import Progress, Table
from engine.core.words import msg
from render.common.language import say

TAKE_MY_TURN = msg("Take my turn")


class TakeTurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TURN_TEMPLATE):
    """On the public turn line: opens the clicker's own panel (whatever version it was drawn at:
    it always shows the current choices)."""

    def __init__(self, game_id: int, version: int, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(TAKE_MY_TURN),
                style=discord.ButtonStyle.success,
                custom_id=ids.turn_id(game_id, version),
                row=row,
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeTurnButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await sessions_of(interaction).reading.status(
            self.game_id, channel_id=interaction.channel_id
        )
        await open_panel(interaction, self.game_id, *own_panel(status, interaction.user.id))


def turn_line_view(
    table: Table, progress: Progress, known: Offered | None = None, *, groups: bool = True
) -> discord.ui.View:
    """A decision's choices on their own row (``line_choice``'s buttons, ``line_menu``'s menu for a
    longer list), and **Take my turn** for the rest: the panel still shows the board, Undo and every
    choice."""
    view = discord.ui.View(timeout=None)
    choices = line_items(table, progress, known, groups=groups)
    for item in choices:
        view.add_item(item)
    view.add_item(TakeTurnButton(table.id, table.version, row=len({c.seat for c in choices})))
    return view
