"""What every component callback shares: finding the sessions service and the error funnel."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.errors import REDELIVERED, handle_error
from bot.sessions import Sessions

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def sessions_of(interaction: discord.Interaction[Any]) -> Sessions:
    sessions = getattr(interaction.client, "sessions", None)
    if not isinstance(sessions, Sessions):
        raise RuntimeError("the client has no sessions service (setup_hook has not run)")
    return sessions


async def guarded(
    interaction: discord.Interaction[Any], handler: Callable[[discord.Interaction[Any]], Awaitable[None]]
) -> None:
    """Run a component handler through the one error funnel (discord.py would only log it)."""
    try:
        await handler(interaction)
    except Exception as exc:
        await handle_error(interaction, exc)


async def acknowledge_update(interaction: discord.Interaction[Any]) -> bool:
    """Defer as a message update before any work, so the 3-second deadline can never pass.

    Returns False when Discord refuses (the same interaction delivered again, already answered):
    the work still runs, because sessions apply an interaction id once.
    """
    try:
        await interaction.response.defer()
    except discord.HTTPException:
        log.info("interaction %s was already acknowledged (delivered again)", interaction.id)
        interaction.extras[REDELIVERED] = True
        return False
    return True
