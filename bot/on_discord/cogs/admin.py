"""``/boardroom``: operator commands. ``sync`` and ``about`` are for the bot's owner only (the
application owner in the Developer Portal); ``export`` (the host or Manage Server) and ``import``
(Manage Server) are for server owners keeping their games safe (``docs/operations.md``); ``me`` and
``turns`` are for every player (``bot.on_discord.cogs.clocks``). Every command checks who asks at run time."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.on_discord import preflight
from bot.on_discord.cogs.after_game import PageButton, add_after_game_commands
from bot.on_discord.cogs.clocks import add_me_commands
from bot.on_discord.errors import announce_failed
from bot.on_discord.translator import link_registered
from bot.on_discord.views.common import NO_MENTIONS
from bot.ops import export_file, transfer
from bot.service.limits import clip
from bot.service.refusals import HostOnly, ImportRefused
from bot.storage import Status
from render.common.language import t, tn

if TYPE_CHECKING:
    from bot.on_discord.client import BoardroomBot


log = logging.getLogger(__name__)


class OwnerOnly(app_commands.CheckFailure):
    pass


async def _owner_only(interaction: discord.Interaction[Any]) -> bool:
    client = interaction.client
    if isinstance(client, commands.Bot) and await client.is_owner(interaction.user):
        return True
    raise OwnerOnly(t("Only the bot's owner can use this command."))


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
        link_registered(synced)  # the global ids name the commands in every server
        done = tn(
            "Registered {n} command in every server.", "Registered {n} commands in every server.", len(synced)
        )
    else:
        assert interaction.guild_id is not None  # the group is guild-only
        guild = discord.Object(id=interaction.guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        done = tn(
            "Registered {n} command in this server.", "Registered {n} commands in this server.", len(synced)
        )
    await interaction.followup.send(done, ephemeral=True)


async def about(interaction: discord.Interaction[Any]) -> None:
    """What the bot runs on, and the preflight's lines (command sizes, permissions, shards)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    client = interaction.client
    settings = getattr(client, "settings", None)
    path = getattr(settings, "database_path", None)
    where = "PostgreSQL" if getattr(settings, "database_url", None) else (path.name if path else "?")
    head = tn(
        "Boardroom: {n} server; games: {games}; database `{database}`.",
        "Boardroom: {n} servers; games: {games}; database `{database}`.",
        len(client.guilds),
        games=", ".join(plugins.names()) or t("none"),
        database=where,
    )
    tree = getattr(client, "tree", None)
    lines = await preflight.report(client, tree) if isinstance(tree, app_commands.CommandTree) else []
    await interaction.followup.send(
        clip("\n".join([head, *(f"- {line}" for line in lines)])),
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )


async def export(interaction: discord.Interaction[Any]) -> None:
    """The channel's game (or its latest one) as a JSON file, privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    client: BoardroomBot = interaction.client
    if interaction.channel_id is None:
        raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
    status = await client.sessions.reading.status_in_channel(interaction.channel_id, include_ended=True)
    document = await transfer.export_game(
        client.sessions,
        status.table.id,
        interaction.user.id,
        may_manage=interaction.permissions.manage_guild,
    )
    raw = export_file.encode(document)
    log.info(
        "exported game %s (%d actions) for user %s",
        status.table.id,
        len(document["actions"]),
        interaction.user.id,
    )
    await interaction.followup.send(
        tn(
            "**{title}** #{id}: seed, options, seats, {n} logged action ({undone} undone) and the snapshot. "
            "Keep the file; `/boardroom import` restores it as a new game after checking it.",
            "**{title}** #{id}: seed, options, seats, {n} logged actions ({undone} undone) and the snapshot. "
            "Keep the file; `/boardroom import` restores it as a new game after checking it.",
            len(document["actions"]),
            title=plugins.game(document["game"]).title,
            id=document["game_id"],
            undone=len(document["undos"]),
        ),
        file=discord.File(
            io.BytesIO(raw), filename=f"boardroom-{document['game']}-{document['game_id']}.json"
        ),
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )


@app_commands.describe(file="A .json file made by /boardroom export")
async def import_(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
    """Verify an export by replaying its log from the seed and open it as a new game here."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    client: BoardroomBot = interaction.client
    if not interaction.permissions.manage_guild:
        raise HostOnly(t("Only members with Manage Server can import a game."))
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
    if file.size > export_file.MAX_DOCUMENT_BYTES:
        raise ImportRefused(export_file.too_large())
    document = export_file.decode(await file.read())
    table = await transfer.import_game(
        client.sessions, document, guild_id=interaction.guild_id, channel_id=interaction.channel_id
    )
    log.info(
        "imported game %s as game %s for user %s", document.get("game_id"), table.id, interaction.user.id
    )
    title = plugins.game(table.game.game).title
    await interaction.followup.send(
        tn(
            "Imported **{title}** as game #{id} here: {n} action replayed from "
            "the seed and checked against the snapshot.",
            "Imported **{title}** as game #{id} here: {n} actions replayed from "
            "the seed and checked against the snapshot.",
            len(document["actions"]),
            title=title,
            id=table.id,
        ),
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )
    if table.game.status is Status.ACTIVE:
        try:
            await client.announcer.after_change(table.id, [])
        except Exception as exc:
            await announce_failed(interaction, exc)


class Admin(commands.Cog):
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self.group = app_commands.Group(
            name="boardroom",
            description="Your turns everywhere, your settings; operating the bot",
            guild_only=True,
        )
        # Every member may ask for their turns and set their hours; the operators' commands check
        # who asks at run time (the group is no longer hidden behind Manage Server).
        add_me_commands(self.group, bot)
        add_after_game_commands(self.group, bot)
        operators: tuple[app_commands.Command[Any, Any, None], ...] = (
            app_commands.Command(
                name="sync", description="Register the slash commands again (owner only)", callback=sync
            ),
            app_commands.Command(
                name="about", description="Servers, games and database (owner only)", callback=about
            ),
        )
        for command in operators:
            command.add_check(_owner_only)
            self.group.add_command(command)
        self.group.add_command(
            app_commands.Command(
                name="export",
                description="This channel's game as a JSON file: seed, log, snapshot (host or Manage Server)",
                callback=export,
            )
        )
        self.group.add_command(
            app_commands.Command(
                name="import",
                description="Restore a game from a /boardroom export file, verified (Manage Server)",
                callback=import_,
            )
        )

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group, override=True)
        # Page buttons of leaderboards and histories sent before a restart still turn.
        self.bot.add_dynamic_items(PageButton)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)


async def setup(bot: BoardroomBot) -> None:
    await bot.add_cog(Admin(bot))
