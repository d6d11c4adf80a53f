"""Slash commands in the players' languages: discord.py asks this translator for every
command's and option's name and description and every choice's name, once per Discord locale, when
the commands are synced. English is the default; ``uk``, ``ru`` and ``pl`` are said from the bot's
catalogues (``bot/locales``), whose keys include the commands' English strings (``make catalogues``
finds them in ``bot/on_discord/cogs``). A string without a translation is left to Discord's default, English.

Once the commands are registered, sentences name them by mention (``link_registered``), which each
reader's client shows under its own language's name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord
from discord import Locale, app_commands

from bot.on_discord.language import from_discord
from engine.core.words import Msg
from render.common.command_names import link_commands, plain_commands
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
        with speaking(lang), plain_commands():
            said = saying()
    elif isinstance(english, Msg):
        said = say(english, lang)
    else:
        found = translations(lang)
        said = found.gettext(english) if found is not None else english
    return said if said and said != english else None


def link_registered(commands: Sequence[app_commands.AppCommand]) -> int:
    """Name ``commands`` (as Discord registered them, with their ids) by mention from now on: each
    subcommand by its group's id ("game back" → ``</game back:ID>``). Returns how many are linked."""
    subcommand = discord.AppCommandOptionType.subcommand
    ids: dict[str, int] = {}
    for command in commands:
        if command.type is not discord.AppCommandType.chat_input:
            continue
        for sub in command.options:
            if isinstance(sub, app_commands.AppCommandGroup) and sub.type is subcommand:
                ids[f"{command.name} {sub.name}"] = command.id
    link_commands(ids)
    return len(ids)
