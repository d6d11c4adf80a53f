"""Per-route rate-limit buckets, told in the ``X-RateLimit-*`` headers of successful answers.

RL §Header Format: "For most API requests made, we return optional HTTP response headers containing
the rate limit encountered during your request": ``Limit``, ``Remaining``, ``Reset`` (epoch seconds),
``Reset-After`` (seconds, with decimals) and ``Bucket`` ("non-inclusive of top-level resources in the
path"); ``Global`` and ``Scope`` come with 429s only (those are ``FaultsMixin.rate_limit``'s). RL §Per-route
limits "account for top-level resources within the path": channels, guilds, and webhooks
(``webhook_id + webhook_token``), so each such resource counts on its own.

The fake counts requests in fixed windows and says so, but never refuses one: discord.py waits by
itself when ``Remaining`` reaches 0 (as it would on Discord), and the 429s a test wants are injected.
The default window is wide enough that no test of ours reaches it; a test that wants the library to
pace itself sets a smaller ``limit``."""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field

# the top-level resource of a path, as RL names them
_TOP_LEVEL = re.compile(r"^/(channels|guilds)/(\d+)|^/(webhooks|interactions)/(\d+)/([^/]+)")


@dataclass
class _Window:
    started: float
    used: int = 0


@dataclass
class Buckets:
    limit: int = 50
    window: float = 1.0
    _windows: dict[tuple[str, str], _Window] = field(default_factory=dict)

    def take(self, route: str, path: str) -> dict[str, str]:
        """Count one successful request of ``route`` (``"POST /channels/{channel_id}/messages"``) on
        ``path`` (below ``/api/v10``), and answer its headers."""
        match = _TOP_LEVEL.match(path)
        resource = "/".join(g for g in match.groups() if g) if match else ""
        now = time.monotonic()
        current = self._windows.get((route, resource))
        if current is None or now - current.started >= self.window:
            current = self._windows[(route, resource)] = _Window(now)
        current.used += 1
        reset_after = max(current.started + self.window - now, 0.0)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(self.limit - current.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.blake2s(route.encode(), digest_size=16).hexdigest(),
        }
