"""A small decision's choices on the public turn line itself (``bot.service.line_choices``): the player
it names (each, when several choose at the same time) answers with one click, whenever they come back,
through the same service path as their panel (``play.act`` with the version the line was drawn at),
so undo, clocks and the thread's log work the same. Anyone else is told whose turn it is; a line the
game has moved past is refused as stale and changes nothing."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.on_discord.views import ids
from bot.on_discord.views.common import guarded, sessions_of
from bot.on_discord.views.panel_message import open_panel
from bot.on_discord.views.turn import act_and_announce
from bot.service.limits import BUTTON_LABEL, clip
from bot.service.line_choices import LineChoices, line_choices, parse_index, row_of
from bot.service.play import STALE_CHOICE
from bot.service.tables import Progress, Table
from engine.core import NotYourTurn, StaleState
from engine.core.words import Msg, fitting
from render.common.alike import said_alike
from render.common.language import say, t


class LineChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LINE_TEMPLATE):
    def __init__(
        self, game_id: int, version: int, seat: int, index: int, *, label: str = "…", row: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=ids.line_choice_id(game_id, version, seat, index),
                row=row,
            )
        )
        self.game_id, self.version, self.seat, self.index = game_id, version, seat, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LineChoiceButton:
        # Only the bot writes these ids: a position it would not write points at no choice (stale).
        index = parse_index(match["index"])
        return cls(
            int(match["game"]),
            int(match["version"]),
            int(match["seat"]),
            -1 if index is None else index,
            label=getattr(item, "label", None) or "…",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # Acknowledged as an update of the line, so the next line can be this click's public follow-up.
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        await answer_on_line(interaction, self.game_id, self.version, self.seat, self.index)


async def answer_on_line(
    interaction: discord.Interaction[Any],
    game_id: int,
    version: int,
    seat: int,
    index: int,
    *,
    menu: bool = False,
) -> None:
    """The choice at ``index`` of ``seat``'s row on the line drawn at ``version`` (a button, or with
    ``menu`` a line menu's option), played for the clicker if the row is theirs and still offered."""
    sessions = sessions_of(interaction)
    status = await sessions.reading.status(game_id, channel_id=interaction.channel_id)
    table, progress = status.table, status.progress
    if progress is None:
        raise StaleState(STALE_CHOICE)
    row = row_of(line_choices(table, progress), seat)
    if row is None or not 0 <= index < len(row.choices) or version > table.version:
        raise StaleState(STALE_CHOICE)
    check_clicker(table, progress, seat, interaction.user.id, menu=menu)
    # Drawn at an older version, the seat's choices are still the same ones if only others moved
    # since (a choice made at the same time): play.act refuses the click as stale otherwise.
    _, choice = row.choices[index]
    shown = await act_and_announce(interaction, game_id, version, seat, choice.notation)
    if shown is None or shown[1] is None:
        # Nothing more for the clicker now: the line itself is retired into the move they made.
        return
    # More of the same turn is theirs (the next tab's side, say): their panel, unasked.
    await open_panel(interaction, game_id, *shown)


def check_clicker(table: Table, progress: Progress, seat: int, user_id: int, *, menu: bool = False) -> None:
    """Refuse, with a sentence naming whose they are, a click on a row of the line that is not the
    clicker's (``menu``: the row is a menu)."""
    clicker = table.seat_of(user_id)
    if clicker != seat:
        name = table.said_at(seat)
        if clicker is not None and clicker in progress.decision.seats:
            if menu:
                raise NotYourTurn(t("This menu is {name}'s; yours is the one with your name.", name=name))
            raise NotYourTurn(
                t("These buttons are {name}'s; yours are on the row with your name.", name=name)
            )
        if menu:
            raise NotYourTurn(
                t("It is {name}'s turn: this menu is theirs. You will be told when it is yours.", name=name)
            )
        raise NotYourTurn(
            t(
                "It is {name}'s turn: these buttons are theirs. You will be told when it is yours.",
                name=name,
            )
        )


def line_buttons(table: Table, progress: Progress, rows: list[LineChoices]) -> list[LineChoiceButton]:
    """The turn line's choice buttons, a row for each seat whose choices fit on one (``rows``: the line's,
    ``line_choices``; a longer list is a menu: ``line_menu``); where several decide, each button starts
    with its player's name."""
    named = len(progress.decision.seats) > 1
    buttons: list[LineChoiceButton] = []
    for n, row in enumerate(rows):
        if row.menu:
            continue
        # One kind of label shortened one way on the whole row, as on a panel.
        labels = said_alike([choice.label for _, choice in row.choices])
        if named:
            name = table.said_at(row.seat)
            labels = [
                t(
                    "{name}: {choice}",
                    name=name,
                    choice=_within(choice.label, label, BUTTON_LABEL - len(name) - 2),
                )
                for (_, choice), label in zip(row.choices, labels, strict=True)
            ]
        buttons += [
            LineChoiceButton(table.id, table.version, row.seat, index, label=label, row=n)
            for (index, _), label in zip(row.choices, labels, strict=True)
        ]
    return buttons


def _within(label: str, said: str, room: int) -> str:
    """A label said in ``room`` characters (beside its player's name): its longest form that fits,
    when it has shorter forms, rather than its end cut off."""
    if len(said) <= room or not isinstance(label, Msg) or label.limit is None:
        return said
    return fitting([say(form) for form in label.parts], room)
