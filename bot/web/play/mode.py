"""What the play mode adds to the companion's context: the bot players that move the bot seats by
themselves, the AI pool they and the hints think in, and the token every state-changing form carries."""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field

from aiohttp import web

from bot.service.ai_pool import AiPool
from bot.service.bot_players import BotPlayers
from bot.web.context import Kept
from engine.core import Event

# Where a state-changing request may come from: this machine only (the server listens on 127.0.0.1;
# this is the second lock, against a listener put elsewhere by mistake).
LOOPBACK = frozenset({"127.0.0.1", "::1"})


# Hints and refusals kept for their pages: the last few hundred (one person, one screen).
SAID_KEPT = 256


@dataclass(frozen=True)
class Said:
    game_id: int
    note: str = ""
    refusal: str = ""


@dataclass
class LocalTable:
    bots: BotPlayers
    ai_pool: AiPool
    # One per process: a page of another site cannot read it, so cannot forge a form that carries it.
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    # What a POST had to say (a hint, a refusal), kept for the page it redirects to: the address is
    # a GET's, so reloading shows the same page again and sends nothing.
    said: Kept[Said] = field(default_factory=lambda: Kept[Said](SAID_KEPT))

    def keep(self, said: Said) -> str:
        """The key of ``said`` in the redirect's address."""
        key = secrets.token_urlsafe(12)
        self.said.put(key, said)
        return key

    def kick(self, game_id: int) -> None:
        """Let the bot seats play until a person must decide; nothing is announced anywhere (the page
        polls the game's version)."""
        self.bots.kick(game_id, _nowhere)

    def check(self, request: web.Request, token: str | None) -> None:
        if request.remote not in LOOPBACK:
            raise web.HTTPForbidden(text="The local table takes moves from this computer only.")
        if token is None or not hmac.compare_digest(token.encode(), self.token.encode()):
            raise web.HTTPForbidden(text="This form is out of date: reload the page and try again.")


async def _nowhere(game_id: int, events: list[Event]) -> None:
    return None


LOCAL = web.AppKey("local", LocalTable)


def local_of(request: web.Request) -> LocalTable:
    return request.app[LOCAL]
