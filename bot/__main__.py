"""``python -m bot``: run the bot, or explain how to set it up when there is no token."""

from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError

from bot.config import Settings
from bot.on_discord.permissions import required_permissions
from bot.on_discord.run import Ended, run, setup_logging
from bot.storage.startup import DatabaseUnusable, check_database
from bot.web.play.serve import run_local_table

EXIT_NO_TOKEN = 2
EXIT_BAD_SETTINGS = 3
EXIT_DISCORD_UNREACHABLE = 4
EXIT_BAD_DATABASE = 5
EXIT_TOKEN_REFUSED = 1
EXIT_SHARDING_REQUIRED = 6
EXIT_STATUS = {
    Ended.STOPPED: 0,
    Ended.TOKEN_REFUSED: EXIT_TOKEN_REFUSED,
    Ended.BAD_DATABASE: EXIT_BAD_DATABASE,
    Ended.UNREACHABLE: EXIT_DISCORD_UNREACHABLE,
    Ended.SHARDING_REQUIRED: EXIT_SHARDING_REQUIRED,
}


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
6. Required, or Discord shows no /game: set DEV_GUILD_ID to your server's id (the commands
   appear there at once), or set SYNC_GLOBAL=true for one start (every server, up to an hour).
Then run `make run` again."""


# `make run`'s flag: without a token, open the local table (bot.web.play) instead of stopping.
OR_LOCAL = "--or-local-table"
NO_TOKEN_LOCAL = (
    "DISCORD_TOKEN is not set: opening the local table instead (as `make play` does). To play on Discord:"
)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"The settings are invalid (see .env.example):\n{exc}", file=sys.stderr)
        return EXIT_BAD_SETTINGS
    if settings.discord_token is None:
        if OR_LOCAL not in args:
            print(guidance(), file=sys.stderr)
            return EXIT_NO_TOKEN
        # One line saying so, then the Discord steps (guidance's first paragraph says the same).
        print(NO_TOKEN_LOCAL + "\n\n" + guidance().split("\n\n", 1)[1] + "\n", flush=True)
        return run_local_table(settings)
    # Local things before the network: a database the bot cannot use stops it here, before it logs
    # in, with one sentence and a status a supervisor sees as a failure; the file is left as it was.
    try:
        if settings.database_url is None:
            check_database(settings.database_path)
    except DatabaseUnusable as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return EXIT_BAD_DATABASE
    setup_logging(getattr(logging, settings.log_level))
    try:
        return EXIT_STATUS[asyncio.run(run(settings))]
    except KeyboardInterrupt:
        # Ctrl-C / SIGINT: asyncio.run has already cancelled the bot, which closes the database.
        return 0


if __name__ == "__main__":
    sys.exit(main())
