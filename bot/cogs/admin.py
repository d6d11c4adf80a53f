"""``/boardroom``: operator commands, for the bot's owner only (the application owner in the
Developer Portal). Hidden from members without Manage Server by default permissions, and checked
against the owner at run time, since server admins can change default permissions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import game_names

if TYPE_CHECKING:
    from bot.client import BoardroomBot


class OwnerOnly(app_commands.CheckFailure):
    pass


async def _owner_only(interaction: discord.Interaction[Any]) -> bool:
    client = interaction.client
    if isinstance(client, commands.Bot) and await client.is_owner(interaction.user):
        return True
    raise OwnerOnly("Only the bot's owner can use this command.")


@app_commands.describe(scope="this server only (instant) or every server (up to an hour)")
@app_commands.choices(
    scope=[
        app_commands.Choice(name="this server", value="guild"),
        app_commands.Choice(name="every server", value="global"),
    ]
)
async def sync(interaction: discord.Interaction[Any], scope: str = "guild") -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    tree = interaction.client.tree
    if scope == "global":
        synced = await tree.sync()
        where = "globally"
    else:
        assert interaction.guild_id is not None  # the group is guild-only
        guild = discord.Object(id=interaction.guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        where = "to this server"
    await interaction.followup.send(f"Synced {len(synced)} commands {where}.", ephemeral=True)


async def about(interaction: discord.Interaction[Any]) -> None:
    client = interaction.client
    path = getattr(getattr(client, "settings", None), "database_path", None)
    await interaction.response.send_message(
        f"Boardroom: {len(client.guilds)} servers; games: {', '.join(game_names()) or 'none'}; "
        f"database `{path.name if path else '?'}`.",
        ephemeral=True,
    )


class Admin(commands.Cog):
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self.group = app_commands.Group(
            name="boardroom",
            description="Operate the Boardroom bot (owner only)",
            guild_only=True,
            default_permissions=discord.Permissions(manage_guild=True),
        )
        for name, description, callback in (
            ("sync", "Register the slash commands again (owner only)", sync),
            ("about", "Servers, games and database (owner only)", about),
        ):
            command: app_commands.Command[Any, Any, None] = app_commands.Command(
                name=name, description=description, callback=callback
            )
            command.add_check(_owner_only)
            self.group.add_command(command)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group, override=True)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)


async def setup(bot: BoardroomBot) -> None:
    await bot.add_cog(Admin(bot))
