"""Game-independent core: protocol, registry, errors, seeded RNG, serialisation."""

from engine.core.errors import (
    EngineError,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    NotYourTurn,
    StaleState,
    UnknownGame,
)
from engine.core.game import (
    FORMAT_VERSION,
    Decision,
    Event,
    Game,
    GameState,
    ScoreLine,
    ScoreSheet,
    Step,
)
from engine.core.registry import game_names, get_game, register, unregister
from engine.core.rng import Rng
from engine.core.serial import dump_state, load_state

__all__ = [
    "FORMAT_VERSION",
    "Decision",
    "EngineError",
    "Event",
    "Game",
    "GameOver",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "NotYourTurn",
    "Rng",
    "ScoreLine",
    "ScoreSheet",
    "StaleState",
    "Step",
    "UnknownGame",
    "dump_state",
    "game_names",
    "get_game",
    "load_state",
    "register",
    "unregister",
]
