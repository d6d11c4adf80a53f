"""Slash commands in Ukrainian, Russian and Polish (issue 21): every localized command, group and
option name obeys Discord's rule for names (lowercase, 1–32 letters, digits, "-" or "_"), no two
names in one command (its options, a group's subcommands) collide in any language, and the
commands' English strings are translated from the bot's catalogues."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot import plugins
from bot.config import Settings
from bot.on_discord.client import COGS, BoardroomBot
from bot.on_discord.translator import CatalogueTranslator, localized

# Discord's rule for command and option names (the API reference, "Application Command Naming":
# ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase where the script has case).


def valid_name(name: str) -> bool:
    return 1 <= len(name) <= 32 and all(c.isalnum() or c in "-_" for c in name) and name == name.lower()


LOCALES = (discord.Locale.ukrainian, discord.Locale.russian, discord.Locale.polish)


@pytest.fixture
async def payloads() -> list[dict[str, Any]]:
    """The commands as the bot syncs them, translated."""
    plugins.load_all()
    bot = BoardroomBot(Settings(_env_file=None))
    await bot.tree.set_translator(CatalogueTranslator())
    try:
        for cog in COGS:
            await bot.load_extension(cog)
        translator = bot.tree.translator
        assert translator is not None
        return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
    finally:
        await bot.close()


def _named(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """A command's options and subcommands, each with its localizations."""
    return list(payload.get("options", []))


def _names(item: dict[str, Any], locale: discord.Locale) -> str:
    name: str = item.get("name_localizations", {}).get(locale.value, item["name"])
    return name


def test_every_localized_name_is_a_valid_discord_name_and_none_collide(
    payloads: list[dict[str, Any]],
) -> None:
    seen = 0
    stack = list(payloads)
    tops = {locale: [_names(p, locale) for p in payloads] for locale in LOCALES}
    for locale, names in tops.items():
        assert len(set(names)) == len(names), f"two commands share a name in {locale.value}: {names}"
    while stack:
        item = stack.pop()
        for locale in LOCALES:
            name = _names(item, locale)
            assert valid_name(name), f"{item['name']!r} in {locale.value}: {name!r}"
            seen += item.get("name_localizations", {}).get(locale.value) is not None
            for choice in item.get("choices", []):
                said = choice.get("name_localizations", {}).get(locale.value, choice["name"])
                assert 1 <= len(said) <= 100
            description = item.get("description_localizations", {}).get(
                locale.value, item.get("description", "")
            )
            assert len(description) <= 100, f"{item['name']!r} in {locale.value}: {description!r}"
        children = _named(item)
        for locale in LOCALES:
            names = [_names(child, locale) for child in children]
            assert len(set(names)) == len(names), (
                f"names collide in {item['name']!r} ({locale.value}): {names}"
            )
        stack.extend(children)
    assert seen > 3 * 30, "most names are localized"


def test_the_commands_english_is_said_from_the_catalogues() -> None:
    assert localized("Open a lobby for a game here", discord.Locale.ukrainian) == "Відкрити тут лобі для гри"
    assert localized("new", discord.Locale.polish) == "nowa"
    assert localized("Discord's language", discord.Locale.russian) == "Язык Discord"
    # English locales keep Discord's default; an unknown string has no translation.
    assert localized("new", discord.Locale.british_english) is None
    assert localized("no such string anywhere", discord.Locale.ukrainian) is None


def test_a_commands_size_counts_every_fields_longest_wording() -> None:
    """Discord's 8,000 characters per command: names, descriptions and values of the command, its
    options and their choices, each field counted in its longest localization."""
    from bot.on_discord.preflight import payload_size

    payload = {
        "name": "game",  # 4
        "description": "Play",  # 4, but "Грати в гру" (11) counts
        "description_localizations": {"uk": "Грати в гру"},
        "options": [
            {
                "name": "speed",  # 5, but "швидкість" (9) counts
                "name_localizations": {"uk": "швидкість"},
                "description": "How fast",  # 8
                "choices": [{"name": "fast", "value": "quick"}],  # 4 + 5
            }
        ],
    }
    assert payload_size(payload) == 4 + 11 + 9 + 8 + 4 + 5
    assert payload_size(payload, "uk") == 4 + 11 + 9 + 8 + 4 + 5
    assert payload_size(payload, "") == 4 + 4 + 5 + 8 + 4 + 5


def test_every_command_fits_discords_limit_in_every_language(payloads: list[dict[str, Any]]) -> None:
    """A command over the limit makes Discord refuse the whole sync: held here, in every language the
    commands are translated into, with room to spare for the next game."""
    from bot.on_discord.preflight import COMMAND_LIMIT, WARN_SHARE, payload_size

    assert {p["name"] for p in payloads} == {"game", "boardroom"}
    for payload in payloads:
        size = payload_size(payload)
        assert size <= WARN_SHARE * COMMAND_LIMIT, (payload["name"], size)
        for locale in LOCALES:
            assert payload_size(payload, locale.value) <= size
