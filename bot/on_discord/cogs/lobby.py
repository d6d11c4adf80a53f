"""The ``/game`` group: the game-agnostic lobby (``new``, ``status``, ``abandon``, ``replace``,
``help``) plus the play commands of ``bot.on_discord.cogs.play``.

``/game new`` carries every game's table options (each game's ``Guide.options``: a choice, or a
yes/no flag); only the options given are passed on, and the game refuses the ones it does not
know or cannot take (``InvalidOptions``).

Every command acknowledges first (defer) and works after; refusals go through the one funnel.
``/game new`` offers the games of the table as fixed choices, read when the cog loads, so the
command tree is built from the table of games, not hard-coded.
"""

from __future__ import annotations

import inspect
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.on_discord.cogs.challenge import add_challenge_command, challenge_note
from bot.on_discord.cogs.clocks import add_clock_commands
from bot.on_discord.cogs.play import add_play_commands
from bot.on_discord.errors import announce_failed, defer_public, public_done
from bot.on_discord.language import game_default
from bot.on_discord.permissions import missing
from bot.on_discord.translator import spoken
from bot.on_discord.views import clock_text, text
from bot.on_discord.views.common import NO_MENTIONS, send_followup
from bot.on_discord.views.lobby import lobby_view, play_in_thread, refresh_lobby_message
from bot.on_discord.views.turn import own_panel
from bot.on_discord.web_links import with_game_link
from bot.service.limits import MENU_OPTIONS, clip, pages
from bot.service.progress import player_range
from bot.service.refusals import NoThreadHere, PermissionsMissing
from bot.service.sessions import Sessions
from bot.service.speeds import DEFAULT_SPEED, SPEEDS, speed_blurb, speed_name
from bot.storage import Status
from engine.core import OptionSpec
from engine.core.words import msg
from render.common.language import LANGUAGES, say, speaking, t

if TYPE_CHECKING:
    from bot.on_discord.client import BoardroomBot

log = logging.getLogger(__name__)


