"""Slash commands in the players' languages (issue 21): discord.py asks this translator for every
command's and option's name and description and every choice's name, once per Discord locale, when
the commands are synced. English is the default; ``uk``, ``ru`` and ``pl`` are said from the bot's
catalogues (``bot/locales``), whose keys include the commands' English strings (``make catalogues``
finds them in ``bot/cogs``). A string without a translation is left to Discord's default, English."""

from __future__ import annotations

from collections.abc import Callable

from discord import Locale, app_commands

from bot.language import from_discord
from engine.core.words import Msg
from render.common.language import DEFAULT, say, speaking, translations


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return localized(string.message, locale, string.extras.get("say"))


def spoken(english: str, saying: Callable[[], str]) -> app_commands.locale_str:
    """A command string whose words are made at sync time (a number or a speed inside): ``saying`` is
    called in each language Discord asks for."""
    return app_commands.locale_str(english, say=saying)


def localized(english: str, locale: Locale | str, saying: Callable[[], str] | None = None) -> str | None:
    """``english`` in the language of ``locale`` (said again by ``saying``, or a Msg with its key, or a
    catalogue key); None where that is English or untranslated."""
    lang = from_discord(locale)
    if lang == DEFAULT:
        return None
    if saying is not None:
        with speaking(lang):
            said = saying()
    elif isinstance(english, Msg):
        said = say(english, lang)
    else:
        found = translations(lang)
        said = found.gettext(english) if found is not None else english
    return said if said and said != english else None
