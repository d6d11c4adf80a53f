"""The web companion's addresses as Discord posts them, and the signed private links. A game's public
address carries a key made from its id with the companion's secret (WEB_SECRET, or one generated and
kept beside the database): ids are sequential, and a game played in a private channel must not be
readable by guessing its number. A player's own view is shown only to an address carrying an
HMAC-SHA256 of the game, the seat and an expiry. Nothing else in the address is trusted, and an
expired or altered link shows nothing."""

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


# Characters of a game's key in its address: 22 url-safe base64 characters are 132 bits of the
# HMAC, far beyond guessing, and the address stays short enough for a Discord line.
GAME_KEY_CHARS = 22


def keyed(secret: bytes, message: str, chars: int) -> str:
    """The first ``chars`` url-safe characters of HMAC-SHA256(secret, message)."""
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:chars]


def game_key(secret: bytes, game_id: int) -> str:
    return keyed(secret, f"boardroom-game:{game_id}", GAME_KEY_CHARS)


def game_path(secret: bytes, game_id: int) -> str:
    """The game page's path: the id, then its key (``/game/12-AbC…``); every page of the game is
    under it."""
    return f"/game/{game_id}-{game_key(secret, game_id)}"


def board_path(secret: bytes, scope: int, game: str) -> str:
    """A leaderboard's path: a server's (its guild id) or everywhere's (0), with the scope's key, so
    a private server's board is not read by guessing its id; only Discord's answers give it."""
    return f"/leaderboard/{scope}-{scope_key(secret, scope)}/{game}"


def scope_key(secret: bytes, scope: int) -> str:
    return keyed(secret, f"boardroom-board:{scope}", GAME_KEY_CHARS)


def player_path(secret: bytes, user_id: int) -> str:
    """A player's profile's path (their history is under it), with the player's key."""
    return f"/player/{user_id}-{player_key(secret, user_id)}"


def player_key(secret: bytes, user_id: int) -> str:
    return keyed(secret, f"boardroom-player:{user_id}", GAME_KEY_CHARS)


def same_key(given: str, expected: str) -> bool:
    """Constant-time: the time of a refusal does not tell how much of a guess was right."""
    return hmac.compare_digest(given.encode(), expected.encode())


def game_url(public_url: str, secret: bytes, game_id: int) -> str:
    return public_url + game_path(secret, game_id)


def replay_url(public_url: str, secret: bytes, game_id: int) -> str:
    return public_url + game_path(secret, game_id) + "/replay"


@dataclass(frozen=True)
class Signer:
    secret: bytes

    def signature(self, game_id: int, seat: int, until: int) -> str:
        return keyed(self.secret, f"boardroom-seat:{game_id}:{seat}:{until}", 43)

    def seat_path(self, game_id: int, seat: int, now: int, life: int = PLAYER_LINK_LIFE) -> str:
        """The private address of ``seat``'s view of the game, open for ``life`` seconds from ``now``."""
        until = now + life
        signature = self.signature(game_id, seat, until)
        return f"{game_path(self.secret, game_id)}/seat/{seat}?until={until}&sig={signature}"

    def valid(self, game_id: int, seat: int, until: str, signature: str, now: int) -> bool:
        """Whether the address's expiry and signature were made here for this game and seat, and the
        link is still open."""
        if not until.isascii() or not until.isdigit() or len(until) > EXPIRY_DIGITS:
            return False
        expected = self.signature(game_id, seat, int(until))
        return same_key(signature, expected) and now < int(until)
