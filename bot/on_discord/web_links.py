"""The web companion's addresses in Discord's posts: the game page under the lobby, each summary, the
final result and ``/game board``; a player's own view, signed, in ``/game player``'s private answer.
Only when the companion runs in this process and PUBLIC_URL says where players reach it."""

from __future__ import annotations

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
    return "\n" + t(
        "🌐 The whole board, scores and log: <{url}>", url=links.game_url(context.public_url, game_id)
    )


def with_game_link(content: str, client: Any, game_id: int) -> str:
    """``content`` with the game page's line; cut before the line when too long, never the link."""
    line = game_line(client, game_id)
    return clip(content, MAX_MESSAGE - len(line)) + line


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
