"""Route every host discord.py contacts to the fake: the tests use the bot's own loopback code."""

from __future__ import annotations

import aiohttp

from bot.on_discord.loopback import LoopbackResolver, loopback_connector, parse_loopback


def make_connector(host: str, port: int) -> aiohttp.TCPConnector:
    """A connector for ``discord.Client(connector=...)``: the one the bot builds for ``DISCORD_LOOPBACK``."""
    return loopback_connector(f"{host}:{port}")


__all__ = ["LoopbackResolver", "make_connector", "parse_loopback"]
