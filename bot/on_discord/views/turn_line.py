"""The public turn line "@Ana — your turn: …" (posted once per turn by ``bot.on_discord.announce``) and its
one
**Take my turn** button, which opens the clicker's private panel (``bot.on_discord.views.turn``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.on_discord.views import ids
from bot.on_discord.views.common import NO_MENTIONS, guarded, send_followup, sessions_of
from bot.on_discord.views.turn import own_panel, remember
from bot.service.tables import Table
from engine.core.words import msg
from render.common.language import say

TAKE_MY_TURN = msg("Take my turn")


class TakeTurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TURN_TEMPLATE):
    """On the public turn line: opens the clicker's own panel (whatever version it was drawn at:
    it always shows the current choices)."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(TAKE_MY_TURN),
                style=discord.ButtonStyle.success,
                custom_id=ids.turn_id(game_id, version),
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
        content, view = own_panel(status, interaction.user.id)
        message = await send_followup(interaction, content, view=view)

        async def edit(content: str, view: discord.ui.View | None) -> None:
            await message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)

        remember(interaction, self.game_id, edit, live=view is not None)


def turn_line_view(table: Table) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeTurnButton(table.id, table.version))
    return view
