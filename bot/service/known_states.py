"""The game states this process last saved, kept so that the next move of the same game does not
parse and validate its whole snapshot again (``load_state``: a JSON parse and a pydantic validation of
every field, the largest part of a move's engine work after the labels).

A state is reused only while the stored snapshot is exactly the text this process wrote for it: any
other writer (another process, an undo, a replacement, an import) leaves a different text or version
behind, and the state is then read from the database as before. The database stays the only truth;
this is a cache of what reading it would give. The engine never changes a state in place (``apply``
returns a new one), so a state handed out here is the one that was saved.
"""

from __future__ import annotations

from collections import OrderedDict

from engine.core import GameState


class KnownStates:
    # The games remembered, the least recently moved forgotten first; a mid-game 4-player state holds
    # ~20 KiB in memory (2.5 KB as JSON), so at most ~20 MiB.
    GAMES = 1024

    def __init__(self) -> None:
        self._games: OrderedDict[int, tuple[str, GameState]] = OrderedDict()

    def remember(self, game_id: int, snapshot: str, state: GameState) -> None:
        """After the commit only: ``snapshot`` is what the database now holds for the game."""
        self._games[game_id] = (snapshot, state)
        self._games.move_to_end(game_id)
        while len(self._games) > self.GAMES:
            self._games.popitem(last=False)

    def get(self, game_id: int, snapshot: str | None) -> GameState | None:
        """The state of ``snapshot`` (the text just read from the database), if this process saved it."""
        known = self._games.get(game_id)
        # Equal text, not only an equal version: exact whoever wrote the row and whatever it did.
        if known is None or snapshot is None or known[0] != snapshot:
            return None
        return known[1]

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)
