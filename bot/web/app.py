"""The web companion's application: the security headers around every response, the static files,
and the routes of each page module (a page registers its own; a new page adds a module to PAGES)."""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web

from bot.web import after_pages, game_page, reader, replay_page, seat_page
from bot.web.context import CONTEXT, WebContext
from bot.web.headers import security_headers
from bot.web.templating import STATIC

# Each page module's ``routes(app)``: the pages a companion serves. Another front door (the local
# table) makes the same app and adds its own.
PAGES: tuple[Callable[[web.Application], None], ...] = (
    reader.routes,
    game_page.routes,
    replay_page.routes,
    seat_page.routes,
    after_pages.routes,
)


def make_app(
    context: WebContext, *, extra: tuple[Callable[[web.Application], None], ...] = ()
) -> web.Application:
    # Requests are GETs with no body worth the name: a small cap keeps a client from sending megabytes.
    app = web.Application(middlewares=[security_headers], client_max_size=64 * 1024)
    app[CONTEXT] = context
    for register in (*PAGES, *extra):
        register(app)
    app.router.add_static("/static", STATIC)
    return app