class Lobby(commands.Cog):
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        self.group = build_game_group(self)

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group, override=True)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None,
        options: dict[str, Any] | None = None,
        thread: bool | None = None,
        speed: str | None = None,
        language: str | None = None,
        challenge: bool | None = None,
    ) -> None:
        await defer_public(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
        in_thread = thread_wanted(interaction, thread)
        if missing := missing_permissions(interaction, in_thread):
            raise PermissionsMissing(cannot_run_here(missing))
        language = language or game_default(interaction)
        seed = None
        if challenge:
            # the week's deal: one seat, the level only (refused otherwise), the week's seed
            options, seed = self.sessions.challenges.table_options(game, options, players)
            players = 1
        table = await self.sessions.lobby.create_game(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game_name=game,
            host_id=interaction.user.id,
            seats=players,
            options=options,
            host_name=interaction.user.display_name,
            thread=in_thread,
            speed=speed or DEFAULT_SPEED,
            language=language,
        )
        self.bot.warm_pictures([game])
        with speaking(language):
            # A table for one starts at once (below): Join, Start and Add a bot would only be refused.
            view = lobby_view(table) if players != 1 else None
            content = with_game_link(text.lobby_text(table), self.bot, table.id)
        try:
            with speaking(language):
                message = await send_followup(interaction, content, view=view, ephemeral=False)
        except Exception as exc:
            await announce_failed(interaction, exc)
            return
        public_done(interaction)
        await self.sessions.lobby.set_lobby_message(table.id, message.id)
        if players == 1:
            # A table for one has nobody to wait for: it starts at once.
            status = await self.sessions.lobby.start(table.id, interaction.user.id, anyway=True, seed=seed)
            try:
                started = await play_in_thread(self.bot, self.sessions, status.table)
                with speaking(language):
                    content = with_game_link(text.lobby_text(started), self.bot, started.id)
                    if seed is not None:
                        content += "\n" + challenge_note(self.sessions.challenges.this_week())
                    await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
                await self.bot.announcer.after_change(status.table.id, [])
            except Exception as exc:
                await announce_failed(interaction, exc)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        # After a game ends, its final standing stays one command away.
        status = await self.sessions.reading.status_in_channel(_channel(interaction), include_ended=True)
        table, progress = status.table, status.progress
        view: discord.ui.View | None = None
        content = text.status_text(status)
        if progress is not None and table.game.status is Status.ACTIVE:
            pace, times = await self.bot.clocks.reading.times(table.id)
            content = f"{content}\n{clock_text.clock_lines(table, pace, times)}"
        if progress is not None:
            content += clock_text.flagged_note(table, await self.bot.clocks.reading.expelled(table.id))
        if progress is None:
            view = lobby_view(table)
        else:
            # The invoker's own choices, so a lost or buried turn message never stalls the game.
            seat = table.seat_of(interaction.user.id)
            if (
                seat is not None
                and seat in progress.decision.seats
                and seat not in table.ai_seats
                and not progress.decision.finished
            ):
                panel, view = own_panel(status, interaction.user.id)
                content = f"{content}\n\n{panel}"
        await send_followup(interaction, content, view=view)

    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await defer_public(interaction)
        status = await self.sessions.reading.status_in_channel(_channel(interaction))
        may_manage = interaction.permissions.manage_guild
        table = await self.sessions.lobby.abandon(status.table.id, interaction.user.id, may_manage=may_manage)
        title = plugins.game(table.game.game).title
        try:
            with speaking(table.game.language):
                await interaction.followup.send(
                    t(
                        "{who} abandoned **{title}** #{id}. The channel is free for a new game.",
                        who=text.mention(interaction.user.id),
                        title=title,
                        id=table.id,
                    ),
                    allowed_mentions=NO_MENTIONS,
                )
            public_done(interaction)
            if status.progress is None:
                # Take the Join/Leave/Start buttons off the public lobby.
                await refresh_lobby_message(self.bot, table)
            else:
                # The turn line's button would only meet "this game has ended".
                await self.bot.announcer.retire_turn_line(table)
        except Exception as exc:
            await announce_failed(interaction, exc)

    async def replace(self, interaction: discord.Interaction[Any], player: discord.abc.User) -> None:
        await defer_public(interaction)
        status = await self.sessions.reading.status_in_channel(_channel(interaction))
        may_manage = interaction.permissions.manage_guild
        replaced = await self.sessions.play.replace_with_ai(
            status.table.id, interaction.user.id, player.id, may_manage=may_manage
        )
        try:
            with speaking(replaced.table.game.language):
                await interaction.followup.send(
                    t(
                        "{who} handed {player}'s seat to the bot; it plays that seat from now on.",
                        who=text.mention(interaction.user.id),
                        player=text.mention(player.id),
                    ),
                    allowed_mentions=NO_MENTIONS,
                )
            public_done(interaction)
            await self.bot.announcer.after_change(replaced.table.id, [])
        except Exception as exc:
            await announce_failed(interaction, exc)

    async def help(self, interaction: discord.Interaction[Any]) -> None:
        games = [plugins.game(name) for name in plugins.names()]
        listing = "\n".join(
            f"• **{g.title}** (`{g.name}`, {say(player_range(g))}): {say(g.guide.blurb)}" for g in games
        ) or "• " + t("(no games are installed)")
        extra = "\n".join(f"{g.title}: {say(g.guide.help)}" for g in games if g.guide.help)
        # Longer than one message in most languages once its commands are mentions: said in several.
        first, *rest = pages(
            "\n".join(say(line) for line in HELP)
            + "\n"
            + t("Games:")
            + f"\n{listing}"
            + (f"\n{extra}" if extra else "")
        )
        await interaction.response.send_message(first, ephemeral=True)
        for page in rest:
            await send_followup(interaction, page)


# /game help, a line each.
HELP = (
    msg("**Boardroom** hosts board games in this channel, one at a time."),
    msg(
        "`/game new game:<game> [players]` opens a lobby; others press **Join**, the host presses "
        "**Start**. When it is your turn the bot mentions you with a **Take my turn** button."
    ),
    msg(
        "`/game status` shows the game here (and your choices, privately, if it is your turn); "
        "`/game board`, `/game player`, `/game score`, `/game log` and `/game rules` show the game; "
        "`/game play` types a move."
    ),
    msg(
        "`/game abandon` ends it (host, or members with Manage Server); `/game replace player:` "
        "hands an absent player's seat to the bot."
    ),
    msg(
        "Clocks: `/game new speed:` gives each player a time bank (normal by default: a day, "
        "8 hours back per move); you are reminded before it runs out, and then the others may "
        "**Skip** you until you press **I'm back** (after a long absence, `/game expel` votes you "
        "out). `/game vacation` pauses your clock, "
        "`/boardroom me` sets your time zone and quiet hours, `/boardroom turns` lists your turns "
        "everywhere."
    ),
)
_THREAD_PERMISSIONS = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)


