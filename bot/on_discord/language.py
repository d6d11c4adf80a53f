"""Which language a reader gets.

A player reads their own choice (``/boardroom me language:``, the only way to Catalan, which
Discord does not offer), else their Discord client's language (``interaction.locale``: Ukrainian,
Russian and Polish are spoken; every other locale, British and American English included, gets
English). Everything private to them (ephemeral replies, panels, refusals, look-ups) is said in it.

A game's public posts (the lobby, turn lines, summaries, reminders in the channel) are said in the
game's language, chosen at ``/game new language:``; by default the server's preferred locale mapped
the same way. A reminder by direct message is said in the player's choice, else in the game's
language: outside an interaction the bot does not know a player's Discord locale.

Where it is set: ``SpokenTree.interaction_check`` for every slash command (its handler runs in a
task of its own), ``bot.on_discord.views.common.guarded`` for every component,
``speaking(table.game.language)``
around a handler's public answer, and the announcer and the reminders around what they post.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.storage import Database
from bot.storage import clocks as settings_rows
from render.common.language import DEFAULT, LANGUAGES, use

log = logging.getLogger(__name__)

# Discord's locales the bot speaks; any other locale reads English.
SPOKEN_LOCALES: dict[str, str] = {"uk": "uk", "ru": "ru", "pl": "pl"}


def from_discord(locale: discord.Locale | str | None) -> str:
    """The language of a Discord locale (a user's or a server's)."""
    if locale is None:
        return DEFAULT
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    return SPOKEN_LOCALES.get(value, DEFAULT)


def player_language(chosen: str | None, locale: discord.Locale | str | None) -> str:
    """A player's language: their own choice if it is one of ours, else their Discord's."""
    return chosen if chosen in LANGUAGES else from_discord(locale)


def game_default(interaction: discord.Interaction[Any]) -> str:
    """A new game's language when the host names none: the server's preferred locale's."""
    return from_discord(interaction.guild_locale)


async def chosen_language(db: Database, user_id: int) -> str | None:
    async with db.transaction(write=False) as conn:
        return await settings_rows.chosen_language(conn, user_id)


async def choose_language(db: Database, user_id: int, language: str | None) -> None:
    """Keep ``language`` as the player's choice (None: follow Discord's again)."""
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    async with db.transaction() as conn:
        await settings_rows.choose_language(conn, user_id, language)


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the player behind ``interaction``."""
    sessions = getattr(interaction.client, "sessions", None)
    chosen = None
    if sessions is not None:
        try:
            chosen = await chosen_language(sessions.store.db, interaction.user.id)
        except Exception:
            # Their settings could not be read: they still get an answer, in Discord's language.
            log.warning("could not read the language of user %s", interaction.user.id, exc_info=True)
    return player_language(chosen, interaction.locale)


class SpokenTree(app_commands.CommandTree[Any]):
    """Every slash command (and its refusals) speaks the invoking player's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        use(await reader_language(interaction))
        return True
