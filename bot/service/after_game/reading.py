"""What players read after their games, Discord-free: a profile (per game: tallies, the rating with
its uncertainty and its recent trail; head-to-head with another player), a leaderboard page, a
history page, one game's own result, and hiding one's profile. Every answer is a few indexed
queries (``tests/perf/after_game_bench.py`` holds them to 50 ms at 100,000 games)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.after_game.ratings import Skill, person
from bot.service.refusals import Refusal
from bot.service.store import Store
from bot.storage import results as rows
from bot.storage.results import EVERYWHERE, BoardRow, GameResult, GameTally
from engine.core.words import msg

# A leaderboard counts players with at least this many rated games of the game (fewer: the rating
# says too little yet).
MIN_GAMES = 2
PAGE = 10  # leaderboard rows and history games per page (a phone screen)
TRAIL = 12  # the profile's chart: the rating after each of the last games
MAX_PAGE = 10_000  # a page number beyond every possible table


class ProfileHidden(Refusal):
    """The player hid their profile."""

    code = "profile_hidden"


@dataclass(frozen=True)
class GameProfile:
    tally: GameTally
    rating: Skill | None
    rated_games: int
    trail: list[float]


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str | None
    games: list[GameProfile]
    hidden: bool
    # with ``versus``: per game, finished games both sat in where this player placed ahead, behind, level
    versus: dict[str, tuple[int, int, int]] | None = None


@dataclass(frozen=True)
class Board:
    game: str
    scope: int
    page: int
    pages: int
    total: int
    rows: list[BoardRow]
    min_games: int = MIN_GAMES

    @property
    def first_place(self) -> int:
        return self.page * PAGE + 1


@dataclass(frozen=True)
class History:
    user_id: int
    page: int
    pages: int
    total: int
    games: list[GameResult]


def _pages(total: int) -> int:
    return max(1, -(-total // PAGE))


def _bounded(page: int) -> int:
    return min(max(page, 0), MAX_PAGE)


class AfterGame:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def profile(self, user_id: int, *, asker: int, versus: int | None = None) -> Profile:
        """``user_id``'s profile as ``asker`` sees it: refused when hidden from others."""
        if versus == user_id:
            raise Refusal(msg("Head-to-head is between two different players."))
        async with self.store.db.transaction(write=False) as conn:
            hiding = await rows.hidden_among(conn, [user_id] if versus is None else [user_id, versus])
            hidden = user_id in hiding
            if any(who != asker for who in hiding):
                raise ProfileHidden(msg("That player keeps their profile hidden."))
            tallies = await rows.tallies(conn, user_id, trail=TRAIL)
            ratings = await rows.player_ratings(conn, EVERYWHERE, person(user_id), [t.game for t in tallies])
            games = [
                GameProfile(
                    tally,
                    None
                    if tally.game not in ratings
                    else Skill(ratings[tally.game].mu, ratings[tally.game].sigma),
                    ratings[tally.game].games if tally.game in ratings else 0,
                    list(tally.trail),
                )
                for tally in tallies
            ]
            name = await rows.last_name(conn, user_id)
            duel = None if versus is None else await rows.head_to_head(conn, user_id, versus)
        return Profile(user_id, name, games, hidden, duel)

    async def leaderboard(self, game: str, scope: int, page: int = 0, *, min_games: int = MIN_GAMES) -> Board:
        """One page of ``game``'s leaderboard in a server (``scope``: its guild id) or everywhere (0)."""
        page = _bounded(page)
        async with self.store.db.transaction(write=False) as conn:
            total, found = await rows.board(
                conn, game, scope, min_games=min_games, offset=page * PAGE, limit=PAGE
            )
        pages = _pages(total)
        if page >= pages and total:
            return await self.leaderboard(game, scope, pages - 1, min_games=min_games)
        return Board(game, scope, page, pages, total, found, min_games)

    async def history(self, user_id: int, *, asker: int, page: int = 0) -> History:
        page = _bounded(page)
        async with self.store.db.transaction(write=False) as conn:
            if asker != user_id and await rows.is_hidden(conn, user_id):
                raise ProfileHidden(msg("That player keeps their profile hidden."))
            total, games = await rows.history(conn, user_id, offset=page * PAGE, limit=PAGE)
        pages = _pages(total)
        if page >= pages and total:
            return await self.history(user_id, asker=asker, page=pages - 1)
        return History(user_id, page, pages, total, games)

    async def result(self, game_id: int) -> GameResult | None:
        """An ended game's own result (None: it has none, e.g. a lobby that closed)."""
        async with self.store.db.transaction(write=False) as conn:
            return (await rows.results_of(conn, [game_id])).get(game_id)

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        async with self.store.db.transaction() as conn:
            await rows.set_hidden(conn, user_id, hidden, self.store.now())

    async def name(self, user_id: int) -> str | None:
        """The name the player last played under (made safe when they were seated)."""
        async with self.store.db.transaction(write=False) as conn:
            return await rows.last_name(conn, user_id)

    async def is_hidden(self, user_id: int) -> bool:
        async with self.store.db.transaction(write=False) as conn:
            return await rows.is_hidden(conn, user_id)
