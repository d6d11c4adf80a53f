"""The engine's error hierarchy.

Every error carries a stable ``code`` (for logs, tests and translations), a sentence a player
can read, and, where a rule forbids the action, the rule id that forbids it. The bot turns any
``EngineError`` into an ephemeral reply with that sentence; nothing else ever reaches a player.
"""

from __future__ import annotations

from engine.core.words import msg


class EngineError(ValueError):
    code = "engine_error"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        self.message = message
        self.rule = rule
        super().__init__(self.sentence)

    @property
    def sentence(self) -> str:
        """The player-readable sentence, naming the rule when there is one."""
        if self.rule:
            return msg("{refusal} (rule {rule})", refusal=self.message, rule=self.rule)
        return self.message


class InvalidAction(EngineError):
    """The text or data cannot be read as an action of this game."""

    code = "invalid_action"


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"


class NotYourTurn(EngineError):
    code = "not_your_turn"


class GameOver(EngineError):
    code = "game_over"


class StaleState(EngineError):
    """The action was chosen on an older version of the game."""

    code = "stale_state"


class UnknownGame(EngineError):
    code = "unknown_game"


class InvalidOptions(EngineError):
    code = "invalid_options"
