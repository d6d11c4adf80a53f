"""Turn messages: "@player — your turn" with one button per legal action (a select menu when
there are more than 25), built from ``legal_actions`` at a given version. A click by someone
else, or on an older version, is refused privately and changes nothing."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.errors import REDELIVERED, announce_failed, reply_private
from bot.sessions import STALE_CHOICE, Choice, Progress, Table
from bot.views import ids, text
from bot.views.common import NO_MENTIONS, PING_USERS, acknowledge_update, guarded, sessions_of
from engine.core import StaleState

log = logging.getLogger(__name__)

MAX_BUTTONS = 25
MENU_OPTIONS = 25
MAX_MENUS = 5
BUTTON_LABEL = 80
OPTION_TEXT = 100
ALREADY_RECORDED = "That choice was already recorded."


def _short(label: str, limit: int) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ACTION_TEMPLATE):
    def __init__(self, game_id: int, version: int, seat: int, ref: str, *, kind: str, label: str) -> None:
        custom_id = f"{ids.PREFIX}:{kind}:{game_id}:{version}:{seat}:{ref}"
        super().__init__(
            discord.ui.Button(
                label=_short(label, BUTTON_LABEL), style=discord.ButtonStyle.primary, custom_id=custom_id
            )
        )
        self.game_id, self.version, self.seat, self.ref, self.kind = game_id, version, seat, ref, kind

    @classmethod
    def for_choice(cls, table: Table, seat: int, choice: Choice, index: int) -> ActionButton:
        custom_id = ids.action_id(table.id, table.version, seat, choice.notation, index)
        kind = custom_id.split(":", 2)[1]
        return cls(
            table.id,
            table.version,
            seat,
            choice.notation if kind == "a" else str(index),
            kind=kind,
            label=choice.label,
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        label = getattr(item, "label", None) or match["ref"]
        return cls(
            int(match["game"]),
            int(match["version"]),
            int(match["seat"]),
            match["ref"],
            kind=match["kind"],
            label=label,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge_update(interaction)
        notation = self.ref
        if self.kind == "i":
            notation = await _notation_by_index(
                interaction, self.game_id, self.version, self.seat, int(self.ref)
            )
        await act_and_announce(interaction, self.game_id, self.version, self.seat, notation)


class ActionMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.MENU_TEMPLATE):
    def __init__(
        self, game_id: int, version: int, seat: int, page: int, options: list[discord.SelectOption]
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.menu_id(game_id, version, seat, page),
            placeholder="Choose…" if page == 0 else f"More choices ({page + 1})…",
            options=options or [discord.SelectOption(label="—", value="-")],
        )
        super().__init__(select)
        self.game_id, self.version, self.seat = game_id, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionMenu:
        options = list(getattr(item, "options", []))
        return cls(int(match["game"]), int(match["version"]), int(match["seat"]), int(match["page"]), options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._pick)

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge_update(interaction)
        values = self.item.values
        if not values:
            return
        await act_and_announce(interaction, self.game_id, self.version, self.seat, values[0])


async def _notation_by_index(
    interaction: discord.Interaction[Any], game_id: int, version: int, seat: int, index: int
) -> str:
    status = await sessions_of(interaction).status(game_id)
    choices = status.progress.choices.get(seat, []) if status.progress else []
    if status.table.version != version or not 0 <= index < len(choices):
        raise StaleState(STALE_CHOICE)
    return choices[index].notation


def turn_view(table: Table, progress: Progress, seat: int) -> discord.ui.View | None:
    """Buttons (≤ 25 choices) or select menus (pages of 25) for one seat's legal actions."""
    choices = progress.choices.get(seat, [])
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTONS:
        for index, choice in enumerate(choices):
            view.add_item(ActionButton.for_choice(table, seat, choice, index))
        return view
    shown = choices[: MENU_OPTIONS * MAX_MENUS]
    if len(shown) < len(choices):
        # The engine promises short lists (big choices are split into steps); say so loudly if not.
        log.error(
            "game %s seat %s has %d choices; only %d fit in one message",
            table.id,
            seat,
            len(choices),
            len(shown),
        )
    for page in range(0, len(shown), MENU_OPTIONS):
        options = [
            discord.SelectOption(label=_short(c.label, OPTION_TEXT), value=c.notation)
            for c in shown[page : page + MENU_OPTIONS]
        ]
        view.add_item(ActionMenu(table.id, table.version, seat, page // MENU_OPTIONS, options))
    return view


async def post_progress(interaction: discord.Interaction[Any], table: Table, progress: Progress) -> None:
    """After a change: the final score, or one "your turn" message per seat that must decide."""
    if progress.decision.finished:
        await interaction.followup.send(text.score_text(table, progress), allowed_mentions=PING_USERS)
        return
    for seat in progress.decision.seats:
        view = turn_view(table, progress, seat)
        content = text.whose_turn(table, progress, seat)
        if view is None:
            await interaction.followup.send(content, allowed_mentions=PING_USERS)
        else:
            await interaction.followup.send(content, view=view, allowed_mentions=PING_USERS)


async def act_and_announce(
    interaction: discord.Interaction[Any], game_id: int, version: int, seat: int, notation: str
) -> None:
    result = await sessions_of(interaction).act(
        game_id,
        interaction.user.id,
        notation,
        expected_version=version,
        interaction_id=interaction.id,
        seat=seat,
    )
    if result.duplicate:
        # A redelivery the player never asked for stays silent; otherwise say why nothing moved.
        if not interaction.extras.get(REDELIVERED):
            await reply_private(interaction, ALREADY_RECORDED)
        log.info(
            "interaction %s was already applied as action %s of game %s", interaction.id, result.seq, game_id
        )
        return
    try:
        await interaction.edit_original_response(
            content=text.done_text(result.table, interaction.user.id, result.label, result.events),
            view=None,
            allowed_mentions=NO_MENTIONS,
        )
        await post_progress(interaction, result.table, result.progress)
    except Exception as exc:
        await announce_failed(interaction, exc)
