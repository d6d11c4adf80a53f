"""Logging in and running until stopped: what ``python -m bot`` hands to discord.py, and the few ways
a run ends, each told in one sentence (the entry maps them to exit statuses)."""

from __future__ import annotations

import asyncio
import enum
import logging
import signal

import aiohttp
import discord

from bot.config import Settings
from bot.on_discord.client import make_bot
from bot.storage.connection import MigrationError

log = logging.getLogger("bot")


class Ended(enum.Enum):
    STOPPED = "stopped"
    TOKEN_REFUSED = "token refused"
    BAD_DATABASE = "bad database"
    UNREACHABLE = "unreachable"


def setup_logging(level: int) -> None:
    discord.utils.setup_logging(level=level)
    # At DEBUG discord.py logs request bodies and gateway events: message texts and what players
    # typed. The logs must hold ids and outcomes only, so these stay at INFO whatever LOG_LEVEL says.
    for chatty in ("discord.http", "discord.gateway", "discord.webhook.async_"):
        logging.getLogger(chatty).setLevel(max(level, logging.INFO))


async def run(settings: Settings) -> Ended:
    token = settings.discord_token
    assert token is not None
    async with make_bot(settings) as client:
        # `docker stop` and systemd send SIGTERM, Ctrl-C SIGINT: close the gateway and the database
        # cleanly. SIGINT is not left to asyncio.run's cancellation of this task: under load that
        # cancellation was sometimes lost (the bot went on handling events after SIGINT until it was
        # killed); close() always ends start().
        loop = asyncio.get_running_loop()
        for stop in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stop, lambda: asyncio.ensure_future(client.close()))
        try:
            await client.start(token.get_secret_value())
        except discord.LoginFailure:
            log.error(
                "Discord refused the token (DISCORD_TOKEN); reset it in the Developer Portal and update .env."
            )
            return Ended.TOKEN_REFUSED
        except MigrationError as exc:
            log.error("Cannot start: the database cannot be migrated: %s", exc)
            return Ended.BAD_DATABASE
        except (
            aiohttp.ClientError,
            OSError,
            TimeoutError,
            discord.GatewayNotFound,
            discord.HTTPException,
        ) as exc:
            # Printed as one sentence (no traceback), and a failure status so that a supervisor
            # that restarts on failure does restart the bot.
            log.error("Cannot reach Discord (%s); check the network and try again.", type(exc).__name__)
            return Ended.UNREACHABLE
    return Ended.STOPPED
