"""The web companion as the settings ask for it: started beside a front door (the Discord client's
``setup_hook``) over that front door's table service, render pool and clocks."""

from __future__ import annotations

import contextlib
import os
import secrets

from bot.clocks.turn_clock import TurnClocks
from bot.config import Settings
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.web.context import WebContext
from bot.web.server import WebServer

# The file beside the SQLite database that keeps the generated secret, readable by its owner only.
SECRET_FILE = "web-secret"


def web_secret(settings: Settings) -> bytes:
    """WEB_SECRET, or the secret kept beside the SQLite database (made at the first start without
    it), so a private link outlives a restart. With PostgreSQL, several processes must sign alike:
    the settings require WEB_SECRET there."""
    if settings.web_secret is not None:
        return settings.web_secret.get_secret_value().encode()
    path = settings.database_path.parent / SECRET_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_EXCL: of two processes starting together, one writes and both read what it wrote.
        with contextlib.suppress(FileExistsError):
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as file:
                file.write(secrets.token_urlsafe(32))
    return path.read_text().strip().encode()


async def web_server(
    settings: Settings, sessions: Sessions, render_pool: RenderPool, clocks: TurnClocks | None = None
) -> WebServer | None:
    """The started server, or None when WEB_PORT is not set."""
    if settings.web_port is None:
        return None
    secret = web_secret(settings)
    context = WebContext(sessions, render_pool, secret, settings.public_url, clocks)
    server = WebServer(context, settings.web_host, settings.web_port)
    await server.start()
    return server
