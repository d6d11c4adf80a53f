"""``/carnegie …``: typed play, the board and company images, the score, the log and the rules.

Everything here answers privately (ephemeral): the channel keeps one public message per player
decision and one per round (``bot.announce``). Images are drawn in a worker thread after the
interaction was deferred.
"""

from __future__ import annotations

import asyncio
import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import announce, present, rules_summary
from bot.refusals import NotAPlayer, NotInProgress
from bot.sessions import GameStatus, Sessions
from bot.views import text
from bot.views.common import NO_MENTIONS
from bot.views.turn import panel
from engine.core import Event, get_game

if TYPE_CHECKING:
    from bot.client import BoardroomBot

GAME = "carnegie"
MAX_SUGGESTIONS = 25
DEFAULT_LOG = 10
MAX_LOG = 40


class Carnegie(commands.GroupCog, group_name="carnegie", group_description="Play Carnegie in this channel"):
    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    async def _game(self, interaction: discord.Interaction[Any], *, ended: bool = True) -> GameStatus:
        if interaction.channel_id is None:
            raise app_commands.NoPrivateMessage("Games are played in a server channel.")
        status = await self.sessions.status_in_channel(interaction.channel_id, include_ended=ended)
        if status.table.game.game != GAME or status.progress is None:
            raise NotInProgress("There is no Carnegie game in progress here. Start one with /game new.")
        return status

    # ------------------------------------------------------------------------------------ play
    @app_commands.command(name="play", description="Type your move (the same choices as your panel)")
    @app_commands.describe(action="One of your legal actions; start typing to see them")
    async def play(self, interaction: discord.Interaction[Any], action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction, ended=False)
        seat = status.table.seat_of(interaction.user.id)
        result = await self.sessions.act(
            status.table.id,
            interaction.user.id,
            action,
            expected_version=None,
            interaction_id=interaction.id,
        )
        if result.duplicate:
            return
        await announce.after_change(self.bot, result.table.id, result.all_events)
        table, progress = result.table, result.progress
        if seat is not None and seat in progress.decision.seats:
            content, view = panel(table, progress, seat, note=f"✓ {result.label}")
        else:
            content, view = text.done_panel_text(table, progress, result.label), None
        if view is None:
            await interaction.followup.send(content, ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.followup.send(content, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS)

    @play.autocomplete("action")
    async def _suggest(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            status = await self._game(interaction, ended=False)
        except Exception:
            return []
        seat = status.table.seat_of(interaction.user.id)
        assert status.progress is not None
        choices = status.progress.choices.get(seat, []) if seat is not None else []
        words = current.lower().split()
        found = [c for c in choices if all(w in f"{c.label} {c.notation}".lower() for w in words)]
        return [
            app_commands.Choice(name=_short(f"{c.label} [{c.notation}]", 100), value=c.notation)
            for c in found[:MAX_SUGGESTIONS]
        ]

    # ------------------------------------------------------------------------------ looking
    @app_commands.command(name="board", description="The board overview with the provisional score")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        state = await self.sessions.load(status.table.id)
        sheet = get_game(GAME).score(state)
        png = await asyncio.to_thread(present.board_png, GAME, state, status.table.names, sheet)
        await interaction.followup.send(
            f"**Carnegie** #{status.table.id} — {text.waiting_line(status.table, status.progress)}"
            if status.progress
            else "",
            file=discord.File(io.BytesIO(png), filename="board.png"),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @app_commands.command(name="company", description="A player's company board (yours by default)")
    @app_commands.describe(player="Whose company (default: yours)")
    async def company(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        target = player or interaction.user
        seat = status.table.seat_of(target.id)
        if seat is None:
            raise NotAPlayer(f"{target.display_name} is not playing in this game.")
        state = await self.sessions.load(status.table.id)
        png = await asyncio.to_thread(present.company_png, GAME, state, seat, status.table.names)
        await interaction.followup.send(
            f"{status.table.name_at(seat)}'s company",
            file=discord.File(io.BytesIO(png), filename=f"company-{seat + 1}.png"),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @app_commands.command(name="score", description="The provisional score, category by category")
    async def score(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        state = await self.sessions.load(status.table.id)
        sheet = get_game(GAME).score(state)
        await interaction.followup.send(
            text.sheet_text(status.table, sheet), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="log", description="What happened lately")
    @app_commands.describe(n=f"How many of the latest actions (default {DEFAULT_LOG}, at most {MAX_LOG})")
    async def log(
        self, interaction: discord.Interaction[Any], n: app_commands.Range[int, 1, MAX_LOG] = DEFAULT_LOG
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        rows = (await self.sessions.live_log(status.table.id))[-n:]
        names = status.table.names
        lines = []
        for row in rows:
            said = [Event.model_validate(e) for e in json.loads(row.events)]
            told = "; ".join(present.event_lines(said, names)) or row.notation
            lines.append(f"{row.seq}. {told}")
        body = "\n".join(lines) or "Nothing has happened yet."
        # Keep the newest lines when the text is too long for one message.
        while len(body) > present.MAX_MESSAGE - 50 and "\n" in body:
            body = body.split("\n", 1)[1]
        await interaction.followup.send(
            f"**Carnegie** #{status.table.id} — latest actions:\n{body}",
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @app_commands.command(name="rules", description="A short rule summary with the rule numbers")
    @app_commands.describe(topic="Which rule")
    @app_commands.choices(
        topic=[
            app_commands.Choice(name=title, value=key)
            for key, (title, _) in list(rules_summary.TOPICS.items())[:25]
        ]
    )
    async def rules(self, interaction: discord.Interaction[Any], topic: str = "overview") -> None:
        await interaction.response.send_message(rules_summary.summary(topic), ephemeral=True)


def _short(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


async def setup(bot: BoardroomBot) -> None:
    await bot.add_cog(Carnegie(bot))
