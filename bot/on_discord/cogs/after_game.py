"""After the game, in the /boardroom group: ``profile [player] [versus]``, ``leaderboard game [scope]``
and ``history [player]``, answered privately in the reader's language; leaderboards and histories
page with buttons (``PageButton``, parsed back from its custom_id after a restart). Hiding one's
profile is ``/boardroom me profile:``; a game's own result is ``/game score`` once it has ended."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import plugins
from bot.on_discord import web_links
from bot.on_discord.views import after_game_text as words
from bot.on_discord.views.common import guarded, send_followup, sessions_of
from bot.service.limits import clip
from bot.storage.games import bounded_name
from bot.storage.results import EVERYWHERE
from render.common.language import say, t

if TYPE_CHECKING:
    from bot.on_discord.client import BoardroomBot

HERE, EVERYWHERE_SCOPE = "server", "everywhere"
# br:p:<kind>:<key>:<scope>:<page>: kind b (a leaderboard: key is the game, scope the guild id or
# 0) or h (a history: key is the player's id, scope 0)
PAGE_TEMPLATE = r"br:p:(?P<kind>[bh]):(?P<key>[a-z0-9_-]{1,32}):(?P<scope>\d{1,20}):(?P<page>\d{1,5})"
BOARD, HISTORY = "b", "h"


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_TEMPLATE):
    """Previous or next page of a leaderboard or a history: redraws the message clicked on."""

    def __init__(
        self, kind: str, key: str, scope: int, page: int, *, label: str, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"br:p:{kind}:{key}:{scope}:{page}",
                disabled=disabled,
            )
        )
        self.kind, self.key, self.scope, self.page = kind, key, scope, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(match["kind"], match["key"], int(match["scope"]), int(match["page"]), label="")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        after = sessions_of(interaction).after
        if self.kind == BOARD:
            board = await after.leaderboard(self.key, self.scope, self.page)
            content, view = (
                words.board_text(board),
                pager(BOARD, self.key, self.scope, board.page, board.pages),
            )
        else:
            user_id = int(self.key)
            history = await after.history(user_id, asker=interaction.user.id, page=self.page)
            name = await _name(interaction, user_id)
            content = words.history_text(history, name)
            view = pager(HISTORY, self.key, 0, history.page, history.pages)
        await interaction.edit_original_response(content=clip(content), view=view)


def pager(kind: str, key: str, scope: int, page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(kind, key, scope, max(page - 1, 0), label=t("◀ Previous"), disabled=page == 0))
    view.add_item(PageButton(kind, key, scope, page + 1, label=t("Next ▶"), disabled=page + 1 >= pages))
    return view


async def _name(interaction: discord.Interaction[Any], user_id: int) -> str | None:
    # The name the player last played under (made safe when seated), not their Discord name.
    return await sessions_of(interaction).after.name(user_id)


def add_after_game_commands(group: app_commands.Group, bot: BoardroomBot) -> None:
    async def profile(
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        versus: discord.User | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = player or interaction.user
        found = await bot.sessions.after.profile(
            target.id, asker=interaction.user.id, versus=None if versus is None else versus.id
        )
        if found.name is None:
            # No ended game yet: their Discord name, made as safe as a seated one.
            found = replace(found, name=bounded_name(target.display_name))
        versus_name = None
        if versus is not None:
            versus_name = await bot.sessions.after.name(versus.id) or t("that player")
        # A hidden profile's page shows nothing: no link to it.
        line = "" if found.hidden else web_links.player_line(interaction.client, target.id)
        await send_followup(
            interaction, web_links.with_line(words.profile_text(found, versus_name=versus_name), line)
        )

    profile = app_commands.describe(
        player="Whose profile (default: yours)", versus="Head-to-head against this player"
    )(profile)
    group.add_command(
        app_commands.Command(
            name="profile",
            description="Games played, won, ratings and scores, per game; head-to-head",
            callback=profile,
        )
    )

    async def leaderboard(interaction: discord.Interaction[Any], game: str, scope: str = HERE) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        plugins.game(game)  # an unknown game is refused in its own sentence
        where = (
            EVERYWHERE if scope == EVERYWHERE_SCOPE or interaction.guild_id is None else interaction.guild_id
        )
        board = await bot.sessions.after.leaderboard(game, where)
        line = web_links.board_line(interaction.client, where, game)
        await send_followup(
            interaction,
            web_links.with_line(words.board_text(board), line),
            view=pager(BOARD, game, where, board.page, board.pages),
        )

    leaderboard = app_commands.describe(game="Which game", scope="This server (default) or everywhere")(
        leaderboard
    )
    titles = {name: plugins.game(name).title for name in plugins.names()}
    if titles:
        leaderboard = app_commands.choices(
            game=[app_commands.Choice(name=say(title)[:100], value=name) for name, title in titles.items()][
                :25
            ]
        )(leaderboard)
    leaderboard = app_commands.choices(
        scope=[
            app_commands.Choice(name="This server", value=HERE),
            app_commands.Choice(name="Everywhere", value=EVERYWHERE_SCOPE),
        ]
    )(leaderboard)
    group.add_command(
        app_commands.Command(
            name="leaderboard", description="The best rated players of a game", callback=leaderboard
        )
    )

    async def history(interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        target = player or interaction.user
        found = await bot.sessions.after.history(target.id, asker=interaction.user.id)
        name = await bot.sessions.after.name(target.id) or bounded_name(target.display_name)
        # Only its owner reads a hidden history, and its page shows nothing: no link to it.
        hidden = await bot.sessions.after.is_hidden(target.id)
        line = "" if hidden else web_links.player_line(interaction.client, target.id, "/history")
        await send_followup(
            interaction,
            web_links.with_line(words.history_text(found, name), line),
            view=pager(HISTORY, str(target.id), 0, found.page, found.pages),
        )

    history = app_commands.describe(player="Whose games (default: yours)")(history)
    group.add_command(
        app_commands.Command(
            name="history", description="Ended games: date, table, result, a link to each", callback=history
        )
    )
