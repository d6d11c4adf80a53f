"""A decision of 6 to 25 public choices on the turn line itself, as one select menu (``bot.service.
line_choices``): a row of buttons holds only five, and a game's main question (which of about ten
workers to take, say) would otherwise cost **Take my turn** and a panel each time a player comes
back. The menu is checked like the line's buttons (``line_choice.answer_on_line``):
only the player it names moves with it, a menu the game has moved past is refused as stale, and the
move goes through ``play.act`` like the panel's. A decision too long for one menu (an HR turn's ~100
journeys) is offered as the panel's first level of groups: picking a group opens the player's panel
there, one click instead of **Take my turn** and the group's button."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.on_discord.views import ids
from bot.on_discord.views.common import guarded, sessions_of
from bot.on_discord.views.line_choice import LineChoiceButton, answer_on_line, check_clicker, line_buttons
from bot.on_discord.views.panel_message import open_panel
from bot.on_discord.views.turn import panel
from bot.service.limits import OPTION_TEXT, clip
from bot.service.line_choices import (
    LineChoices,
    line_choices,
    option_of_group,
    parse_group,
    parse_option,
    row_of,
)
from bot.service.play import STALE_CHOICE
from bot.service.progress import Offered
from bot.service.tables import Progress, Table
from engine.core import StaleState
from engine.core.words import msg
from render.common.language import say, t

# Placeholders Discord shows before a pick (150 characters at most; these are far shorter).
CHOOSE = msg("Choose your move…")


class LineMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.LINE_MENU_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        seat: int,
        options: list[discord.SelectOption],
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.line_menu_id(game_id, version, seat),
                placeholder=placeholder or say(CHOOSE),
                options=options or [discord.SelectOption(label="—", value="-")],
                row=row,
            )
        )
        self.game_id, self.version, self.seat = game_id, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LineMenu:
        options = list(getattr(item, "options", []))
        return cls(int(match["game"]), int(match["version"]), int(match["seat"]), options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # Acknowledged as an update of the line, as its buttons are.
        await guarded(interaction, self._pick, update=True)

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        step = parse_group(values[0]) if len(values) == 1 else None
        if step is not None:
            await self._open_group(interaction, step)
            return
        # Only the bot writes the values: one it would not write points at no choice (stale).
        index = parse_option(values[0]) if len(values) == 1 else None
        await answer_on_line(
            interaction, self.game_id, self.version, self.seat, -1 if index is None else index, menu=True
        )

    async def _open_group(self, interaction: discord.Interaction[Any], step: tuple[int, ...]) -> None:
        """A group of the panel's first level: the player's panel, opened there (nothing is played)."""
        status = await sessions_of(interaction).reading.status(
            self.game_id, channel_id=interaction.channel_id
        )
        table, progress = status.table, status.progress
        # A group means the same choices only at the version it was drawn at.
        if progress is None or self.version != table.version:
            raise StaleState(STALE_CHOICE)
        row = row_of(line_choices(table, progress), self.seat)
        if row is None or row.group_at(step) is None:
            raise StaleState(STALE_CHOICE)
        check_clicker(table, progress, self.seat, interaction.user.id, menu=True)
        await open_panel(interaction, self.game_id, *panel(table, progress, self.seat, step=step))


def line_items(
    table: Table, progress: Progress, known: Offered | None = None, *, groups: bool = True
) -> list[LineChoiceButton | LineMenu]:
    """The turn line's choices, a row for each deciding seat: its buttons (``line_buttons``) or, for 6
    to 25 choices, its menu; where several decide, the menu's placeholder names its player."""
    rows = line_choices(table, progress, known, groups=groups)
    named = len(progress.decision.seats) > 1
    items: list[LineChoiceButton | LineMenu] = list(line_buttons(table, progress, rows))
    for n, row in enumerate(rows):
        if row.menu:
            placeholder = t("{name}: choose your move…", name=table.said_at(row.seat)) if named else None
            items.append(
                LineMenu(table.id, table.version, row.seat, _options(row), placeholder=placeholder, row=n)
            )
    return sorted(items, key=lambda item: item.item.row or 0)


def _options(row: LineChoices) -> list[discord.SelectOption]:
    """The row's choices, or for a grouped row the panel's first level: its groups (their labels and
    "…", as on the panel's group buttons) among its actions, Done last."""
    if not row.entries:
        return [_option(say(choice.label), str(n)) for n, (_, choice) in enumerate(row.choices)]
    position = {index: n for n, (index, _) in enumerate(row.choices)}
    shown = [
        _option(say(e.label), str(position[e.index]))
        if e.index is not None
        else _option(say(e.label) + " …", option_of_group(e.step or ()))
        for e in row.entries
    ]
    listed = {e.index for e in row.entries}
    return shown + [_option(say(c.label), str(n)) for n, (i, c) in enumerate(row.choices) if i not in listed]


def _option(label: str, value: str) -> discord.SelectOption:
    # Player words only, as on the panel's menus: a label too long for the option goes on in the
    # description.
    return discord.SelectOption(
        label=clip(label, OPTION_TEXT),
        value=value,
        description=clip("…" + label[OPTION_TEXT - 1 :], OPTION_TEXT) if len(label) > OPTION_TEXT else None,
    )
