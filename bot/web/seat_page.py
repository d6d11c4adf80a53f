"""A player's own view, behind a signed private link (``links.Signer``): the public game page with
the seat's close-up and what the seat wants in view while deciding. Anything else in the address,
an altered or expired signature, shows nothing but a sentence saying how to get a fresh link."""

from __future__ import annotations

from aiohttp import web

from bot import plugins
from bot.web import pictures, reading
from bot.web.context import WebContext, context_of
from bot.web.links import Signer
from bot.web.reader import reader_language
from bot.web.templating import page
from render.common.language import say, speaking, t
from render.common.pictures import seat_picture

# A seat number in an address: the games seat at most a handful.
SEAT_DIGITS = 2


def seat_of(request: web.Request, context: WebContext, game_id: int) -> int:
    """The seat the link was signed for; 403 with a sentence when it was not, or has expired."""
    raw = request.match_info["seat"]
    if not raw.isascii() or not raw.isdigit() or len(raw) > SEAT_DIGITS:
        raise web.HTTPNotFound(text=t("There is no such seat."))
    seat = int(raw)
    now = int(context.sessions.store.clock().timestamp())
    signer = Signer(context.secret)
    until, signature = request.query.get("until", ""), request.query.get("sig", "")[:100]
    if not signer.valid(game_id, seat, until, signature, now):
        raise web.HTTPForbidden(
            text=t(
                "This private link is wrong or has expired; ask for a fresh one with /game player in Discord."
            )
        )
    return seat


async def seat_page(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    game_id = reading.game_id_of(request)
    lang = reader_language(request)
    with speaking(lang):
        seat = seat_of(request, context, game_id)
        shown = await reading.public_game(context, game_id, lang)
        table = await reading.load_public(context, game_id)
        if not 0 <= seat < len(table.seats):
            raise web.HTTPNotFound(text=t("There is no such seat."))
        found = plugins.plugin(table.game.game)
        own = seat_picture(found.pictures)
        state = reading.state_now(table)
        note = say(found.rules.glance(state, seat).note)
        query = request.query_string
        if own is not None:
            url = f"{shown.path}/seat/{seat}/picture/{own.key}.png?{query}&v={table.version}"
            shown.pictures.insert(0, reading.PictureShown(own.key, say(own.title), url))
        return page(
            "game.html",
            lang,
            game=shown,
            words=reading.page_words(),
            path=request.path_qs,
            seat_name=table.name_at(seat),
            seat_note=note,
        )


async def seat_picture_png(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    game_id = reading.game_id_of(request)
    with speaking(reader_language(request)):
        seat = seat_of(request, context, game_id)
    table = await reading.load_public(context, game_id)
    found = plugins.plugin(table.game.game)
    own = seat_picture(found.pictures)
    if own is None or request.match_info["key"] != own.key or not 0 <= seat < len(table.seats):
        raise web.HTTPNotFound(text="No such picture.")
    state = reading.state_now(table)
    body = await pictures.drawn(
        context, table, own.key, state, ("now", table.version), reader_language(request), seat
    )
    # A player's own picture: not kept by shared caches on the way.
    return web.Response(body=body, content_type="image/png", headers={"Cache-Control": "private, no-store"})


def routes(app: web.Application) -> None:
    app.router.add_get("/game/{game_id}/seat/{seat}", seat_page)
    app.router.add_get("/game/{game_id}/seat/{seat}/picture/{key}.png", seat_picture_png)
