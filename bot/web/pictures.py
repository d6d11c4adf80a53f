"""The pictures the pages show, drawn by the render pool and kept (``PictureCache``): a public
picture of a game's current state, keyed by the game's version, so a page reloaded between two moves
costs no drawing."""

from __future__ import annotations

from collections.abc import Hashable

from aiohttp import web

from bot import plugins
from bot.service.render_pool import PictureTooSlow
from bot.service.tables import Table
from bot.web import reading
from bot.web.context import WebContext, context_of
from bot.web.reader import reader_language
from engine.core import GameState
from render.common.language import speaking

# A picture of a given version never changes: the browser may keep it; the page asks by version.
PICTURE_HEADERS = {"Cache-Control": "public, max-age=31536000, immutable"}


def png(body: bytes) -> web.Response:
    return web.Response(body=body, content_type="image/png", headers=PICTURE_HEADERS)


async def drawn(
    context: WebContext,
    table: Table,
    key: str,
    state: GameState,
    mark: Hashable,
    lang: str,
    seat: int | None = None,
) -> bytes:
    """The picture ``key`` of ``state`` (``seat``'s own for a close-up) from the cache, drawn by the
    render pool when missing; ``mark`` names the state for good (a version, a replay point)."""
    cache_key = (table.id, mark, key, seat, lang)
    found = context.pictures.get(cache_key)
    if found is not None:
        return found
    game = plugins.plugin(table.game.game)
    # The score as ``python -m bot.ops.draw`` and the posts hand it: to the public pictures only.
    scores = game.rules.score(state) if seat is None else None
    try:
        body = await context.render_pool.draw(
            game, key, state, seat, table.names, scores, game_id=table.id, lang=lang
        )
    except PictureTooSlow:
        raise web.HTTPServiceUnavailable(text="The picture took too long to draw; try again.") from None
    context.pictures.put(cache_key, body)
    return body


def public_key(request: web.Request, table: Table) -> str:
    """The picture asked for, if the channel may see it (a seat's close-up is never public)."""
    key = request.match_info["key"]
    if key not in {spec.key for spec in reading.public_specs(table)}:
        raise web.HTTPNotFound(text="No such picture.")
    return key


async def public_picture(request: web.Request) -> web.StreamResponse:
    """A public picture of the game as it stands."""
    context = context_of(request)
    lang = reader_language(request)
    with speaking(lang):
        table = await reading.load_public(context, reading.game_id_of(request))
        key = public_key(request, table)
        state = reading.state_now(table)
    return png(await drawn(context, table, key, state, ("now", table.version), lang))
