"""The registry of games: ``engine.get_game("carnegie")``."""

from __future__ import annotations

from typing import Any

from engine.core.errors import UnknownGame
from engine.core.game import Game

_GAMES: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Register a game under its ``name``; registering the same name again replaces it."""
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def get_game(name: str) -> Game[Any, Any]:
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(f"There is no game called {name!r}.") from None


def game_names() -> list[str]:
    return sorted(_GAMES)
