"""The web companion as the settings ask for it: started beside a front door (the Discord client's
``setup_hook``) over that front door's table service, render pool and clocks."""

from __future__ import annotations

import secrets

from bot.clocks.turn_clock import TurnClocks
from bot.config import Settings
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.web.context import WebContext
from bot.web.server import WebServer


async def web_server(
    settings: Settings, sessions: Sessions, render_pool: RenderPool, clocks: TurnClocks | None = None
) -> WebServer | None:
    """The started server, or None when WEB_PORT is not set."""
    if settings.web_port is None:
        return None
    secret = (
        settings.web_secret.get_secret_value().encode() if settings.web_secret else secrets.token_bytes(32)
    )
    context = WebContext(sessions, render_pool, secret, settings.public_url, clocks)
    server = WebServer(context, settings.web_host, settings.web_port)
    await server.start()
    return server