def no_threads_here() -> str:
    return t(
        "I may not open threads here (that needs Create Public Threads and Send Messages in Threads): "
        "give me those permissions, or open the game with thread:False to play it in this channel."
    )


def thread_in_thread() -> str:
    return t("This is a thread already: open the game with thread:False to play it here.")


def thread_wanted(interaction: discord.Interaction[Any], asked: bool | None) -> bool:
    """Whether the game gets a thread of its own: as asked, or by default wherever the bot may open
    one (never inside a thread). Asked for where impossible, it is refused with the reason."""
    in_a_thread = isinstance(interaction.channel, discord.Thread)
    may = not in_a_thread and interaction.app_permissions >= _THREAD_PERMISSIONS
    if asked and not may:
        raise NoThreadHere(thread_in_thread() if in_a_thread else no_threads_here())
    return may if asked is None else asked


def missing_permissions(interaction: discord.Interaction[Any], in_thread: bool) -> list[str]:
    """The permissions, in the reader's words, the bot lacks here to run a game (``in_thread``: in a
    thread it opens, whose permissions are its channel's; its result is posted in the channel too).
    The slash command and its follow-ups work without any of them (interactions need no channel
    permission), so without this check a game would open and then fail in silence: summaries, turn
    lines after a token's 15 minutes, reminders (replies) and pictures are the bot's own messages."""
    in_a_thread = isinstance(interaction.channel, discord.Thread)
    needed = discord.Permissions(view_channel=True, read_message_history=True, attach_files=True)
    if in_a_thread:
        needed.send_messages_in_threads = True
    else:
        needed.send_messages = True
    if in_thread:
        needed.create_public_threads = needed.send_messages_in_threads = True
    return [say(name) for name in missing(interaction.app_permissions, needed)]


def cannot_run_here(missing: list[str]) -> str:
    return t(
        "I cannot run a game in this channel: I am missing {missing} here. A moderator can change that "
        "in the channel's settings, under Permissions.",
        missing=", ".join(f"**{name}**" for name in missing),
    )


