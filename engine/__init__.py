"""Pure, synchronous, deterministic game rules (stdlib + pydantic only)."""

import engine.carnegie  # noqa: F401  (registers "carnegie")
from engine.core import game_names, get_game, register

__all__ = ["game_names", "get_game", "register"]
