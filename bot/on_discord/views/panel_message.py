"""The clicker's private panel as a message: sent as a follow-up, or the message the clicked button was
on, and kept (``open_panels``) to be redrawn when the decision comes back to them."""

from __future__ import annotations

from typing import Any

import discord

from bot.on_discord.views.common import NO_MENTIONS, send_followup
from bot.on_discord.views.open_panels import Edit, open_panels_of


def remember(interaction: discord.Interaction[Any], game_id: int, edit: Edit, *, live: bool) -> None:
    """Keep the clicker's panel, to redraw it when the decision comes back to them."""
    panels = open_panels_of(interaction.client)
    if panels is not None:
        panels.remember(game_id, interaction.user.id, edit, live=live, interaction=interaction)


async def open_panel(
    interaction: discord.Interaction[Any], game_id: int, content: str, view: discord.ui.View | None
) -> None:
    """Show the clicker their panel as a new private message, and ``remember`` it."""
    message = await send_followup(interaction, content, view=view)

    async def edit(content: str, view: discord.ui.View | None) -> None:
        await message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)

    remember(interaction, game_id, edit, live=view is not None)


def remember_original(interaction: discord.Interaction[Any], game_id: int, *, live: bool) -> None:
    """``remember`` a panel that is the message the interaction's button was on."""

    async def edit(content: str, view: discord.ui.View | None) -> None:
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_MENTIONS)

    remember(interaction, game_id, edit, live=live)
