"""The Replay button under a finished game's result: a private stepper through the game's checkpoints
(each round, each scoring, the end) with the picture the summaries carry, drawn at that point, for
players who stay in Discord. The same history as the web companion's replay (``bot.web.replay``).

``final_view`` holds the final post's buttons: Rematch (``views.rematch``), then Replay."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot import plugins
from bot.on_discord.views.common import guarded, render_pool_of, send_followup, sessions_of
from bot.on_discord.views.ids import PREFIX
from bot.on_discord.views.rematch import rematch_view
from bot.on_discord.web_links import with_game_link
from bot.web.context import WebContext
from bot.web.replay import Replays, history_of, stops
from render.common.language import t
from render.common.pictures import board_picture, summary_picture

# br:rp:GAME opens the stepper (a private message); br:rp:GAME:STOP:SLOT moves it to a stop, SLOT
# telling the buttons apart (first, previous, next, last may lead to one stop; ids must differ).
REPLAY_TEMPLATE = rf"{PREFIX}:rp:(?P<game>\d{{1,19}})(?::(?P<stop>\d{{1,5}}):(?P<slot>[fpnl]))?"
SLOTS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}
# The histories replayed from Discord when the web companion does not run (it keeps its own).
_replays = Replays()


def replay_id(game_id: int, stop: int | None = None, slot: str = "f") -> str:
    return f"{PREFIX}:rp:{game_id}" + ("" if stop is None else f":{stop}:{slot}")


def add_replay_button(view: discord.ui.View, game_id: int) -> discord.ui.View:
    view.add_item(ReplayButton(game_id, None, label=t("Replay"), emoji="⏯️"))
    return view


def final_view(game_id: int) -> discord.ui.View:
    """The buttons under a game's final result."""
    return add_replay_button(rematch_view(game_id), game_id)


def replays_of(client: Any) -> Replays:
    context = getattr(getattr(client, "web", None), "context", None)
    return context.replays if isinstance(context, WebContext) else _replays


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        stop: int | None,
        slot: str = "f",
        *,
        label: str,
        emoji: str | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=replay_id(game_id, stop, slot),
                disabled=disabled,
            )
        )
        self.game_id, self.stop = game_id, stop

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        stop = match["stop"]
        return cls(int(match["game"]), None if stop is None else int(stop), match["slot"] or "f", label="")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.stop is None:
            await guarded(interaction, self._open)
        else:
            await guarded(interaction, self._step, update=True)

    async def _open(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        content, file, view = await stepper(interaction, self.game_id, 0)
        if file is None:
            await send_followup(interaction, content, view=view)
        else:
            await interaction.followup.send(content, ephemeral=True, file=file, view=view, wait=True)

    async def _step(self, interaction: discord.Interaction[Any]) -> None:
        assert self.stop is not None
        content, file, view = await stepper(interaction, self.game_id, self.stop)
        await interaction.edit_original_response(
            content=content, attachments=[] if file is None else [file], view=view
        )


async def stepper(
    interaction: discord.Interaction[Any], game_id: int, stop: int
) -> tuple[str, discord.File | None, discord.ui.View]:
    """The stepper at ``stop`` (clamped to the game's stops): its words, picture and buttons."""
    sessions = sessions_of(interaction)
    table = (await sessions.reading.status(game_id, channel_id=interaction.channel_id)).table
    history = await history_of(sessions, replays_of(interaction.client), table)
    points = stops(history)
    stop = max(0, min(stop, len(points) - 1))
    point = points[stop]
    titles = history.checkpoint_titles()
    found = plugins.plugin(table.game.game)
    where = titles.get(point) or t("The end")
    head = t(
        "**{game}** #{id} — replay: {where} ({stop} of {stops})",
        game=found.rules.title,
        id=table.id,
        where=where,
        stop=stop + 1,
        stops=len(points),
    )
    content = with_game_link(head, interaction.client, table.id)
    view = discord.ui.View(timeout=None)
    targets = {"f": 0, "p": stop - 1, "n": stop + 1, "l": len(points) - 1}
    for slot, target in targets.items():
        clamped = max(0, min(target, len(points) - 1))
        view.add_item(ReplayButton(game_id, clamped, slot, label=SLOTS[slot], disabled=clamped == stop))
    spec = summary_picture(found.pictures) or board_picture(found.pictures)
    if spec is None:
        return content, None, view
    state = history.state(point)
    png = await render_pool_of(interaction).draw(
        found,
        spec.key,
        state,
        None,
        table.names,
        found.rules.score(state),
        game_id=table.id,
        lang=table.game.language,
    )
    return content, discord.File(io.BytesIO(png), filename=f"replay-{stop + 1}.png"), view
