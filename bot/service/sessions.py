"""The table service: plain ids and engine notation in, results out; neither Discord nor Pillow, so
it is tested with a real SQLite file and a real PostgreSQL database. Its parts share one store
(``bot.service.store``): the lobby opens and starts tables, play changes games, reading reads them,
posts keeps what each game owes its channel."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.after_game.challenge import Challenges
from bot.service.after_game.reading import AfterGame
from bot.service.after_game.rematch import Rematch
from bot.service.clock import Clock, system_clock
from bot.service.lobby import Lobby
from bot.service.play import Play
from bot.service.posts import Posts
from bot.service.reading import Reading
from bot.service.store import Store, random_seed
from bot.storage import Database


class Sessions:
    def __init__(
        self, db: Database, *, clock: Clock = system_clock, new_seed: Callable[[], int] = random_seed
    ) -> None:
        self.store = Store(db, clock, new_seed)
        self.lobby = Lobby(self.store)
        self.play = Play(self.store)
        self.reading = Reading(self.store)
        self.posts = Posts(self.store)
        self.rematch = Rematch(self.store, self.lobby)
        self.challenges = Challenges(self.store)
        self.after = AfterGame(self.store)
