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
from bot.on_discord.frozen_heap import freeze_when_ready
from bot.on_discord.loopback import loopback_connector
from bot.storage.connection import MigrationError

log = logging.getLogger("bot")
# How long asking Discord for its recommended shard count may take before the bot exits without it.
ASK_TIMEOUT = 10.0


class Ended(enum.Enum):
    STOPPED = "stopped"
    TOKEN_REFUSED = "token refused"
    BAD_DATABASE = "bad database"
    UNREACHABLE = "unreachable"
    SHARDING_REQUIRED = "sharding required"


# Discord's gateway close code when one connection would hold too many servers (over 2,500).
SHARDING_REQUIRED = 4011


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
        frozen = asyncio.create_task(freeze_when_ready(client), name="freeze-start-up")
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
        except discord.ConnectionClosed as exc:
            if exc.code != SHARDING_REQUIRED:
                raise
            shards = await recommended_shards(settings)
            # Not done automatically (AutoShardedBot with shard_count=None): which games a process
            # catches up follows SHARD_COUNT and SHARD_IDS, and processes sharing one database must
            # agree on the count, so the operator chooses it.
            log.error(
                "Discord requires sharding: the bot is in too many servers for %s; set SHARD_COUNT=%s "
                "(Discord recommends %s) and start it again.",
                "one gateway connection"
                if settings.shard_count is None
                else f"SHARD_COUNT={settings.shard_count}",
                shards or "a larger count",
                f"{shards} shards" if shards else "a count in GET /gateway/bot",
            )
            return Ended.SHARDING_REQUIRED
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
        finally:
            frozen.cancel()
    return Ended.STOPPED


async def recommended_shards(settings: Settings) -> int | None:
    """The shard count Discord recommends (``GET /gateway/bot``), asked on a connection of its own
    since the bot's is closed by then; None if Discord cannot be asked."""
    token = settings.discord_token
    assert token is not None
    connector = loopback_connector(settings.discord_loopback) if settings.discord_loopback else None
    http = discord.http.HTTPClient(asyncio.get_running_loop(), connector=connector)
    try:
        await asyncio.wait_for(http.static_login(token.get_secret_value()), ASK_TIMEOUT)
        shards, _, _ = await asyncio.wait_for(http.get_bot_gateway(), ASK_TIMEOUT)
        return int(shards)
    except (aiohttp.ClientError, OSError, TimeoutError, discord.DiscordException):
        return None
    finally:
        await http.close()
