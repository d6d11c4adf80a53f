"""The table of games: the only module of the bot that names a game.

A game is its rules (an ``engine/<game>`` package exposing ``GAME``, an ``engine.core.Game``)
and, optionally, its pictures (a ``render/<game>`` package exposing ``PICTURES``, a
``render.common.pictures.Pictures``). This table pairs them; everything else in the bot asks
for ``plugin(name)`` and talks to the two protocols only.

``GAME_MODULES`` adds games from outside the table (the tests' race game) as
``module`` or ``module:pictures_module``; each module exposes ``GAME`` (and ``PICTURES``).
Nothing registers itself on import: a render worker process, started by *spawn*, rebuilds a
game from the module names this table records.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Game, UnknownGame
from engine.core.words import msg
from render.common.pictures import Pictures

log = logging.getLogger(__name__)

# Games shipped with the product: name → (rules module, pictures module).
BUILTIN: dict[str, tuple[str, str | None]] = {
    "carnegie": ("engine.carnegie", "render.carnegie"),
    "nipron": ("engine.nipron", "render.nipron"),
}

# The games with a weekly challenge (one seat against the game's own rival,
# ``bot.service.after_game.challenge``): name → (the table option that sets the rival's level, its level when
# none is chosen). Carnegie's solo game against Andrew; Nipron has no rival without a seat, and bot seats
# would make the deal depend on bot levels the week's board cannot compare, so it has none.
CHALLENGES: dict[str, tuple[str, str]] = {"carnegie": ("difficulty", "normal")}


@dataclass(frozen=True)
class GamePlugin:
    rules: Game[Any, Any]
    pictures: Pictures | None
    # Where the two came from, so that another process can load the same pair.
    rules_module: str
    pictures_module: str | None

    @property
    def name(self) -> str:
        return self.rules.name


_plugins: dict[str, GamePlugin] = {}


def load(rules_module: str, pictures_module: str | None = None) -> GamePlugin:
    """Import one game's modules and add it to the table (again: replaces it)."""
    rules: Game[Any, Any] = importlib.import_module(rules_module).GAME
    pictures: Pictures | None = None
    if pictures_module is not None:
        pictures = importlib.import_module(pictures_module).PICTURES
    found = GamePlugin(rules, pictures, rules_module, pictures_module)
    _plugins[rules.name] = found
    return found


def load_all(extra: Sequence[str] = ()) -> list[str]:
    """Load the built-in games and every ``module[:pictures_module]`` of ``extra``; returns the names.

    A built-in game that fails to load is logged with its traceback and not offered, so one broken
    game does not take the others down; a module named in ``GAME_MODULES`` must load."""
    for name, (rules_module, pictures_module) in BUILTIN.items():
        if name in _plugins:
            continue
        try:
            load(rules_module, pictures_module)
        except Exception:
            log.exception("the built-in game %s failed to load; it is not offered", name)
    for entry in extra:
        rules_module, _, pictures_module = entry.partition(":")
        load(rules_module.strip(), pictures_module.strip() or None)
    return names()


def loaded_from(rules_module: str, pictures_module: str | None) -> GamePlugin | None:
    """The game already loaded from these modules, if any."""
    return next(
        (
            p
            for p in _plugins.values()
            if (p.rules_module, p.pictures_module) == (rules_module, pictures_module)
        ),
        None,
    )


def add(found: GamePlugin) -> None:
    _plugins[found.name] = found


def remove(name: str) -> None:
    _plugins.pop(name, None)


def names() -> list[str]:
    return sorted(_plugins)


def plugin(name: str) -> GamePlugin:
    found = _plugins.get(name)
    if found is None and name in BUILTIN:
        found = load(*BUILTIN[name])
    if found is None:
        raise UnknownGame(msg("There is no game called {name}.", name=repr(name)))
    return found


def game(name: str) -> Game[Any, Any]:
    """The rules of a game, by name."""
    return plugin(name).rules
