"""Pure, synchronous, deterministic game rules (stdlib + pydantic only)."""

from engine.core import game_names, get_game, register

__all__ = ["game_names", "get_game", "register"]
