"""The reader's language: the switch's cookie (the only cookie the pages set), else the browser's
Accept-Language, else English."""

from __future__ import annotations

from urllib.parse import urlsplit

from aiohttp import web

from bot.web.context import context_of
from render.common.language import DEFAULT, LANGUAGES

COOKIE = "lang"
# A year: the switch is a preference, not a session.
COOKIE_AGE = 365 * 24 * 3600
# Accept-Language entries read at most: a header is a client's input, and five languages need few.
MAX_ENTRIES = 20


def accepted(header: str) -> str | None:
    """The first of our languages in an Accept-Language header, by its q weight (``uk-UA`` is ``uk``)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:MAX_ENTRIES]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and weight > 0:
            ranked.append((-weight, index, lang))
    return min(ranked)[2] if ranked else None


def reader_language(request: web.Request) -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return accepted(request.headers.get("Accept-Language", "")) or DEFAULT


def local_path(target: str | None) -> str:
    """Where the switch sends the reader back to: a path of this site only (never ``//elsewhere``)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target[:2000]


async def switch_language(request: web.Request) -> web.StreamResponse:
    """``/language/{lang}?next=/game/1``: remember the reader's choice and go back to the page."""
    lang = request.match_info["lang"]
    if lang not in LANGUAGES:
        raise web.HTTPNotFound(text=f"Unknown language; one of {', '.join(LANGUAGES)}.")
    response = web.HTTPSeeOther(local_path(request.query.get("next")))
    # Secure where players reach the site over HTTPS (PUBLIC_URL says so; the proxy ends TLS).
    secure = (context_of(request).public_url or "").startswith("https://")
    response.set_cookie(
        COOKIE, lang, max_age=COOKIE_AGE, path="/", samesite="Lax", httponly=True, secure=secure
    )
    raise response


def routes(app: web.Application) -> None:
    app.router.add_get("/language/{lang}", switch_language)
