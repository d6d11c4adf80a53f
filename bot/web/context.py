"""What every page of the web companion reads: the table service, the render pool, the settings, and
the pictures it has drawn (``PictureCache``)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field

from aiohttp import web

from bot.clocks.turn_clock import TurnClocks
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.web.replay import Replays

# Pictures kept in memory: a board is ~0.3-1 MB, so a few hundred stay well under the render pool's
# own footprint while covering every open game's current pictures and a replay being stepped through.
CACHED_PICTURES = 256


class PictureCache:
    """PNG bytes by what they show (game, its version or replay point, picture, seat, language): a
    picture of a given point never changes, so an entry is never stale, only evicted (least recent)."""

    def __init__(self, size: int = CACHED_PICTURES) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, bytes] = OrderedDict()

    def get(self, key: Hashable) -> bytes | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: Hashable, png: bytes) -> None:
        self._entries[key] = png
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)


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


CONTEXT = web.AppKey("context", WebContext)


def context_of(request: web.Request) -> WebContext:
    return request.app[CONTEXT]
