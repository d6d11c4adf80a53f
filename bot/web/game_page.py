"""The game page: the full board and every public picture, the players with their scores by
category, whose turn it is, and the whole log in player words; ``/game/{id}-{key}/live`` tells an
open page when the game has changed (it polls: no connection held per reader)."""

from __future__ import annotations

from aiohttp import web

from bot.web import pictures, reading
from bot.web.context import context_of
from bot.web.reader import reader_language
from bot.web.templating import page
from render.common.language import speaking


async def game_page(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    game_id = reading.game_id_of(request)
    lang = reader_language(request)
    with speaking(lang):
        shown = await reading.public_game(context, game_id, lang)
        return page("game.html", lang, game=shown, words=reading.page_words(), path=request.path)


async def live(request: web.Request) -> web.StreamResponse:
    """The game's version: the page reloads its parts when it differs from the one it shows."""
    context = context_of(request)
    game_id = reading.game_id_of(request)
    with speaking(reader_language(request)):
        version = await context.versions.version(game_id, lambda: reading.game_version(context, game_id))
    return web.json_response({"version": version}, headers={"Cache-Control": "no-store"})


def routes(app: web.Application) -> None:
    app.router.add_get("/game/{game_id}", game_page)
    app.router.add_get("/game/{game_id}/live", live)
    app.router.add_get("/game/{game_id}/picture/{key}.png", pictures.public_picture)
