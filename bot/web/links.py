"""The web companion's addresses as Discord posts them, and the signed private links: a player's own
view is shown only to an address carrying an HMAC-SHA256 of the game, the seat and an expiry, made
with the companion's secret (WEB_SECRET, or one generated and kept in the database). Nothing else
in the address is trusted, and an expired or altered link shows nothing."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

# How long a private link opens a player's view: a week covers an asynchronous game's pauses, and
# /game player gives a fresh one whenever asked; a link forwarded by mistake stops working by then.
PLAYER_LINK_LIFE = 7 * 24 * 3600
# Expiry in an address: seconds since 1970, at most this many digits.
EXPIRY_DIGITS = 12


def game_url(public_url: str, game_id: int) -> str:
    return f"{public_url}/game/{game_id}"


def replay_url(public_url: str, game_id: int) -> str:
    return f"{public_url}/game/{game_id}/replay"


@dataclass(frozen=True)
class Signer:
    secret: bytes

    def signature(self, game_id: int, seat: int, until: int) -> str:
        message = f"boardroom-seat:{game_id}:{seat}:{until}".encode()
        digest = hmac.new(self.secret, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def seat_path(self, game_id: int, seat: int, now: int, life: int = PLAYER_LINK_LIFE) -> str:
        """The private address of ``seat``'s view of the game, open for ``life`` seconds from ``now``."""
        until = now + life
        return f"/game/{game_id}/seat/{seat}?until={until}&sig={self.signature(game_id, seat, until)}"

    def valid(self, game_id: int, seat: int, until: str, signature: str, now: int) -> bool:
        """Whether the address's expiry and signature were made here for this game and seat, and the
        link is still open."""
        if not until.isascii() or not until.isdigit() or len(until) > EXPIRY_DIGITS:
            return False
        expected = self.signature(game_id, seat, int(until))
        return hmac.compare_digest(expected.encode(), signature.encode()) and now < int(until)