def _channel(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
    return interaction.channel_id


def table_options() -> list[OptionSpec]:
    """Every game's table options, each key once (two games sharing a key must mean the same)."""
    found: dict[str, OptionSpec] = {}
    for name in plugins.names():
        for option in plugins.game(name).guide.options:
            seen = found.setdefault(option.key, option)
            if seen.choices != option.choices:
                raise ValueError(f"two games give the option {option.key!r} different choices")
    return list(found.values())


def build_game_group(cog: Lobby) -> app_commands.Group:
    group = app_commands.Group(name="game", description="Play a board game in this channel", guild_only=True)
    titles = {name: plugins.game(name).title for name in plugins.names()}
    options = table_options()

    async def new(
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None = None,
        thread: bool | None = None,
        speed: str | None = None,
        language: str | None = None,
        challenge: bool | None = None,
        **given: Any,
    ) -> None:
        chosen = {key: value for key, value in given.items() if value is not None}
        await cog.new(interaction, game, players, chosen or None, thread, speed, language, challenge)

    # The options come from the games' guides, so the signature discord.py reads is built here.
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str),
        inspect.Parameter(
            "players",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=app_commands.Range[int, 1, 25] | None,
            default=None,
        ),
        inspect.Parameter(
            "thread", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=bool | None, default=None
        ),
        inspect.Parameter(
            "speed", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str | None, default=None
        ),
        inspect.Parameter(
            "language", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str | None, default=None
        ),
        inspect.Parameter(
            "challenge", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=bool | None, default=None
        ),
    ]
    for option in options:
        kind = str if option.choices else bool
        parameters.append(
            inspect.Parameter(
                option.key, inspect.Parameter.KEYWORD_ONLY, annotation=kind | None, default=None
            )
        )
    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    if titles:
        new = app_commands.choices(
            game=[app_commands.Choice(name=title[:100], value=name) for name, title in titles.items()][
                :MENU_OPTIONS
            ]
        )(new)
    with_choices = {
        option.key: [app_commands.Choice(name=clip(c.label, 100), value=c.value) for c in option.choices][
            :MENU_OPTIONS
        ]
        for option in options
        if option.choices
    }
    with_choices["speed"] = [
        app_commands.Choice(
            name=spoken(
                f"{pace.label} ({speed_blurb(pace)})"[:100],
                lambda pace=pace: clip(f"{speed_name(pace)} ({speed_blurb(pace)})", 100),  # type: ignore[misc]
            ),
            value=pace.key,
        )
        for pace in SPEEDS.values()
    ]
    with_choices["language"] = [
        app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()
    ]
    new = app_commands.choices(**with_choices)(new)
    # Each game's option names in the players' languages (their English is the option's key).
    new = app_commands.rename(
        **{o.key: spoken(o.key, lambda o=o: say(o.name)) for o in options if o.name}  # type: ignore[misc]
    )(new)
    new = app_commands.describe(
        game="Which game",
        players="Number of seats (default: whatever the game allows)",
        thread="Play in a thread of its own (default: yes, where I may open threads)",
        speed=spoken(
            f"How long each player may take (default: {DEFAULT_SPEED}; see /game help)",
            lambda: t(
                "How long each player may take (default: {speed}; see /game help)",
                speed=speed_name(SPEEDS[DEFAULT_SPEED]),
            ),
        ),
        language="The language of the game's posts (default: the server's)",
        challenge="This week's solo challenge: the same deal for everyone (see /game challenge)",
        **{option.key: option.description[:100] for option in options},
    )(new)
    group.add_command(
        app_commands.Command(name="new", description="Open a lobby for a game here", callback=new)
    )

    async def status(interaction: discord.Interaction[Any]) -> None:
        await cog.status(interaction)

    async def abandon(interaction: discord.Interaction[Any]) -> None:
        await cog.abandon(interaction)

    async def help_(interaction: discord.Interaction[Any]) -> None:
        await cog.help(interaction)

    group.add_command(
        app_commands.Command(name="status", description="Show the game in this channel", callback=status)
    )
    group.add_command(
        app_commands.Command(
            name="abandon",
            description="End the game in this channel (host or Manage Server)",
            callback=abandon,
        )
    )

    async def replace(interaction: discord.Interaction[Any], player: discord.User) -> None:
        await cog.replace(interaction, player)

    replace = app_commands.describe(player="The player whose seat the bot takes over")(replace)
    group.add_command(
        app_commands.Command(
            name="replace",
            description="Hand a player's seat to the bot (host or Manage Server)",
            callback=replace,
        )
    )
    group.add_command(
        app_commands.Command(name="help", description="How to play with Boardroom", callback=help_)
    )
    add_play_commands(group, cog.bot)
    add_clock_commands(group, cog.bot)
    add_challenge_command(group, cog.bot)
    return group


async def setup(bot: BoardroomBot) -> None:
    await bot.add_cog(Lobby(bot))
