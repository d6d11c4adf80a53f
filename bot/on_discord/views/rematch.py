"""The final post's **Rematch** button (``br:r:<game id>``, parsed back after a restart): a player of the
finished game opens a lobby for the same table (``bot.service.after_game.rematch``) in the channel the game
was opened from, and the finished game's channel or thread gets a post linking to it that asks the other
players to take their seats again."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import plugins
from bot.on_discord.errors import announce_failed, defer_public, public_done
from bot.on_discord.views import ids, text
from bot.on_discord.views.common import NO_MENTIONS, guarded, sessions_of
from bot.on_discord.views.lobby import lobby_view
from bot.service.after_game.rematch import Opened
from bot.service.limits import clip
from render.common.language import speaking, t


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REMATCH_TEMPLATE):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("Rematch"), style=discord.ButtonStyle.primary, custom_id=ids.rematch_id(game_id)
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        await defer_public(interaction)
        opened = await sessions_of(interaction).rematch.open(
            self.game_id, interaction.user.id, interaction.user.display_name
        )
        try:
            link = await _post_lobby(interaction.client, interaction, opened)
            with speaking(opened.table.game.language):
                said = invitation(opened, interaction.user.id, link)
            await interaction.followup.send(said, allowed_mentions=text.PING_PLAYERS)
            public_done(interaction)
        except Exception as exc:
            await announce_failed(interaction, exc)


def rematch_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view


async def _post_lobby(client: discord.Client, interaction: discord.Interaction[Any], opened: Opened) -> str:
    """The rematch's public lobby message, where its players join; returns its link."""
    table = opened.table
    channel = client.get_partial_messageable(table.game.channel_id, guild_id=table.game.guild_id)
    with speaking(table.game.language):
        content, view = text.lobby_text(table), lobby_view(table)
    assert view is not None, "a rematch opens as a lobby"
    message = await channel.send(content, view=view, allowed_mentions=NO_MENTIONS)
    await sessions_of(interaction).lobby.set_lobby_message(table.id, message.id)
    return message.jump_url


def invitation(opened: Opened, host_id: int, link: str) -> str:
    """The finished game's post about its rematch: who asked, where its lobby is, who is asked back."""
    title = plugins.game(opened.table.game.game).title
    said = t(
        "{who} asked for a rematch: **{title}** lobby #{id} is open in {channel}: {link}",
        who=text.mention(host_id),
        title=title,
        id=opened.table.id,
        channel=f"<#{opened.table.game.channel_id}>",
        link=link,
    )
    if opened.invited:
        said += "\n" + t(
            "{players}: press **Join** there to take your seat again; the host starts when everyone is in.",
            players=", ".join(text.mention(user) for user in opened.invited),
        )
    return clip(said)
