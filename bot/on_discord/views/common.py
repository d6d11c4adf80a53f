"""What every component callback shares: finding the sessions service and the announcer, and the
error funnel. Components find both through the client, so that no view imports ``bot.on_discord.announce``
(which posts views: the import would run in a circle)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import discord

from bot.clocks.turn_clock import TurnClocks
from bot.on_discord.errors import REDELIVERED, handle_error
from bot.on_discord.language import reader_language
from bot.on_discord.views.open_panels import token_until
from bot.service.limits import clip
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from engine.core import Event
from render.common.language import speaking

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def sessions_of(interaction: discord.Interaction[Any]) -> Sessions:
    sessions = getattr(interaction.client, "sessions", None)
    if not isinstance(sessions, Sessions):
        raise RuntimeError("the client has no sessions service (setup_hook has not run)")
    return sessions


@dataclass(frozen=True)
class LineWebhook:
    """A click's follow-up webhook, and until when (by the bot's clock) its token takes edits."""

    webhook: discord.Webhook
    until: datetime


class Announces(Protocol):
    async def after_change(
        self,
        game_id: int,
        events: list[Event],
        *,
        via: LineWebhook | None = None,
        alongside: Callable[[], Awaitable[None]] | None = None,
    ) -> None: ...


def line_webhook(interaction: discord.Interaction[Any], channel_id: int) -> LineWebhook | None:
    """The follow-up webhook through which this interaction may post the next turn line of the game
    played in ``channel_id``: a click there, acknowledged as an update of its own message (a
    deferred slash command's first follow-up would fill its private "thinking…" message instead)."""
    if (
        interaction.channel_id == channel_id
        and interaction.response.type is discord.InteractionResponseType.deferred_message_update
    ):
        until = token_until(interaction, sessions_of(interaction).store.clock())
        return LineWebhook(interaction.followup, until)
    return None


def clocks_of(interaction: discord.Interaction[Any]) -> TurnClocks:
    clocks = getattr(interaction.client, "clocks", None)
    if not isinstance(clocks, TurnClocks):
        raise RuntimeError("the client has no turn clocks (setup_hook has not run)")
    return clocks


def render_pool_of(interaction: discord.Interaction[Any]) -> RenderPool:
    pool = getattr(interaction.client, "render_pool", None)
    if not isinstance(pool, RenderPool):
        raise RuntimeError("the client has no render pool (setup_hook has not run)")
    return pool


def announcer_of(interaction: discord.Interaction[Any]) -> Announces:
    announcer: Announces | None = getattr(interaction.client, "announcer", None)
    if announcer is None:
        raise RuntimeError("the client has no announcer (setup_hook has not run)")
    return announcer


async def send_followup(
    interaction: discord.Interaction[Any],
    content: str,
    *,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    ephemeral: bool = True,
) -> discord.WebhookMessage:
    """The one way to answer after a defer (discord.py refuses ``view=None`` on a follow-up)."""
    extra: dict[str, Any] = {}
    if view is not None:
        extra["view"] = view
    if file is not None:
        extra["file"] = file
    return await interaction.followup.send(
        clip(content), ephemeral=ephemeral, wait=True, allowed_mentions=NO_MENTIONS, **extra
    )


async def guarded(
    interaction: discord.Interaction[Any],
    handler: Callable[[discord.Interaction[Any]], Awaitable[None]],
    *,
    update: bool = False,
) -> None:
    """Run a component handler through the one error funnel (discord.py would only log it), in the
    clicking player's language (known without a database read). ``update``: the handler answers by
    editing the message clicked on, so the click is acknowledged as such first."""
    if update:
        await acknowledge_update(interaction)
    with speaking(reader_language(interaction)):
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
