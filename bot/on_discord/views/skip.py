"""The clock's buttons: **Skip** under "… has run out of time" (for the other players)
and **I'm back** under "… skipped …" (for the skipped player). Their custom_ids carry the game and
the seat (``ids``), so they work after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.on_discord.views import clock_text, ids
from bot.on_discord.views.common import NO_MENTIONS, announcer_of, clocks_of, guarded
from engine.core.words import msg
from render.common.language import say, speaking

SKIP, IM_BACK = msg("Skip"), msg("I'm back")


class SkipButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SKIP_TEMPLATE):
    def __init__(self, game_id: int, seat: int, since: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(SKIP), style=discord.ButtonStyle.danger, custom_id=ids.skip_id(game_id, seat, since)
            )
        )
        self.game_id, self.seat, self.since = game_id, seat, since

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SkipButton:
        return cls(int(match["game"]), int(match["seat"]), int(match["since"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        table = await clocks_of(interaction).acts.skip(
            self.game_id, self.seat, self.since, interaction.user.id
        )
        with speaking(table.game.language):
            await interaction.edit_original_response(
                content=clock_text.skipped_text(table, self.seat, interaction.user.id),
                view=back_view(table.id, self.seat),
                allowed_mentions=NO_MENTIONS,
            )
        await announcer_of(interaction).after_change(table.id, [])


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BACK_TEMPLATE):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(IM_BACK), style=discord.ButtonStyle.success, custom_id=ids.back_id(game_id, seat)
            )
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        table = await clocks_of(interaction).acts.back(self.game_id, interaction.user.id)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        with speaking(table.game.language):
            await interaction.edit_original_response(
                content=clock_text.back_text(table, seat), view=None, allowed_mentions=NO_MENTIONS
            )
        await announcer_of(interaction).after_change(table.id, [])


def skip_view(game_id: int, seat: int, since: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SkipButton(game_id, seat, since))
    return view


def back_view(game_id: int, seat: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BackButton(game_id, seat))
    return view
