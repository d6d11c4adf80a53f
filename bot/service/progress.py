"""Engine work the sessions service does for a table, away from the database: where a game stands
(``progress``) and the choices of the seats the bot plays (``choose``). Pure and synchronous, so
the bot's choices can run in a worker process."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.tables import Choice, Choices, Progress, Table
from engine.core import Game, GameState, action_path
from engine.core.words import plural


def player_range(game: Game[Any, Any]) -> str:
    if game.min_players == game.max_players:
        return plural("exactly {n} player", "exactly {n} players", game.min_players)
    return plural("{low}–{n} player", "{low}–{n} players", game.max_players, low=game.min_players)


def progress(
    game: Game[Any, Any], state: GameState, listed: Mapping[int, Sequence[Any]] | None = None
) -> Progress:
    """Who decides, their choices with labels (made when first read, ``Choices``), what they want in view,
    and the final score. ``listed``: the legal actions of seats the caller has already listed in ``state``
    (listing them costs as much as labelling them)."""
    decision = game.pending(state)
    known = dict(listed or {})

    def choices_of(seat: int) -> list[Choice]:
        actions = known.pop(seat) if seat in known else game.legal_actions(state, seat)
        return [
            Choice(
                game.format_action(a), game.describe_action(state, seat, a), action_path(game, state, seat, a)
            )
            for a in actions
        ]

    choices = Choices(decision.seats, choices_of)
    notes = {seat: game.glance(state, seat).note for seat in decision.seats}
    score = game.score(state) if decision.finished else None
    return Progress(decision, choices, score, notes=notes, stage=game.glance(state, None).stage)


class Offered:
    """What each deciding seat was offered at a game's version, as the move that made that version
    listed it for the panels: a click on one of them is legal without listing the seat's legal actions
    again (an HR turn's ~100 journeys). A version is one saved state, so an entry stays exact while the
    version matches (a move in another process makes a new one); only committed moves are remembered."""

    GAMES = 1024  # the games remembered, the least recently moved forgotten first

    def __init__(self) -> None:
        self._games: OrderedDict[int, tuple[int, dict[int, frozenset[str]]]] = OrderedDict()

    def remember(self, game_id: int, version: int, progress: Progress) -> None:
        self._games[game_id] = (
            version,
            {s: frozenset(c.notation for c in progress.choices[s]) for s in progress.choices},
        )
        self._games.move_to_end(game_id)
        while len(self._games) > self.GAMES:
            self._games.popitem(last=False)

    def at(self, table: Table, seat: int) -> frozenset[str] | None:
        """The notations ``seat`` was offered at the table's version, if this process listed them."""
        version, seats = self._games.get(table.id, (None, {}))
        return seats.get(seat) if version == table.version else None


@dataclass(frozen=True)
class BotTurn:
    """A decision of a seat the bot plays: the table as it was read (its version guards the
    answer), the snapshot to decide on, the computer player's seed and level (None: default)."""

    table: Table
    seat: int
    snapshot: str
    seed: int
    level: str | None


# Who plays a seat handed over by /game replace or skipped: the game's strongest player, so that the
# others keep a real opponent; a game lists its levels weakest first after its default.
REPLACEMENT_LEVEL = "strong"


def replacement_level(game: Game[Any, Any]) -> str:
    return REPLACEMENT_LEVEL if REPLACEMENT_LEVEL in game.ai_levels else game.ai_levels[0]


def choose(game: Game[Any, Any], snapshot: str, seat: int, seed: int, level: str | None) -> str:
    """The notation a computer player at ``level`` chooses for ``seat`` (pure: runs in a worker
    process for the bot's seats, or here for a hint)."""
    state = game.load_state(snapshot)
    actions = game.legal_actions(state, seat)
    return game.format_action(game.ai(seed, level).choose(game, state, seat, actions))
