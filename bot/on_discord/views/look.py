"""Looking at a game without changing it: the board picture, a seat's own board, and what happened
since a player last decided. Answered privately, from ``/game board`` / ``/game player`` and from
the **Board**, **My board** and **Since your last turn** buttons on every private panel (a player
never has to type to see the table)."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot import plugins
from bot.on_discord.views import ids, text
from bot.on_discord.views.common import guarded, render_pool_of, send_followup, sessions_of
from bot.on_discord.web_links import seat_line, with_game_link
from bot.service import said_events
from bot.service.limits import MAX_MESSAGE
from bot.service.narrate import event_lines
from bot.service.refusals import NotAPlayer
from bot.service.tables import GameStatus
from engine.core.words import msg
from render.common.language import say, t
from render.common.pictures import board_picture, seat_picture

BOARD, MINE, SINCE = "b", "m", "s"
_LOOK = {
    BOARD: (msg("Board"), "🗺️"),
    MINE: (msg("My board"), "📋"),
    SINCE: (msg("Since your last turn"), "🕘"),
}


async def send_board(
    interaction: discord.Interaction[Any], status: GameStatus, picture: str | None = None
) -> None:
    """The game's board picture (or another public picture by key) with the provisional score."""
    table = status.table
    found = plugins.plugin(table.game.game)
    public = [s for s in found.pictures.specs if not s.per_seat] if found.pictures else []
    spec = next((s for s in public if s.key == picture), None) or board_picture(found.pictures)
    head = f"**{found.rules.title}** #{table.id} — " + (
        text.waiting_line(table, status.progress) if status.progress else ""
    )
    head = with_game_link(head, interaction.client, table.id)
    state = await sessions_of(interaction).reading.load(table.id)
    sheet = found.rules.score(state)
    if spec is None:
        await send_followup(interaction, f"{head}\n{text.sheet_text(table, sheet)}")
        return
    png = await render_pool_of(interaction).draw(
        found, spec.key, state, None, table.names, sheet, game_id=table.id, lang=table.game.language
    )
    await send_followup(interaction, head, file=discord.File(io.BytesIO(png), filename=f"{spec.key}.png"))


async def send_seat(interaction: discord.Interaction[Any], status: GameStatus, seat: int) -> None:
    """One seat's own board (its close-up picture), or its glance note if the game draws none."""
    table = status.table
    if not 0 <= seat < len(table.seats):
        raise NotAPlayer(msg("That seat is not in this game."))
    found = plugins.plugin(table.game.game)
    state = await sessions_of(interaction).reading.load(table.id)
    spec = seat_picture(found.pictures)
    note = found.rules.glance(state, seat).note
    if spec is None:
        await send_followup(
            interaction, f"**{table.said_at(seat)}** — {say(note) or t('nothing more to show.')}"
        )
        return
    png = await render_pool_of(interaction).draw(
        found, spec.key, state, seat, table.names, None, game_id=table.id, lang=table.game.language
    )
    # The signed link to the seat's own view in a browser goes to its player only.
    own = seat_line(interaction.client, table.id, seat) if table.seat_of(interaction.user.id) == seat else ""
    await send_followup(
        interaction,
        t("{name}'s {picture}", name=table.said_at(seat), picture=say(spec.title).lower())
        + (f"\n{say(note)}" if note else "")
        + own,
        file=discord.File(io.BytesIO(png), filename=f"{spec.key}-{seat + 1}.png"),
    )


async def send_since(interaction: discord.Interaction[Any], status: GameStatus, seat: int) -> None:
    """What everyone else did since this seat last acted, in words (newest last)."""
    table = status.table
    rows = await sessions_of(interaction).reading.live_log(table.id)
    last = max((index for index, row in enumerate(rows) if row.seat == seat), default=-1)
    lines = []
    for row in rows[last + 1 :]:
        said = said_events.loads(row.events)
        lines += event_lines(said, table.said_names)
    if not lines:
        body = t("Nobody else has acted since your last turn.")
    else:
        body = "\n".join(f"• {line}" for line in lines)
        # Keep the newest lines when there is too much for one message.
        while len(body) > MAX_MESSAGE - 80 and "\n" in body:
            body = body.split("\n", 1)[1]
    await send_followup(interaction, f"**{say(_LOOK[SINCE][0])}**\n{body}")


class LookButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOOK_TEMPLATE):
    """A private panel's look-up button; it needs no version (it never changes the game)."""

    def __init__(self, look: str, game_id: int, seat: int, *, row: int | None = None) -> None:
        label, emoji = _LOOK[look]
        super().__init__(
            discord.ui.Button(
                label=say(label),
                emoji=emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.look_id(look, game_id, seat),
                row=row,
            )
        )
        self.look, self.game_id, self.seat = look, game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LookButton:
        return cls(match["look"], int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await sessions_of(interaction).reading.status(
            self.game_id, channel_id=interaction.channel_id
        )
        if self.look == BOARD:
            await send_board(interaction, status)
        elif self.look == MINE:
            await send_seat(interaction, status, self.seat)
        else:
            await send_since(interaction, status, self.seat)


def look_buttons(game_id: int, seat: int, *, row: int) -> list[LookButton]:
    return [LookButton(look, game_id, seat, row=row) for look in (BOARD, MINE, SINCE)]
