"""Which games the bot hosts: the built-in game packages plus ``GAME_MODULES``.

A game module registers itself with ``engine.register`` when imported; a module that only
exposes a game object (any attribute satisfying the ``Game`` protocol) gets it registered here.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from types import ModuleType
from typing import Any

from engine.core import Game, game_names, register

log = logging.getLogger(__name__)

# Games shipped with the product; a package not written yet is simply absent.
BUILTIN_GAME_MODULES = ("engine.carnegie", "engine.nipron")

_PROTOCOL = (
    "name",
    "title",
    "min_players",
    "max_players",
    "new_game",
    "pending",
    "legal_actions",
    "apply",
    "view",
    "score",
    "parse_action",
    "format_action",
    "describe_action",
    "dump_state",
    "load_state",
)


def looks_like_game(obj: object) -> bool:
    return (
        not isinstance(obj, type)
        and all(hasattr(obj, attr) for attr in _PROTOCOL)
        and isinstance(getattr(obj, "name", None), str)
    )


def register_module_games(module: ModuleType) -> list[str]:
    """Register the games a module exposes but did not register itself."""
    added: list[str] = []
    known = set(game_names())
    for value in vars(module).values():
        if looks_like_game(value) and value.name not in known:
            game: Game[Any, Any] = value
            register(game)
            known.add(game.name)
            added.append(game.name)
    return added


def load_game_modules(extra: list[str]) -> list[str]:
    """Import the built-in games that exist and every module in ``extra``; returns the game names.

    A built-in game package that fails to import is logged with its traceback and skipped, so one
    broken game does not take the others down; a module named in ``GAME_MODULES`` must import.
    """
    for name in BUILTIN_GAME_MODULES:
        try:
            present = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            present = False
        if not present:
            continue
        try:
            register_module_games(importlib.import_module(name))
        except Exception:
            log.exception("the built-in game module %s failed to load; its game is not offered", name)
    for name in extra:
        register_module_games(importlib.import_module(name))
    return game_names()
