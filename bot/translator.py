"""Slash commands in the players' languages (issue 21): discord.py asks this translator for every
command's and option's name and description and every choice's name, once per Discord locale, when
the commands are synced. English is the default; ``uk``, ``ru`` and ``pl`` are said from the bot's
catalogues (``bot/locales``), whose keys include the commands' English strings (``make catalogues``
finds them in ``bot/cogs``). A string without a translation is left to Discord's default, English."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.language import from_discord
from render.common.language import DEFAULT, translations


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return localized(string.message, locale)


def localized(english: str, locale: Locale | str) -> str | None:
    """``english`` in the language of ``locale``; None where that is English or untranslated."""
    lang = from_discord(locale)
    found = translations(lang) if lang != DEFAULT else None
    if found is None:
        return None
    said = found.gettext(english)
    return said if said and said != english else None
