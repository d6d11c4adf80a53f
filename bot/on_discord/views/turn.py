"""Turns: the private (ephemeral) panel that the public turn line's **Take my turn** button
(``bot.on_discord.views.turn_line``) opens for the player: buttons or select menus built from
``legal_actions``
(or, when they do not fit on buttons and the game groups them, one level of groups at a time:
``bot.service.picker``), plus **Done** where a phase of choices can end and **Undo** for the
player's own last step.

The panel is edited in place after every step (sub-steps never post in the channel); the public
line is posted once per turn by ``bot.on_discord.announce``. Every custom_id carries the game id and the
state version (``ids``), so a panel works after a restart and an out-of-date one is refused.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.on_discord.errors import REDELIVERED, announce_failed, reply_private
from bot.on_discord.views import ids, text
from bot.on_discord.views.common import (
    NO_MENTIONS,
    announcer_of,
    guarded,
    line_webhook,
    sessions_of,
)
from bot.on_discord.views.look import look_buttons
from bot.on_discord.views.open_panels import open_panels_of
from bot.on_discord.views.panel_message import remember_original
from bot.service import narrate, picker
from bot.service.limits import BUTTON_LABEL, MAX_BUTTONS, MAX_MENUS, MENU_OPTIONS, OPTION_TEXT, clip
from bot.service.panel_words import panel_text
from bot.service.play import STALE_CHOICE
from bot.service.refusals import NotAPlayer
from bot.service.tables import Choice, GameStatus, Progress, Table
from bot.storage import Status
from engine.core import GameOver, NotYourTurn, StaleState
from engine.core.words import msg
from render.common.alike import said_alike
from render.common.language import say, t

log = logging.getLogger(__name__)

# Shows the clicker what their panel shows next (content, view).
Show = Callable[[str, discord.ui.View | None], Awaitable[None]]

ALREADY_RECORDED = msg("That choice was already recorded.")
BACK = msg("Back")


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ACTION_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        seat: int,
        ref: str,
        *,
        kind: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        custom_id = f"{ids.PREFIX}:{kind}:{game_id}:{version}:{seat}:{ref}"
        super().__init__(
            discord.ui.Button(label=clip(say(label), BUTTON_LABEL), style=style, custom_id=custom_id, row=row)
        )
        self.game_id, self.version, self.seat, self.ref, self.kind = game_id, version, seat, ref, kind

    @classmethod
    def for_choice(
        cls,
        table: Table,
        seat: int,
        choice: Choice,
        index: int,
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> ActionButton:
        custom_id = ids.action_id(table.id, table.version, seat, choice.notation, index)
        kind = custom_id.split(":", 2)[1]
        return cls(
            table.id,
            table.version,
            seat,
            choice.notation if kind == "a" else str(index),
            kind=kind,
            label=choice.label,
            style=style,
            row=row,
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
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        notation = self.ref
        if self.kind == "i":
            if not self.ref.isdigit() or len(self.ref) > 4:
                # Only the bot writes these ids, always with a small index: a forged one is stale.
                raise StaleState(STALE_CHOICE)
            notation = await _notation_by_index(
                interaction, self.game_id, self.version, self.seat, int(self.ref)
            )
        await _act_from_panel(interaction, self.game_id, self.version, self.seat, notation)


class ActionMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.MENU_TEMPLATE):
    def __init__(
        self, game_id: int, version: int, seat: int, page: int, options: list[discord.SelectOption]
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.menu_id(game_id, version, seat, page),
            placeholder=t("Choose…") if page == 0 else t("More choices ({page})…", page=page + 1),
            options=options or [discord.SelectOption(label="—", value="-")],
            row=min(page, MAX_MENUS - 1),
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
        await guarded(interaction, self._pick, update=True)

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if not values:
            return
        await _act_from_panel(interaction, self.game_id, self.version, self.seat, values[0])


class GroupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.GROUP_TEMPLATE):
    """Opens a level of the seat's grouped choices (or goes back up): it only redraws the private
    panel; nothing is applied or written. Drawn at one version, it is refused once the game moved."""

    def __init__(
        self,
        game_id: int,
        version: int,
        seat: int,
        step: picker.Step,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(say(label), BUTTON_LABEL),
                style=style,
                custom_id=ids.group_id(game_id, version, seat, step),
                row=row,
            )
        )
        self.game_id, self.version, self.seat, self.step = game_id, version, seat, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GroupButton:
        step = ids.parse_step(match["step"])
        return cls(
            int(match["game"]),
            int(match["version"]),
            int(match["seat"]),
            # Only the bot writes these ids: a forged step points nowhere and is refused as stale.
            step if step is not None else (-1,),
            label=getattr(item, "label", None) or "…",
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        status = await sessions_of(interaction).reading.status(
            self.game_id, channel_id=interaction.channel_id
        )
        table, progress = status.table, status.progress
        if table.version != self.version or progress is None or self.seat not in progress.decision.seats:
            raise StaleState(STALE_CHOICE)
        if table.seat_of(interaction.user.id) != self.seat:
            raise NotYourTurn(msg("These choices are for another player."))
        if picker.labels_of(picker.listed(progress, self.seat), self.step) is None:
            raise StaleState(STALE_CHOICE)
        content, view = panel(table, progress, self.seat, step=self.step)
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_MENTIONS)
        remember_original(interaction, self.game_id, live=True)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.UNDO_TEMPLATE):
    def __init__(self, game_id: int, version: int, seat: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("Undo"),
                style=discord.ButtonStyle.secondary,
                custom_id=ids.undo_id(game_id, version, seat),
                row=4,
            )
        )
        self.game_id, self.version, self.seat = game_id, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._click, update=True)

    async def _click(self, interaction: discord.Interaction[Any]) -> None:
        status, duplicate = await sessions_of(interaction).play.undo(
            self.game_id,
            interaction.user.id,
            expected_version=self.version,
            interaction_id=interaction.id,
            seat=self.seat,
            channel_id=interaction.channel_id,
        )
        if duplicate:
            return
        assert status.progress is not None
        content, view = panel(status.table, status.progress, self.seat, note=t("Undone."))
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_MENTIONS)
        remember_original(interaction, self.game_id, live=view is not None)


def own_panel(status: GameStatus, user_id: int) -> tuple[str, discord.ui.View | None]:
    """The panel for the user, or the reason there is none (raised as a refusal when it is one)."""
    table, progress = status.table, status.progress
    if table.game.status is not Status.ACTIVE or progress is None or progress.decision.finished:
        raise GameOver(msg("This game is not in progress."))
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotAPlayer(msg("You are not playing in this game."))
    if seat in table.ai_seats:
        raise NotAPlayer(msg("Your seat is played by the bot now."))
    if seat not in progress.decision.seats:
        return t(
            "Nothing to decide for you right now. {waiting}", waiting=text.waiting_line(table, progress)
        ), None
    return panel(table, progress, seat)


async def _notation_by_index(
    interaction: discord.Interaction[Any], game_id: int, version: int, seat: int, index: int
) -> str:
    status = await sessions_of(interaction).reading.status(game_id, channel_id=interaction.channel_id)
    choices = status.progress.choices.get(seat, []) if status.progress else []
    if status.table.version != version or not 0 <= index < len(choices):
        raise StaleState(STALE_CHOICE)
    return choices[index].notation


def panel(
    table: Table, progress: Progress, seat: int, *, note: str = "", step: picker.Step = ()
) -> tuple[str, discord.ui.View | None]:
    """The private panel: what to decide, the choices (at ``step`` when grouped), Done and Undo."""
    labels = picker.labels_of(picker.listed(progress, seat), step) if step else ()
    if labels:
        # Where the player is in the groups, so the next level's short labels read in context.
        choosing = t("Choosing: {path}", path=" › ".join(say(label) for label in labels))
        note = "\n".join(x for x in (say(note), choosing) if x)
    content = panel_text(table, progress, seat, note=say(note))
    return content, turn_view(table, progress, seat, step)


def turn_view(table: Table, progress: Progress, seat: int, step: picker.Step = ()) -> discord.ui.View | None:
    """Buttons (≤ 20 choices), one level of the game's groups as buttons (more choices, grouped by
    the game; ``step`` says which level) or select menus (pages of 25) for one seat's legal actions;
    the last row holds Done (when the phase can end) and Undo (when the seat's last step can be
    undone)."""
    choices = progress.choices.get(seat, [])
    ends = progress.decision.done
    done = next((c for c in choices if c.notation == ends), None) if ends else None
    others = picker.listed(progress, seat)
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    if picker.is_grouped(others):
        _add_level(view, table, seat, choices, picker.level(others, step), step, picker.back(others, step))
    elif len(others) <= MAX_BUTTONS:
        # One kind of label shortened one way on the whole panel (a longer language's short forms).
        said = said_alike([choice.label for _, choice in others])
        for n, ((index, choice), label) in enumerate(zip(others, said, strict=True)):
            alike = dataclasses.replace(choice, label=label)
            view.add_item(ActionButton.for_choice(table, seat, alike, index, row=n // 5))
    else:
        shown = others[: MENU_OPTIONS * MAX_MENUS]
        if len(shown) < len(others):
            # The engine promises short lists (big choices are split into steps); say so loudly if not.
            log.error(
                "game %s seat %s has %d choices; only %d fit in one panel",
                table.id,
                seat,
                len(others),
                len(shown),
            )
        for page in range(0, len(shown), MENU_OPTIONS):
            options = [
                # Player words only: a label too long for the option goes on in the description.
                discord.SelectOption(
                    label=clip(label, OPTION_TEXT),
                    value=c.notation,
                    description=clip("…" + label[OPTION_TEXT - 1 :], OPTION_TEXT)
                    if len(label) > OPTION_TEXT
                    else None,
                )
                for _, c in shown[page : page + MENU_OPTIONS]
                for label in (say(c.label),)
            ]
            view.add_item(ActionMenu(table.id, table.version, seat, page // MENU_OPTIONS, options))
    if done is not None:
        index = choices.index(done)
        view.add_item(
            ActionButton.for_choice(table, seat, done, index, style=discord.ButtonStyle.success, row=4)
        )
    if seat in progress.undoable:
        view.add_item(UndoButton(table.id, table.version, seat))
    for button in look_buttons(table.id, seat, row=4):
        view.add_item(button)
    return view


def _add_level(
    view: discord.ui.View,
    table: Table,
    seat: int,
    choices: list[Choice],
    entries: list[picker.Entry],
    step: picker.Step,
    up: picker.Step,
) -> None:
    """One level of grouped choices as buttons, and Back (to ``up``) when below the first."""
    room = MAX_BUTTONS - (1 if step else 0)
    if len(entries) > room:
        # The game promises small levels (the conformance tests hold it); say so loudly if not.
        log.error("game %s seat %s: %d entries at one level; only %d fit", table.id, seat, len(entries), room)
    shown = entries[:room]
    # One kind of label shortened one way on the level, as on a panel without groups.
    moves = [entry.index for entry in shown if entry.index is not None]
    said = dict(zip(moves, said_alike([choices[i].label for i in moves]), strict=True))
    for n, entry in enumerate(shown):
        if entry.index is not None:
            alike = dataclasses.replace(choices[entry.index], label=said[entry.index])
            view.add_item(ActionButton.for_choice(table, seat, alike, entry.index, row=n // 5))
        else:
            assert entry.step is not None
            label = say(entry.label) + " …"  # more to choose behind it
            view.add_item(GroupButton(table.id, table.version, seat, entry.step, label=label, row=n // 5))
    if step:
        row, grey = min(len(entries), room) // 5, discord.ButtonStyle.secondary
        view.add_item(GroupButton(table.id, table.version, seat, up, label=say(BACK), style=grey, row=row))


async def act_and_announce(
    interaction: discord.Interaction[Any],
    game_id: int,
    version: int | None,
    seat: int | None,
    notation: str,
    *,
    show: Show | None = None,
) -> tuple[str, discord.ui.View | None] | None:
    """Apply the clicker's (or typer's) action and bring the channel up to date; returns what their
    private panel shows next (the next step's choices, or what they are waiting for), or, with
    ``show``, shows it through ``show`` and returns None.

    A refusal propagates (nothing changed). None when there is nothing more to show: the
    interaction had been applied before, or the change was saved but announcing it failed (the
    player was told so; never "try again", a retry would be refused as stale)."""
    result = await sessions_of(interaction).play.act(
        game_id,
        interaction.user.id,
        notation,
        expected_version=version,
        interaction_id=interaction.id,
        seat=seat,
        channel_id=interaction.channel_id,
    )
    if result.duplicate:
        # A redelivery the player never asked for stays silent; otherwise say why nothing moved.
        if not interaction.extras.get(REDELIVERED):
            await reply_private(interaction, ALREADY_RECORDED)
        log.info(
            "interaction %s was already applied as action %s of game %s", interaction.id, result.seq, game_id
        )
        return None
    table, progress = result.table, result.progress

    def next_panel() -> tuple[str, discord.ui.View | None]:
        if result.seat in progress.decision.seats:
            step = picker.resume(picker.listed(progress, result.seat), result.path)
            return panel(table, progress, result.seat, note=f"✓ {say(result.label)}", step=step)
        return text.done_panel_text(table, progress, result.label), None

    # A click that closes a round or the game owes the channel its summary before anyone sees the
    # next step (else the next round could be played on the old turn line, under no summary): its
    # posts go first, then the panels that offer choices. Any other panel goes out beside the posts,
    # in the game's order of announcements (after any earlier click's), never behind a summary: every
    # panel of a click that owes none, and the clicker's of a round-closing click that leaves them
    # nothing to choose (it only says who decides now).
    summary_owed = bool(narrate.checkpoints(result.all_events)) or progress.decision.finished
    choosing = result.seat in progress.decision.seats
    beside = show is not None and (not summary_owed or not (choosing or progress.decision.finished))

    async def panels_beside() -> None:
        assert show is not None
        # The clicker's panel first: its edit takes the click's token (discord.py sends one request
        # per token at a time) before the turn line, the same click's follow-up, is posted.
        await show(*next_panel())
        if not summary_owed:
            await show_open_panels(interaction, table, progress, result.seat)

    try:
        await announcer_of(interaction).after_change(
            table.id,
            result.all_events,
            via=line_webhook(interaction, table.game.channel_id),
            alongside=panels_beside if beside else None,
        )
    except Exception as exc:
        await announce_failed(interaction, exc)
        return None
    if beside:
        if summary_owed:
            # The others' panels offer the next round: after its summary and turn line.
            await show_open_panels(interaction, table, progress, result.seat)
        return None
    # Before the clicker's own panel is redrawn: once it shows the next step, the others' show theirs.
    await show_open_panels(interaction, table, progress, result.seat)
    if show is None:
        return next_panel()
    try:
        await show(*next_panel())
    except Exception as exc:
        await announce_failed(interaction, exc)
    return None


async def _act_from_panel(
    interaction: discord.Interaction[Any], game_id: int, version: int, seat: int, notation: str
) -> None:
    async def show(content: str, view: discord.ui.View | None) -> None:
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_MENTIONS)
        remember_original(interaction, game_id, live=view is not None)

    await act_and_announce(interaction, game_id, version, seat, notation, show=show)


async def show_open_panels(
    interaction: discord.Interaction[Any], table: Table, progress: Progress, acting: int
) -> None:
    """The players the decision passed to see it on the panel they already have, if they have one."""
    panels = open_panels_of(interaction.client)
    if panels is None:
        return
    for seat in progress.decision.seats:
        user = table.user_at(seat)
        if seat == acting or seat in table.ai_seats or user is None:
            continue
        await panels.show(
            table.id, user, functools.partial(panel, table, progress, seat, note=msg("Your turn."))
        )
