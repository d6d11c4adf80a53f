"""What every page of the web companion reads: the table service, the render pool, the settings, and
the pictures it has drawn (``PictureCache``)."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from aiohttp import web

from bot.clocks.turn_clock import TurnClocks
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.web.replay import Replays

# Pictures kept in memory: a board is ~0.3-1 MB, so a few hundred stay well under the render pool's
# own footprint while covering every open game's current pictures and a replay being stepped through.
CACHED_PICTURES = 256


# Game pages kept ready to fill in (their log said in player words is most of a page's cost).
CACHED_PAGES = 512
T = TypeVar("T")


class Kept(Generic[T]):
    """Values by what they show (a game at a version or replay point, a picture, a language): what a
    given point shows never changes, so an entry is never stale, only evicted (least recent)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, T] = OrderedDict()

    def get(self, key: Hashable) -> T | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: Hashable, value: T) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)


# How long a game's version read for the live pages is reused: every open page of a game polls, and
# one read a second answers them all; a page learns of a move at most this much later.
VERSION_REUSE = 1.0


class LiveVersions:
    """Each game's version as the live pages poll it, read at most once per ``VERSION_REUSE``."""

    def __init__(self, reuse: float = VERSION_REUSE) -> None:
        self.reuse = reuse
        self._read: Kept[tuple[int, float]] = Kept(CACHED_PAGES)
        self._reading: dict[int, asyncio.Future[int]] = {}

    async def version(self, game_id: int, read: Callable[[], Awaitable[int]]) -> int:
        now = time.monotonic()
        found = self._read.get(game_id)
        if found is not None and now - found[1] < self.reuse:
            return found[0]
        # Pages polling together wait for one read.
        pending = self._reading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._reading[game_id] = future
        try:
            version = await read()
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: the waiting pages get it, a lone reader raises it here
            raise
        finally:
            del self._reading[game_id]
        future.set_result(version)
        self._read.put(game_id, (version, now))
        return version


class PictureCache(Kept[bytes]):
    """PNG bytes by game, version or replay point, picture, seat and language."""

    def __init__(self, size: int = CACHED_PICTURES) -> None:
        super().__init__(size)


@dataclass
class WebContext:
    sessions: Sessions
    render_pool: RenderPool
    # The key of the signed private links (``links.Signer``).
    secret: bytes
    # The address players reach the pages at (PUBLIC_URL), for links posted to Discord.
    public_url: str | None = None
    # The turn clocks, for each player's time left (None: the pages show none).
    clocks: TurnClocks | None = None
    pictures: PictureCache = field(default_factory=PictureCache)
    replays: Replays = field(default_factory=Replays)
    # What the game page shows of a game at a version in a language (``reading.public_game``).
    shown: Kept[Any] = field(default_factory=lambda: Kept[Any](CACHED_PAGES))
    versions: LiveVersions = field(default_factory=LiveVersions)


CONTEXT = web.AppKey("context", WebContext)


def context_of(request: web.Request) -> WebContext:
    return request.app[CONTEXT]
