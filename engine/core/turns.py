"""The checks every game's move goes through before its own rules: the game is not over, the seat is
deciding, the action is one of the seat's listed choices.

The bot runs them on a person's move whatever the game; a simple game may run them in its ``apply``. A
game whose refusals cite its rulebook (which rule ends the game, who is waiting for what) keeps its own.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.core.errors import GameOver, IllegalAction, NotYourTurn
from engine.core.game import Decision, Game
from engine.core.words import msg


def check_turn(game: Game[Any, Any], state: Any, seat: int) -> Decision:
    """The decision pending now, if ``seat`` takes part in it; else ``GameOver`` or ``NotYourTurn``."""
    decision = game.pending(state)
    if decision.finished:
        raise GameOver(msg("This game has ended."))
    if seat not in decision.seats:
        raise NotYourTurn(msg("It is not your turn."))
    return decision


def check_listed(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    action: Any,
    listed: Collection[str] | None = None,
) -> str:
    """The canonical notation of ``action``, if it is among ``listed`` (the notations of the seat's
    choices as shown to it; by default its legal actions now); else the action is refused."""
    notation = game.format_action(action)
    if listed is None:
        listed = {game.format_action(a) for a in game.legal_actions(state, seat)}
    if notation not in listed:
        # Let the game name the rule that forbids it; if the game would allow it, the list of choices
        # is the authority and the action is refused anyway.
        game.apply(state, seat, action)
        raise IllegalAction(msg("{notation} is not one of your choices now.", notation=repr(notation)))
    return notation
