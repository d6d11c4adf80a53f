"""``python -m bot``: run the bot, or explain how to set it up when there is no token."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import aiohttp
import discord
from pydantic import ValidationError

from bot.config import Settings
from bot.storage.migrate import MigrationError
from bot.storage.startup import DatabaseUnusable, check_database

EXIT_NO_TOKEN = 2
EXIT_BAD_SETTINGS = 3
EXIT_DISCORD_UNREACHABLE = 4
EXIT_BAD_DATABASE = 5


def required_permissions() -> discord.Permissions:
    return discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        # each game in a thread of its own, opened on its lobby message (issue 14)
        create_public_threads=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
        use_application_commands=True,
    )


def guidance() -> str:
    permissions = required_permissions().value
    return f"""DISCORD_TOKEN is not set, so the bot cannot log in.

1. Create the bot: https://discord.com/developers/applications -> New Application -> Bot ->
   Reset Token, and copy the token.
2. Put it in a file named .env next to where you run the bot (see .env.example):
       DISCORD_TOKEN=your-token-here
   or export DISCORD_TOKEN in the environment. Never commit it.
3. Intents: none of the privileged ones (Presence, Server Members, Message Content) are needed;
   the bot uses the Guilds intent only.
4. Permissions it needs in the channels where games are played: View Channels, Send Messages,
   Send Messages in Threads, Create Public Threads, Embed Links, Attach Files, Read Message
   History, Use Application Commands (permissions integer {permissions}).
5. Invite it (replace APPLICATION_ID with the id on the app's General Information page):
   https://discord.com/oauth2/authorize?client_id=APPLICATION_ID&scope=bot+applications.commands&permissions={permissions}
6. Optional while developing: set DEV_GUILD_ID to your test server's id so that slash commands
   appear there at once; set SYNC_GLOBAL=true once to publish them to every server.
Then run `make run` again."""


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"The settings are invalid (see .env.example):\n{exc}", file=sys.stderr)
        return EXIT_BAD_SETTINGS
    if settings.discord_token is None:
        print(guidance(), file=sys.stderr)
        return EXIT_NO_TOKEN
    # Local things before the network: a database the bot cannot use stops it here, before it logs
    # in, with one sentence and a status a supervisor sees as a failure; the file is left as it was.
    try:
        if settings.database_url is None:
            check_database(settings.database_path)
    except DatabaseUnusable as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return EXIT_BAD_DATABASE
    level = getattr(logging, settings.log_level)
    discord.utils.setup_logging(level=level)
    # At DEBUG discord.py logs request bodies and gateway events: message texts and what players
    # typed. The logs must hold ids and outcomes only, so these stay at INFO whatever LOG_LEVEL says.
    for chatty in ("discord.http", "discord.gateway", "discord.webhook.async_"):
        logging.getLogger(chatty).setLevel(max(level, logging.INFO))
    try:
        return asyncio.run(_run(settings))
    except KeyboardInterrupt:
        # Ctrl-C / SIGINT: asyncio.run has already cancelled the bot, which closes the database.
        return 0


async def _run(settings: Settings) -> int:
    from bot.client import make_bot

    token = settings.discord_token
    assert token is not None
    async with make_bot(settings) as client:
        # `docker stop` and systemd send SIGTERM, Ctrl-C SIGINT: close the gateway and the database
        # cleanly. SIGINT is not left to asyncio.run's cancellation of this task: under load that
        # cancellation was sometimes lost (the bot went on handling events after SIGINT until it was
        # killed: the flaky restart test, issue 17 finding 11); close() always ends start().
        loop = asyncio.get_running_loop()
        for stop in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stop, lambda: asyncio.ensure_future(client.close()))
        try:
            await client.start(token.get_secret_value())
        except discord.LoginFailure:
            logging.getLogger("bot").error(
                "Discord refused the token (DISCORD_TOKEN); reset it in the Developer Portal and update .env."
            )
            return 1
        except MigrationError as exc:
            logging.getLogger("bot").error("Cannot start: the database cannot be migrated: %s", exc)
            return EXIT_BAD_DATABASE
        except (
            aiohttp.ClientError,
            OSError,
            TimeoutError,
            discord.GatewayNotFound,
            discord.HTTPException,
        ) as exc:
            # Printed as one sentence (no traceback), and a failure status so that a supervisor
            # that restarts on failure does restart the bot.
            logging.getLogger("bot").error(
                "Cannot reach Discord (%s); check the network and try again.", type(exc).__name__
            )
            return EXIT_DISCORD_UNREACHABLE
    return 0


if __name__ == "__main__":
    sys.exit(main())
