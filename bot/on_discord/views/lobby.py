"""The lobby message: Join / Leave / Start, persistent through restarts (``DynamicItem``).

Join and Leave do not check the version: they are the same whatever the table looked like when
the message was drawn, and refusing them would only make concurrent joiners retry. Start does:
the host must start the table they saw.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot import plugins
from bot.on_discord.errors import announce_failed
from bot.on_discord.threads import unarchiving
from bot.on_discord.views import ids, text
from bot.on_discord.views.common import (
    NO_MENTIONS,
    announcer_of,
    guarded,
    line_webhook,
    send_followup,
    sessions_of,
)
from bot.on_discord.web_links import with_game_link
from bot.service.limits import MAX_BUTTONS, clip
from bot.service.refusals import StartAnyway
from bot.service.tables import Table
from bot.service.words import level_word
from bot.storage import Status
from engine.core import StaleState
from engine.core.words import msg
from render.common.language import say, speaking, t

if TYPE_CHECKING:
    from bot.service.sessions import Sessions

log = logging.getLogger(__name__)

_LOOK = {
    ids.JOIN: (msg("Join"), discord.ButtonStyle.success),
    ids.LEAVE: (msg("Leave"), discord.ButtonStyle.secondary),
    ids.START: (msg("Start"), discord.ButtonStyle.primary),
    ids.START_ANYWAY: (msg("Start anyway"), discord.ButtonStyle.success),
    ids.ADD_BOT: (msg("Add a bot"), discord.ButtonStyle.secondary),
    ids.SEAT_BOT: (msg("Bot"), discord.ButtonStyle.secondary),
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    def __init__(
        self, verb: str, game_id: int, version: int, *, label: str | None = None, level: str | None = None
    ) -> None:
        label, style = say(label or _LOOK[verb][0]), _LOOK[verb][1]
        custom_id = ids.lobby_id(verb, game_id, version, level)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.verb, self.game_id, self.version, self.level = verb, game_id, version, level

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match["verb"], int(match["game"]), int(match["version"]), level=match["level"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        sessions = sessions_of(interaction)
        user_id = interaction.user.id
        progress = None
        channel_id = interaction.channel_id
        if self.verb == ids.JOIN:
            table = await sessions.lobby.join(
                self.game_id, user_id, interaction.user.display_name, channel_id=channel_id
            )
        elif self.verb == ids.LEAVE:
            table = await sessions.lobby.leave(self.game_id, user_id, channel_id=channel_id)
        elif self.verb == ids.ADD_BOT:
            levels = plugins.game((await sessions.reading.status(self.game_id)).table.game.game).ai_levels
            if len(levels) > 1:
                # Not a change yet: the host picks the bot's level, privately.
                await send_followup(
                    interaction, t("How strong a bot?"), view=bot_levels(self.game_id, levels)
                )
                return
            table = await sessions.lobby.add_bot(self.game_id, user_id, levels[0], channel_id=channel_id)
        elif self.verb == ids.SEAT_BOT:
            table = await sessions.lobby.add_bot(
                self.game_id, user_id, self.level or "", channel_id=channel_id
            )
        else:
            try:
                status = await sessions.lobby.start(
                    self.game_id,
                    user_id,
                    expected_version=self.version,
                    channel_id=channel_id,
                    anyway=self.verb == ids.START_ANYWAY,
                )
            except StartAnyway as ask:
                # Not a refusal: the host is asked, privately, with the button that answers.
                label = t("Start solo") if ask.seated == 1 else t("Start with {n}", n=ask.seated)
                confirm = discord.ui.View(timeout=None)
                confirm.add_item(LobbyButton(ids.START_ANYWAY, self.game_id, self.version, label=label))
                await send_followup(interaction, say(ask.message), view=confirm)
                return
            except StaleState:
                # The message showed an older table (edits can land out of order): redraw it so
                # the host sees who is seated now and a Start button for that table.
                current = (await sessions.reading.status(self.game_id)).table
                with speaking(current.game.language):
                    await interaction.edit_original_response(
                        content=with_game_link(text.lobby_text(current), interaction.client, current.id),
                        view=lobby_view(current),
                        allowed_mentions=NO_MENTIONS,
                    )
                raise
            table, progress = status.table, status.progress
        try:
            if progress is not None:
                table = await play_in_thread(interaction.client, sessions, table)
            with speaking(table.game.language):
                await interaction.edit_original_response(
                    content=with_game_link(text.lobby_text(table), interaction.client, table.id),
                    view=lobby_view(table),
                    allowed_mentions=NO_MENTIONS,
                )
            if interaction.message is None or interaction.message.id != table.game.lobby_message_id:
                # Pressed on a /game status panel: the public lobby must show the change too.
                await refresh_lobby_message(interaction.client, table)
            if progress is not None:
                # The first turn line: the Start click's follow-up when the game is played here.
                via = line_webhook(interaction, table.game.channel_id)
                await announcer_of(interaction).after_change(table.id, [], via=via)
        except Exception as exc:
            await announce_failed(interaction, exc)


async def refresh_lobby_message(client: discord.Client, table: Table) -> None:
    """Redraw the public lobby message (players, buttons) from the table, as a channel edit."""
    if table.game.lobby_message_id is None:
        return
    # A game played in its own thread left its lobby in the parent channel.
    where = table.game.parent_channel_id or table.game.channel_id
    channel = client.get_partial_messageable(where, guild_id=table.game.guild_id)
    message = channel.get_partial_message(table.game.lobby_message_id)
    with speaking(table.game.language):
        content, view = with_game_link(text.lobby_text(table), client, table.id), lobby_view(table)
    # A lobby opened in a thread that idled past its archive time (threads.py).
    await unarchiving(
        client, where, lambda: message.edit(content=content, view=view, allowed_mentions=NO_MENTIONS)
    )


# Discord's longest auto-archive (7 days): an async game's thread stays in the list between moves,
# and every bot post in it resets the clock (a post also reopens an archived thread).
THREAD_ARCHIVE_MINUTES: Literal[60, 1440, 4320, 10080] = 10080
THREAD_NAME = 100


async def play_in_thread(client: discord.Client, sessions: Sessions, table: Table) -> Table:
    """A started game that wants a thread of its own moves into one opened on its lobby message;
    where Discord refuses the thread, it is played in the channel instead (said in the log)."""
    game = table.game
    if not game.thread_wanted or game.parent_channel_id is not None or game.lobby_message_id is None:
        return table
    lobby = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    title = plugins.game(game.game).title
    name = clip(f"{title} #{table.id} — {', '.join(table.names)}", THREAD_NAME)
    try:
        with speaking(game.language):  # a public thing: the game's language, whoever pressed Start
            thread = await lobby.get_partial_message(game.lobby_message_id).create_thread(
                name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
    except discord.HTTPException as exc:
        log.warning("game %s: no thread could be opened (%s); played in the channel", table.id, exc.status)
        return table
    return await sessions.lobby.move_to_thread(table.id, thread.id)


def lobby_view(table: Table) -> discord.ui.View | None:
    """Buttons while the lobby is open; none once it started or closed."""
    if table.game.status is not Status.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    for verb in (ids.JOIN, ids.LEAVE, ids.START, ids.ADD_BOT):
        view.add_item(LobbyButton(verb, table.id, table.version))
    return view


def bot_levels(game_id: int, levels: tuple[str, ...]) -> discord.ui.View:
    """One button per level the game's bots play at (any version: seating a bot never needs the
    table the host saw)."""
    view = discord.ui.View(timeout=None)
    for level in levels[:MAX_BUTTONS]:
        view.add_item(
            LobbyButton(
                ids.SEAT_BOT,
                game_id,
                0,
                label=t("{level} bot", level=level_word(level).capitalize()),
                level=level,
            )
        )
    return view
