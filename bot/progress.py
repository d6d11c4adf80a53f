"""Engine work the sessions service does for a table, away from the database: where a game stands
(``progress``) and the moves of the seats the bot plays (``play_ai``). Pure and synchronous, so
the AI's moves can run in a worker thread."""

from __future__ import annotations

from typing import Any

from bot.tables import Choice, Progress, Table
from engine.core import Game, GameState, Played, action_path, play

# Enough for every AI decision of a long stretch of play with four AI seats; a game that needs more
# is stuck (an engine bug), and the loop must not spin forever.
MAX_AI_STEPS = 2000


def player_range(game: Game[Any, Any]) -> str:
    if game.min_players == game.max_players:
        return f"exactly {game.min_players} players"
    return f"{game.min_players}–{game.max_players} players"


def progress(game: Game[Any, Any], state: GameState) -> Progress:
    """Who decides, their choices with labels, what they want in view, and the final score."""
    decision = game.pending(state)
    choices = {
        seat: [
            Choice(
                game.format_action(a), game.describe_action(state, seat, a), action_path(game, state, seat, a)
            )
            for a in game.legal_actions(state, seat)
        ]
        for seat in decision.seats
    }
    notes = {seat: game.glance(state, seat).note for seat in decision.seats}
    score = game.score(state) if decision.finished else None
    return Progress(decision, choices, score, notes=notes, stage=game.glance(state, None).stage)


def play_ai(game: Game[Any, Any], table: Table, state: GameState) -> tuple[GameState, list[Played]]:
    """Let every seat the bot plays act until a person must decide or the game ends.

    Each AI is seeded from the game's seed, the table's version and its seat, so its choices are
    reproducible; the log records what it chose, so a replay never depends on them."""
    base = (table.game.seed or 0) + 7919 * table.version
    players = {seat: game.ai(base + 1000 * seat) for seat in table.ai_seats}
    return play(game, state, players, max_actions=MAX_AI_STEPS, strict=False)
