"""Serving the web companion beside the Discord client, in the bot's event loop: started in the
client's ``setup_hook`` when WEB_PORT is set, stopped in its ``close``."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.web.app import make_app
from bot.web.context import WebContext

log = logging.getLogger(__name__)


class WebServer:
    def __init__(self, context: WebContext, host: str, port: int, app: web.Application | None = None) -> None:
        self.context = context
        self.host = host
        self.port = port
        self.app = app if app is not None else make_app(context)
        self._runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Listen; the port it listens on (the one chosen by the system for port 0)."""
        # access_log=None: a request line may carry a signed private link, and the logs hold ids only.
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = int(sockets[0].getsockname()[1])
        log.info("web companion listening on http://%s:%d", self.host, self.port)
        return self.port

    @property
    def address(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
