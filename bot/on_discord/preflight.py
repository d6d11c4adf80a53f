"""What an operator should know before players find out: each slash command's size against Discord's
limit, the permissions the bot lacks in the servers it is in, and the shard count Discord recommends.
Logged once the bot is connected, and shown by ``/boardroom about``."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.on_discord.language import from_discord
from bot.on_discord.permissions import missing
from render.common.language import LANGUAGES, t, tn

log = logging.getLogger(__name__)

# Discord refuses a command whose names, descriptions and values (its own, its options' and its
# choices'), counting each one's longest localization, add up to more than 8,000 characters; the
# whole sync then fails.
COMMAND_LIMIT = 8000
# Above this share of the limit the operator is warned while there is still room to act.
WARN_SHARE = 0.8


def _longest(item: dict[str, Any], field: str) -> int:
    localized = item.get(f"{field}_localizations") or {}
    return max([len(item.get(field) or ""), *(len(text) for text in localized.values())])


def _said_in(item: dict[str, Any], field: str, locale: str | None) -> int:
    localized = item.get(f"{field}_localizations") or {}
    return len(localized.get(locale, item.get(field) or "")) if locale else len(item.get(field) or "")


def payload_size(payload: dict[str, Any], locale: str | None = None) -> int:
    """Characters Discord counts for a command payload; with ``locale``, what that locale's readers get
    (the size Discord judges is the one counting every field's longest localization: ``locale=None``)."""
    size = _longest if locale is None else (lambda item, field: _said_in(item, field, locale))
    total = size(payload, "name") + size(payload, "description")
    for choice in payload.get("choices") or ():
        total += size(choice, "name") + len(str(choice.get("value", "")))
    for option in payload.get("options") or ():
        total += payload_size(option, locale)
    return total


def _locales(payload: dict[str, Any]) -> set[str]:
    found = set(payload.get("name_localizations") or {}) | set(payload.get("description_localizations") or {})
    for inner in [*(payload.get("options") or ()), *(payload.get("choices") or ())]:
        found |= _locales(inner)
    return found


@dataclass(frozen=True)
class CommandSize:
    name: str
    size: int  # as Discord counts it
    by_locale: dict[str, int]  # "" for the default (English) strings

    @property
    def fits(self) -> bool:
        return self.size <= COMMAND_LIMIT


async def command_sizes(tree: app_commands.CommandTree[Any]) -> list[CommandSize]:
    translator = tree.translator
    sizes = []
    for command in tree.get_commands():
        if translator is None:
            payload = command.to_dict(tree)
        else:
            payload = await command.get_translated_payload(tree, translator)
        by_locale = {"": payload_size(payload, "")} | {
            locale: payload_size(payload, locale) for locale in sorted(_locales(payload))
        }
        sizes.append(CommandSize(payload["name"], payload_size(payload), by_locale))
    return sizes


async def recommended_shards(client: discord.Client) -> int | None:
    try:
        shards, _, _ = await client.http.get_bot_gateway()
    except (discord.HTTPException, discord.GatewayNotFound):
        return None
    return int(shards)


def lacking(client: discord.Client) -> list[tuple[discord.Guild, list[str]]]:
    """Each server where the bot's roles lack a permission games need, with the permissions' names."""
    found = []
    for guild in client.guilds:
        me = guild.me
        if me is not None and (names := missing(me.guild_permissions)):
            found.append((guild, [t(name) for name in names]))
    return found


async def report(client: discord.Client, tree: app_commands.CommandTree[Any]) -> list[str]:
    """The preflight's lines, in the current language."""
    lines = []
    for command in await command_sizes(tree):
        longest = max(command.by_locale, key=lambda locale: command.by_locale[locale])
        line = t(
            "/{command}: {size} of {limit} characters (longest in {language}).",
            command=command.name,
            size=command.size,
            limit=COMMAND_LIMIT,
            language=LANGUAGES[from_discord(longest or None)],
        )
        if not command.fits:
            line += " " + t("Discord refuses it: shorten its descriptions or choices.")
        elif command.size > WARN_SHARE * COMMAND_LIMIT:
            line += " " + t("Close to the limit.")
        lines.append(line)
    for guild, names in lacking(client):
        lines.append(
            t("{server}: the bot lacks {permissions}.", server=guild.name, permissions=", ".join(names))
        )
    if client.guilds and not lacking(client):
        lines.append(
            tn(
                "The bot has every permission games need in its {n} server.",
                "The bot has every permission games need in its {n} servers.",
                len(client.guilds),
            )
        )
    recommended = await recommended_shards(client)
    running = client.shard_count or 1
    if recommended is not None:
        line = tn(
            "Discord recommends {n} shard; this bot runs {running}.",
            "Discord recommends {n} shards; this bot runs {running}.",
            recommended,
            running=running,
        )
        if recommended > running:
            line += " " + t("Set SHARD_COUNT to at least {n}.", n=recommended)
        lines.append(line)
    return lines
