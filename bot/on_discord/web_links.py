"""The web companion's addresses in Discord's posts: the game page under the lobby, each summary, the
final result and ``/game board``; a player's own view, signed, in ``/game player``'s private answer.
Only when the companion runs in this process and PUBLIC_URL says where players reach it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.service.limits import MAX_MESSAGE, clip
from bot.web import links
from bot.web.context import WebContext
from render.common.language import t, tn


def web_of(client: Any) -> WebContext | None:
    """The companion's context, if it runs with a public address."""
    server = getattr(client, "web", None)
    context = getattr(server, "context", None)
    if not isinstance(context, WebContext) or context.public_url is None:
        return None
    return context


def game_line(client: Any, game_id: int) -> str:
    """A line with the game page's address (empty without the companion). In <>: Discord shows no
    preview card under every summary."""
    context = web_of(client)
    if context is None or context.public_url is None:
        return ""
    url = links.game_url(context.public_url, context.secret, game_id)
    return "\n" + t("🌐 The whole board, scores and log: <{url}>", url=url)


def with_game_link(content: str, client: Any, game_id: int) -> str:
    """``content`` with the game page's line; cut before the line when too long, never the link."""
    return with_line(content, game_line(client, game_id))


def with_line(content: str, line: str) -> str:
    """``content`` with a link's line after it; cut before the line when too long, never the link."""
    return clip(content, MAX_MESSAGE - len(line)) + line


def page_line(client: Any, path: Callable[[bytes], str]) -> str:
    """A line with the address of a page after the game (``path``: made with the companion's secret,
    its key in it); empty without the companion."""
    context = web_of(client)
    if context is None or context.public_url is None:
        return ""
    return "\n" + t("🌐 On the web: <{url}>", url=context.public_url + path(context.secret))


def board_line(client: Any, scope: int, game: str) -> str:
    return page_line(client, lambda secret: links.board_path(secret, scope, game))


def player_line(client: Any, user_id: int, tail: str = "") -> str:
    """The player's profile (``tail``: ``/history`` for their history)."""
    return page_line(client, lambda secret: links.player_path(secret, user_id) + tail)


def seat_line(client: Any, game_id: int, seat: int) -> str:
    """A line with the seat's private address, signed and expiring (empty without the companion)."""
    context = web_of(client)
    if context is None or context.public_url is None:
        return ""
    now = int(context.sessions.store.clock().timestamp())
    path = links.Signer(context.secret).seat_path(game_id, seat, now)
    days = links.PLAYER_LINK_LIFE // (24 * 3600)
    return "\n" + tn(
        "🔒 Your own view in a browser, for you only (do not share it; it works for {n} day): <{url}>",
        "🔒 Your own view in a browser, for you only (do not share it; it works for {n} days): <{url}>",
        days,
        url=context.public_url + path,
    )
