"""Which language a reader gets.

A player reads their own choice (``/boardroom me language:``, the only way to Catalan, which
Discord does not offer), else their Discord client's language (``interaction.locale``: Ukrainian,
Russian and Polish are spoken; every other locale, British and American English included, gets
English). Everything private to them (ephemeral replies, panels, refusals, look-ups) is said in it.

A game's public posts (the lobby, turn lines, summaries, reminders in the channel) are said in the
game's language, chosen at ``/game new language:``; by default the server's preferred locale mapped
the same way. A reminder by direct message is said in the player's choice, else in the game's
language: outside an interaction the bot does not know a player's Discord locale.

A click is acknowledged within Discord's three seconds, which include the network both ways, so the
reader's language is known without waiting for the database: every player's choice is kept in memory
(``ChosenLanguages``), loaded at start, updated when a player chooses here, and read again every
``REFRESH`` seconds for a choice made through another shard process.

Where it is set: ``SpokenTree.interaction_check`` for every slash command (its handler runs in a
task of its own), ``bot.on_discord.views.common.guarded`` for every component,
``speaking(table.game.language)``
around a handler's public answer, and the announcer and the reminders around what they post.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.storage import Database
from bot.storage import clocks as settings_rows
from render.common.language import DEFAULT, LANGUAGES, use

log = logging.getLogger(__name__)

# Seconds a choice made through another process may take to reach this one.
REFRESH = 60.0
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


class ChosenLanguages:
    """The players' own language choices, in memory (see the module docstring)."""

    def __init__(self) -> None:
        self._chosen: dict[int, str] = {}

    def of(self, user_id: int) -> str | None:
        return self._chosen.get(user_id)

    async def load(self, db: Database) -> None:
        async with db.transaction(write=False) as conn:
            self._chosen = await settings_rows.chosen_languages(conn)

    async def choose(self, db: Database, user_id: int, language: str | None) -> None:
        await choose_language(db, user_id, language)
        if language is None:
            self._chosen.pop(user_id, None)
        else:
            self._chosen[user_id] = language

    async def keep_fresh(self, db: Database, every: float = REFRESH) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.load(db)
            except Exception:
                # The choices kept stay in use; the next reading may succeed.
                log.warning("could not read the players' languages again", exc_info=True)


def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the player behind ``interaction``, without a database read."""
    languages = getattr(interaction.client, "languages", None)
    chosen = languages.of(interaction.user.id) if isinstance(languages, ChosenLanguages) else None
    return player_language(chosen, interaction.locale)


class SpokenTree(app_commands.CommandTree[Any]):
    """Every slash command (and its refusals) speaks the invoking player's language."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        use(reader_language(interaction))
        return True
