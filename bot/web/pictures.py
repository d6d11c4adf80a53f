"""The pictures the pages show, drawn by the render pool and kept (``PictureCache``): a public
picture of a game's current state, keyed by the game's version, so a page reloaded between two moves
costs no drawing."""

from __future__ import annotations

from aiohttp import web

from bot import plugins
from bot.service.render_pool import PictureTooSlow
from bot.web import reading
from bot.web.context import context_of
from bot.web.reader import reader_language

# A picture of a given version never changes: the browser may keep it; the page asks by version.
PICTURE_HEADERS = {"Cache-Control": "public, max-age=31536000, immutable"}


def png(body: bytes) -> web.Response:
    return web.Response(body=body, content_type="image/png", headers=PICTURE_HEADERS)


async def public_picture(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    game_id = reading.game_id_of(request)
    key = request.match_info["key"]
    lang = reader_language(request)
    table = await reading.load_public(context, game_id)
    if key not in {spec.key for spec in reading.public_specs(table)}:
        raise web.HTTPNotFound(text="No such picture.")
    cache_key = ("now", game_id, table.version, key, lang)
    found = context.pictures.get(cache_key)
    if found is not None:
        return png(found)
    game = plugins.plugin(table.game.game)
    state = await context.sessions.reading.load(game_id)
    scores = game.rules.score(state)
    try:
        body = await context.render_pool.draw(
            game, key, state, None, table.names, scores, game_id=game_id, lang=lang
        )
    except PictureTooSlow:
        raise web.HTTPServiceUnavailable(text="The picture took too long to draw; try again.") from None
    context.pictures.put(cache_key, body)
    return png(body)
