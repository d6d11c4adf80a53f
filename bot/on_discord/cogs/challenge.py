"""``/game challenge [week] [level]``: the weekly challenge's board (``bot.service.after_game.challenge``),
shown to the asker only; and the line a challenge table's lobby message carries."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import plugins
from bot.on_discord.translator import spoken
from bot.on_discord.views import text
from bot.on_discord.views.common import send_followup
from bot.service.after_game.challenge import Board, level_names, levels, parse_week
from bot.service.limits import clip
from render.common.language import say, t, tn

if TYPE_CHECKING:
    from bot.on_discord.client import BoardroomBot

# Entries shown per level: a message holds 2000 characters.
SHOWN = 20


def challenge_note(week: str) -> str:
    return t(
        "This is the weekly challenge of {week}: the same deal for everyone this week. "
        "Your first finished challenge game of the week enters its board (/game challenge).",
        week=week,
    )


def board_text(board: Board) -> str:
    title = plugins.game(board.game).title
    head = t(
        "**Weekly challenge {week}** — {title}, {level}",
        week=board.week,
        title=title,
        level=say(level_names(board.game).get(board.level, board.level)),
    )
    ranked = board.ranked
    lines = [head]
    if not board.entries:
        lines.append(t("Nobody has finished this challenge yet."))
    for place, entry in enumerate(ranked[:SHOWN], start=1):
        result = t("won") if entry.won else t("lost")
        rival = "" if entry.rival is None else f" ({say(entry.rival_name)} {entry.rival})"
        lines.append(f"{place}. {text.mention(entry.user_id)}: **{entry.score}**{rival}, {result}")
    if len(ranked) > SHOWN:
        lines.append(tn("…and {n} more.", "…and {n} more.", len(ranked) - SHOWN))
    for entry in board.refused[:SHOWN]:
        lines.append(
            t(
                "Refused: {who}'s game #{id}: {reason}.",
                who=text.mention(entry.user_id),
                id=entry.game_id,
                reason=say(entry.refused or ""),
            )
        )
    return clip("\n".join(lines))


def add_challenge_command(group: app_commands.Group, bot: BoardroomBot) -> None:
    games = list(plugins.CHALLENGES)
    # the levels by their names in each reader's language
    choices = {
        level: name for game in games if game in plugins.names() for level, name in level_names(game).items()
    }

    async def challenge(
        interaction: discord.Interaction[Any], week: str | None = None, level: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        challenges = bot.sessions.challenges
        chosen = parse_week(week) if week else challenges.this_week()
        boards = []
        for game in games:
            for one in levels(game):
                if level is not None and one != level:
                    continue
                board = await challenges.board(game, chosen, one)
                if board.entries or level is not None or one == plugins.CHALLENGES[game][1]:
                    boards.append(board_text(board))
        await send_followup(interaction, clip("\n\n".join(boards)))

    challenge = app_commands.describe(
        week="An ISO week such as 2026-W48 (default: this week)",
        level="The rival's level (default: every level played)",
    )(challenge)
    challenge = app_commands.choices(
        level=[
            app_commands.Choice(name=spoken(str(name), lambda name=name: say(name)), value=level)  # type: ignore[misc]
            for level, name in choices.items()
        ]
    )(challenge)
    group.add_command(
        app_commands.Command(
            name="challenge",
            description="The weekly solo challenge's board: the same deal for everyone, scores verified",
            callback=challenge,
        )
    )
