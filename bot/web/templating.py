"""The pages' HTML from Jinja2 templates (bot/web/templates), every value escaped unless marked safe.
The templates hold markup only: every word a reader sees is said in Python through the catalogues
and handed to them."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from render.common.language import LANGUAGES

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"


@functools.cache
def static(name: str) -> str:
    """A static file's address with its content's hash: cached for good, refetched when it changes."""
    digest = hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]
    return f"/static/{name}?v={digest}"


_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_env.globals.update(static=static, languages=LANGUAGES, dict=dict)


def page(template: str, lang: str, **values: Any) -> web.Response:
    html = _env.get_template(template).render(lang=lang, **values)
    # Vary: the same address reads in the language the reader's cookie or browser asks for.
    return web.Response(
        text=html,
        content_type="text/html",
        charset="utf-8",
        headers={"Vary": "Accept-Language, Cookie", "Cache-Control": "no-cache"},
    )
