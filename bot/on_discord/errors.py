"""The single error funnel for every interaction.

- ``EngineError`` (a rule, a refusal of the table, a stale click): the player gets the sentence,
  ephemerally, and nothing changed because sessions raise before they write.
- ``StorageUnavailable`` (the database unreachable or its connection lost): the player is told
  whether the change was saved (not, or perhaps when the connection went during COMMIT).
- Anything else: logged with its traceback and the interaction's context, and the user gets a
  short apology (never the exception text, which may hold internals).

It answers in whatever state the interaction is in: not yet acknowledged, deferred publicly with
"thinking…" (that placeholder is removed so the refusal can be private), or deferred as an update.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.storage import StorageUnavailable
from engine.core import EngineError
from engine.core.words import msg
from render.common.language import say, t

log = logging.getLogger(__name__)

NOT_SAVED = msg(
    "I could not reach the game's database, so nothing was done or saved. Please try again in a moment."
)
MAYBE_SAVED = msg(
    "The game's database stopped answering while saving that, so it may or may not have been saved. "
    "`/game status` shows the game once it answers again."
)
APOLOGY = msg("Sorry, something went wrong on our side. It has been logged; please try again in a moment.")
PUBLIC_THINKING = "boardroom.public_thinking"
# Set when Discord refused our acknowledgement because this interaction had been answered
# before (delivered twice): only follow-ups can still reach the user.
REDELIVERED = "boardroom.redelivered"


async def defer_public(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a command whose success is public but whose refusal must stay private."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC_THINKING] = True


async def reply_private(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whatever has been sent for this interaction so far (a sentence kept as a
    ``Msg``, such as a refusal, is said in the current language)."""
    text = say(text)
    try:
        if not interaction.response.is_done() and not interaction.extras.get(REDELIVERED):
            await interaction.response.send_message(text, ephemeral=True)
            return
        if interaction.extras.pop(PUBLIC_THINKING, False):
            # The first follow-up would replace the public placeholder and ignore `ephemeral`.
            await interaction.delete_original_response()
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        # The token may be gone (expired, or this interaction was delivered twice and already
        # answered); nothing else can reach the user.
        log.warning("could not answer interaction %s privately", interaction.id, exc_info=True)


SAVED_NOT_SHOWN = msg(
    "That was saved, but I could not update the messages here. "
    "`/game status` shows the game (and your choices, if it is your turn)."
)


async def announce_failed(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The change is committed but posting about it failed: say so, never "try again" (a retry
    would be refused as stale and the player would think the move was lost)."""
    log.error(
        "interaction %s: the change was saved but announcing it failed",
        interaction.id,
        exc_info=(type(error), error, error.__traceback__),
    )
    await reply_private(interaction, say(SAVED_NOT_SHOWN))


def public_done(interaction: discord.Interaction[Any]) -> None:
    """The public placeholder has been replaced by a real answer."""
    interaction.extras.pop(PUBLIC_THINKING, None)


async def handle_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Route one failure of an interaction handler to the user and the log."""
    original = error
    while isinstance(
        original, discord.app_commands.CommandInvokeError | discord.app_commands.TransformerError
    ):
        if original.__cause__ is None:
            break
        original = original.__cause__
    if isinstance(original, EngineError):
        # The code and the rule id only: a refusal's sentence may quote what the player typed. The
        # player reads the message, which says the rule in words; the rule id is for us.
        log.info("refused %s (rule %s) for user %s", original.code, original.rule, interaction.user.id)
        await reply_private(interaction, say(original.message))
        return
    if isinstance(original, StorageUnavailable):
        # Not our bug but the database's weather: the player needs to know whether their move
        # counts, which the storage layer knows (``saved``), not a stack trace.
        log.warning("interaction %s: %s", interaction.id, original)
        await reply_private(interaction, say(NOT_SAVED if original.saved is False else MAYBE_SAVED))
        return
    if isinstance(original, discord.app_commands.CheckFailure):
        await reply_private(interaction, say(str(original)) or t("You cannot use this command here."))
        return
    log.error(
        "unexpected error in interaction %s (type %s, user %s, channel %s)",
        interaction.id,
        interaction.type,
        interaction.user.id,
        interaction.channel_id,
        exc_info=(type(original), original, original.__traceback__),
    )
    await reply_private(interaction, say(APOLOGY))
