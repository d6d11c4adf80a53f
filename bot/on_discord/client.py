"""The Bot subclass: loads the table of games, opens the database, migrates, starts the render pool
and the announcer, loads the cogs and the persistent components, and syncs the slash commands (to
``DEV_GUILD_ID`` while developing; globally only on request). ``close`` stops them all."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.clocks.scheduler import Scheduler
from bot.clocks.turn_clock import TurnClocks
from bot.config import Settings
from bot.on_discord import post_retry, preflight
from bot.on_discord.announce import Announcer
from bot.on_discord.errors import handle_error
from bot.on_discord.language import ChosenLanguages, SpokenTree
from bot.on_discord.loopback import loopback_connector
from bot.on_discord.pacer import Pacer, install
from bot.on_discord.reminders import discord_deliverer
from bot.on_discord.translator import CatalogueTranslator, link_registered
from bot.on_discord.views.line_choice import LineChoiceButton
from bot.on_discord.views.line_menu import LineMenu
from bot.on_discord.views.lobby import LobbyButton
from bot.on_discord.views.look import LookButton
from bot.on_discord.views.open_panels import OpenPanels
from bot.on_discord.views.rematch import RematchButton
from bot.on_discord.views.replay import ReplayButton
from bot.on_discord.views.skip import BackButton, SkipButton
from bot.on_discord.views.turn import ActionButton, ActionMenu, GroupButton, UndoButton
from bot.on_discord.views.turn_line import TakeTurnButton
from bot.service.ai_pool import AiPool
from bot.service.bot_players import BotPlayers
from bot.service.render_pool import RenderPool
from bot.service.render_processes import RenderProcesses
from bot.service.sessions import Sessions
from bot.storage import Database, migrate, open_database
from bot.web.server import WebServer
from bot.web.start import web_server
from render.common.language import DEFAULT, speaking

log = logging.getLogger(__name__)

COGS = ("bot.on_discord.cogs.lobby", "bot.on_discord.cogs.admin")
# The tasks discord.py runs interaction handlers in (slash commands, persistent and dynamic items).
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-dynamic-item-", "discord-ui-view-dispatch-")
# A rate limit longer than this is not slept through (discord.py raises ``RateLimited``, the least it
# allows): the docs' example of a shared limit is 1336 s, and the sleep would sit inside a game's
# announcements (its lock held) and in a pacer slot. The callers hand such a post to its retries.
MAX_RATELIMIT_WAIT = 30.0
# How long a shutdown waits for handlers already running (a click being applied, its answer being
# posted) before it closes the connection and the database under them.
SHUTDOWN_GRACE = 10.0


def intents() -> discord.Intents:
    """Guilds only: slash commands and components need no privileged intent, and the bot never
    reads message content or member lists."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


class BoardroomBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        connector: aiohttp.BaseConnector | None = None,
        render_processes: RenderProcesses | None = None,
        **options: Any,
    ) -> None:
        """``render_processes``: lent, already started (the tests' many bots share one set); by
        default the bot starts its own and stops them when it closes."""
        if connector is None and settings.discord_loopback:
            connector = loopback_connector(settings.discord_loopback)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            connector=connector,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=SpokenTree,
            max_ratelimit_timeout=options.pop("max_ratelimit_timeout", MAX_RATELIMIT_WAIT),
            **options,
        )
        self.settings = settings
        # Every REST call outside interaction responses waits for its turn in the global budget.
        self.pacer = Pacer(settings.process_rate)
        install(self.http, self.pacer)
        self._db: Database | None = None
        self._sessions: Sessions | None = None
        self._announcer: Announcer | None = None
        self._render_pool: RenderPool | None = None
        self._render_processes = render_processes
        self._ai_pool: AiPool | None = None
        self._bots: BotPlayers | None = None
        self._clocks: TurnClocks | None = None
        self._scheduler: Scheduler | None = None
        self._clock_jobs: asyncio.Task[None] | None = None
        # The bot's one clock, read when used (tests replace the sessions' clock after the start).
        self.open_panels = OpenPanels(lambda: self.sessions.store.clock())
        self.synced: list[app_commands.AppCommand] = []
        self._warming: set[asyncio.Task[None]] = set()
        self._post_retries: asyncio.Task[None] | None = None
        self._catch_up: asyncio.Task[None] | None = None
        self.languages = ChosenLanguages()
        self._preflight_logged = False
        self._languages: asyncio.Task[None] | None = None
        # The web companion, beside the gateway in this event loop (None without WEB_PORT).
        self.web: WebServer | None = None

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is opened in setup_hook")
        return self._db

    @property
    def sessions(self) -> Sessions:
        if self._sessions is None:
            raise RuntimeError("the sessions service is created in setup_hook")
        return self._sessions

    @property
    def announcer(self) -> Announcer:
        if self._announcer is None:
            raise RuntimeError("the announcer is created in setup_hook")
        return self._announcer

    @property
    def ai_pool(self) -> AiPool:
        if self._ai_pool is None:
            raise RuntimeError("the bots' pool is created in setup_hook")
        return self._ai_pool

    @property
    def bots(self) -> BotPlayers:
        if self._bots is None:
            raise RuntimeError("the bots are created in setup_hook")
        return self._bots

    @property
    def clocks(self) -> TurnClocks:
        if self._clocks is None:
            raise RuntimeError("the turn clocks are created in setup_hook")
        return self._clocks

    @property
    def scheduler(self) -> Scheduler:
        if self._scheduler is None:
            raise RuntimeError("the scheduler is created in setup_hook")
        return self._scheduler

    @property
    def render_pool(self) -> RenderPool:
        if self._render_pool is None:
            raise RuntimeError("the render pool is created in setup_hook")
        return self._render_pool

    def warm_pictures(self, names: Iterable[str]) -> None:
        """Build these games' cached layers in the render processes, in the background: a process
        warms every game it was told of as it starts (a bot restarted under load spends no CPU on games
        nobody plays), and a table opened long before its first picture (a round's end) is warmed by
        then."""
        offered = set(plugins.names())
        games = [plugins.plugin(name) for name in names if name in offered]
        if games:
            task = asyncio.create_task(self.render_pool.warm_up(games), name="render-warm-up")
            self._warming.add(task)
            task.add_done_callback(self._warming.discard)

    async def setup_hook(self) -> None:
        games = plugins.load_all(self.settings.game_modules)
        log.info("games offered: %s", ", ".join(games) or "none")
        self._db = await open_database(self.settings.database)
        applied = await migrate(self._db)
        if applied:
            log.info("applied migrations %s to %s", applied, self._db.target)
        self._sessions = Sessions(self._db)
        await self.languages.load(self._db)
        self._languages = asyncio.create_task(self.languages.keep_fresh(self._db), name="languages")
        self._render_pool = RenderPool(
            self.settings.render_processes,
            budget=self.settings.render_budget,
            processes=self._render_processes,
        )
        self._ai_pool = AiPool()
        self._bots = BotPlayers(self._sessions, self._ai_pool)
        self._clocks = TurnClocks(self._sessions)
        self._scheduler = Scheduler(self._clocks, discord_deliverer(self))
        self._announcer = Announcer(
            self,
            self._sessions,
            self._render_pool,
            self._bots,
            self._clocks,
            owns_guild=self.settings.owns_guild,
        )
        self.tree.error(handle_error)
        await self.tree.set_translator(CatalogueTranslator())
        for cog in COGS:
            await self.load_extension(cog)
        # The first picture would otherwise pay for starting the process and building static layers:
        # the games being played are warmed up now, another when its first table opens.
        self.warm_pictures(await self._sessions.posts.games_in_play())
        # Buttons and menus posted before a restart are parsed back from their custom_id.
        self.add_dynamic_items(
            LobbyButton,
            ActionButton,
            ActionMenu,
            GroupButton,
            UndoButton,
            TakeTurnButton,
            LineChoiceButton,
            LineMenu,
            LookButton,
            SkipButton,
            BackButton,
            RematchButton,
            ReplayButton,
        )
        await self.sync_commands()
        self.web = await web_server(self.settings, self._sessions, self._render_pool, self._clocks)
        # Round summaries and final posts Discord refused earlier (kept in the database).
        self._post_retries = asyncio.create_task(self._retry_posts(), name="post-retries")
        # Summaries, final posts and turn lines a crash or a failed post left owed.
        self._catch_up = asyncio.create_task(self._catch_up_games(), name="announce-catch-up")
        # Reminders and running out of time, from the schedules table.
        self._clock_jobs = asyncio.create_task(self._run_clock_jobs(), name="clock-jobs")

    async def _run_clock_jobs(self) -> None:
        await self.wait_until_ready()
        await self.scheduler.keep_running()

    async def _catch_up_games(self) -> None:
        await self.wait_until_ready()
        await self.announcer.keep_catching_up()

    async def _retry_posts(self) -> None:
        await self.wait_until_ready()
        await post_retry.keep_retrying(self.db, post_retry.channel_sender(self), self.sessions.store.clock)

    async def sync_commands(self) -> None:
        try:
            if self.settings.dev_guild_id is not None:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                self.synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to development guild %s", len(self.synced), guild.id)
            if self.settings.sync_global:
                self.synced = await self.tree.sync()
                log.info("synced %d commands globally", len(self.synced))
        except discord.HTTPException as exc:
            # A refused sync (a command over Discord's limits, say) leaves the commands registered
            # before in place: the bot runs on them, and the operator reads Discord's own reason.
            log.error(
                "Discord refused the slash commands (%s, code %s): %s; running on the commands registered "
                "before",
                exc.status,
                exc.code,
                exc.text,
            )
            self.synced = []
        if not self.synced:
            # Registered by an earlier start (or another shard): their ids name them in sentences.
            try:
                self.synced = await self.tree.fetch_commands()
            except discord.DiscordException as exc:  # refused, or no application id before login
                log.warning("could not read the registered commands (%s): sentences name them as typed", exc)
        log.info("commands named by mention in sentences: %d", link_registered(self.synced))
        if self.settings.dev_guild_id is None and not self.settings.sync_global:
            log.warning(
                "registered no slash commands at this start: set DEV_GUILD_ID to your server's id (they "
                "appear at once) or SYNC_GLOBAL=true once (every server, within an hour); without either, "
                "only commands registered by an earlier start exist"
            )

    async def on_ready(self) -> None:
        user = self.user
        log.info("connected as %s (%s) to %d guilds", user, user.id if user else "?", len(self.guilds))
        if not self._preflight_logged:
            # once: on_ready comes again after every reconnection
            self._preflight_logged = True
            with speaking(DEFAULT):
                for line in await preflight.report(self, self.tree):
                    log.info("preflight: %s", line)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Kicked, banned, or the server deleted: its games stay as they are in the database (a
        moderator who adds the bot back finds them where they were), and nothing more is posted
        there, since the catch-up skips guilds the bot is not in."""
        log.warning("removed from guild %s: its games are left as they are and no longer announced", guild.id)
        if self._announcer is not None:
            self._announcer.refusals.left_guild(guild.id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        # Sent for threads out of the cache too (an archived thread is dropped from it).
        if self._announcer is not None:
            locked = bool(payload.data.get("thread_metadata", {}).get("locked"))
            self._announcer.refusals.thread_changed(payload.thread_id, locked=locked)

    async def close(self) -> None:
        await self.drain_handlers(SHUTDOWN_GRACE)
        link_registered([])  # another client in this process (a test's) registers its own
        if self._post_retries is not None:
            self._post_retries.cancel()
        if self._catch_up is not None:
            self._catch_up.cancel()
        if self._clock_jobs is not None:
            self._clock_jobs.cancel()
        for warming in self._warming:
            warming.cancel()
        if self._languages is not None:
            self._languages.cancel()
        if self.web is not None:
            await self.web.stop()
        if self._announcer is not None:
            self._announcer.pictures_after.close()
        if self._bots is not None:
            self._bots.close()
        try:
            await super().close()
        finally:
            await self.pacer.close()
            if self._render_pool is not None:
                self._render_pool.close()
            if self._ai_pool is not None:
                self._ai_pool.close()
            if self._db is not None:
                await self._db.close()
                self._db = None

    async def drain_handlers(self, grace: float) -> None:
        """Wait (at most ``grace`` seconds) for the interaction handlers in flight, so that none of
        them finds the database closed half-way; handlers that start meanwhile are waited for too."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        me = asyncio.current_task()
        while True:
            running = [
                t
                for t in asyncio.all_tasks()
                if t is not me and not t.done() and t.get_name().startswith(HANDLER_TASKS)
            ]
            remaining = deadline - loop.time()
            if not running:
                return
            if remaining <= 0:
                log.warning("shutting down with %d interaction handlers still running", len(running))
                return
            await asyncio.wait(running, timeout=remaining)


class ShardedBoardroomBot(BoardroomBot, commands.AutoShardedBot):
    """The bot running the shards ``SHARD_IDS`` of ``SHARD_COUNT``: Discord sends it the events of
    those shards' guilds only; other processes run the other shards on the same PostgreSQL."""


def make_bot(settings: Settings, **options: Any) -> BoardroomBot:
    """The bot the settings ask for: one process for every guild, or a range of shards."""
    if settings.shard_count is None:
        return BoardroomBot(settings, **options)
    shard_ids = settings.shard_ids or list(range(settings.shard_count))
    return ShardedBoardroomBot(settings, shard_count=settings.shard_count, shard_ids=shard_ids, **options)
