"""The permissions the bot needs where games are played, and their names as Discord's own settings
show them (a server owner finds each under that name in the channel's or the role's permissions)."""

from __future__ import annotations

import discord

from engine.core.words import Msg, msg


def required_permissions() -> discord.Permissions:
    return discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        # each game in a thread of its own, opened on its lobby message
        create_public_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
        use_application_commands=True,
    )


NAMES: dict[str, Msg] = {
    # the channel settings' name (a role's settings say "View Channels")
    "view_channel": msg("View Channel"),
    "send_messages": msg("Send Messages"),
    "send_messages_in_threads": msg("Send Messages in Threads"),
    "create_public_threads": msg("Create Public Threads"),
    "embed_links": msg("Embed Links"),
    "attach_files": msg("Attach Files"),
    "read_message_history": msg("Read Message History"),
    "use_application_commands": msg("Use Application Commands"),
}


def missing(have: discord.Permissions, wanted: discord.Permissions | None = None) -> list[Msg]:
    """The names of the permissions of ``wanted`` (all the bot needs, by default) that ``have`` lacks, in
    Discord's order."""
    wanted = required_permissions() if wanted is None else wanted
    return [NAMES[name] for name, value in wanted if value and not getattr(have, name)]
