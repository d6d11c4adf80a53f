"""What a game owes its channel: the summaries of the checkpoints its moves reached and its final
result, recorded with the move and owed until sent (a crash in between loses none), their pictures
drawn after, and the turn line's message. The announcer reads and marks them here."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from bot import plugins
from bot.service import said_events
from bot.service.local import LOCAL_GUILD_ID
from bot.service.moves import PlayedMove
from bot.service.store import Store, state_of
from bot.service.tables import Table, load_table
from bot.storage import Status
from bot.storage import games as game_rows
from bot.storage.connection import Connection
from engine.core import ScoreSheet

# The key of a game's final post in ``posts`` (a checkpoint's summary is keyed by its key).
FINAL_POST = "final"
# The short result with a link that a game played in its own thread owes its lobby's channel.
FINAL_IN_PARENT = "final-parent"


@dataclass
class Posts:
    store: Store

    async def owed_posts(self, game_id: int) -> list[tuple[str, ScoreSheet | None, ScoreSheet | None]]:
        """The game's summaries and final post recorded with the moves that reached them but not
        sent yet, in order: (key, the score recorded with it, the score of the post before it), a
        score None where none was kept (posts recorded before scores were kept whole)."""
        async with self.store.db.transaction(write=False) as conn:
            owed = []
            for key, recorded in await game_rows.owed_posts(conn, game_id):
                before = await game_rows.totals_before(conn, game_id, key)
                owed.append((key, _sheet(recorded), None if before is None else _sheet(before)))
        return owed

    async def owe_posts(self, game_id: int, keys: list[str]) -> None:
        """Record the summaries of these checkpoints (and the final post, if the game is over) as
        owed, with the current totals, unless they were recorded before (``act`` records them
        with the moves that reach them; this covers callers that announce other changes)."""
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id)
            if table.game.snapshot is None:
                return
            game = plugins.game(table.game.game)
            state = state_of(game, table)
            finished = game.pending(state).finished
            if not keys and not finished:
                return
            score = said_events.dump_sheet(game.score(state))
            for key in [*keys, *(final_posts(table) if finished else [])]:
                await game_rows.record_post(conn, game_id, key, score, self.store.now())

    async def mark_posted(
        self, game_id: int, key: str, *, message_id: int | None, picture_owed: bool = False
    ) -> bool:
        """The post ``key`` was sent (its picture still to come, with ``picture_owed``); False when it
        had been marked before."""
        async with self.store.db.transaction() as conn:
            return await game_rows.mark_posted(
                conn, game_id, key, message_id=message_id, at=self.store.now(), picture_owed=picture_owed
            )

    async def owed_pictures(self, game_id: int) -> list[tuple[str, int]]:
        """(key, message id) of the sent posts still waiting for their picture, in order."""
        async with self.store.db.transaction(write=False) as conn:
            return await game_rows.owed_pictures(conn, game_id)

    async def mark_pictured(self, game_id: int, key: str) -> bool:
        async with self.store.db.transaction() as conn:
            return await game_rows.mark_pictured(conn, game_id, key)

    async def set_prompt(
        self, game_id: int, *, message_id: int | None, seats: list[int] | None, since: str | None
    ) -> None:
        async with self.store.db.transaction() as conn:
            await game_rows.set_prompt(
                conn,
                game_id,
                message_id=message_id,
                seats=None if seats is None else json.dumps(sorted(seats)),
                since=since,
            )

    async def set_prompt_posting(self, game_id: int, seats: list[int]) -> None:
        """A new turn line for ``seats`` is about to be posted (settled by ``set_prompt``)."""
        async with self.store.db.transaction() as conn:
            await game_rows.set_prompt_posting(conn, game_id, json.dumps(sorted(seats)))

    async def set_prompt_unless_abandoned(self, game_id: int, *, message_id: int, seats: list[int]) -> bool:
        """``set_prompt`` for a newly posted turn line, in the same transaction as the check that
        the game was not abandoned meanwhile; False (nothing set) when it was."""
        async with self.store.db.transaction() as conn:
            if await game_rows.game_status(conn, game_id) is Status.ABANDONED:
                return False
            await game_rows.set_prompt(
                conn, game_id, message_id=message_id, seats=json.dumps(sorted(seats)), since=self.store.now()
            )
            return True

    async def games_in_play(self) -> list[str]:
        """The names of the games with a lobby open, a game in progress or a post owed."""
        async with self.store.db.transaction(write=False) as conn:
            return await game_rows.games_in_play(conn)

    async def games_to_catch_up(
        self,
        owns_guild: Callable[[int], bool] = lambda _: True,
        refused: Callable[[int], bool] = lambda _: False,
    ) -> list[tuple[int, int]]:
        """(game id, channel id) of the games that may owe the channel something: every game in
        progress (its turn line) and every game with a summary or final post not sent yet; of the
        guilds ``owns_guild`` says this process runs (its shards, the guilds it is in), so that one
        process only catches a game up, the one whose clicks Discord sends it; not in the channels
        ``refused`` says to leave alone for now; never a game of the local table (it has no channel)."""
        async with self.store.db.transaction(write=False) as conn:
            games = await game_rows.games_to_catch_up(conn)
        return [
            (game_id, channel_id)
            for game_id, guild_id, channel_id in games
            if guild_id != LOCAL_GUILD_ID and owns_guild(guild_id) and not refused(channel_id)
        ]


async def owe_reached_posts(conn: Connection, game_id: int, played: PlayedMove, at: str) -> None:
    """Record, with the move, the summaries of the checkpoints it reached and the final post if the
    game ended: owed until the announcer has sent them (a crash in between loses none)."""
    if played.totals is None:
        return
    for key in played.checkpoints:
        await game_rows.record_post(conn, game_id, key, played.totals_at.get(key, played.totals), at)
    if played.finished:
        for key in final_posts(await load_table(conn, game_id)):
            await game_rows.record_post(conn, game_id, key, played.totals, at)


def final_posts(table: Table) -> list[str]:
    """The posts a finished game owes: its final result, and the short result with a link in the
    lobby's channel when it was played in a thread of its own."""
    return [FINAL_POST, *([FINAL_IN_PARENT] if table.game.parent_channel_id is not None else [])]


def _sheet(stored: str) -> ScoreSheet | None:
    """A post's recorded score; None for a post recorded before whole scores were kept (a list)."""
    data = json.loads(stored)
    return said_events.load_sheet(data) if isinstance(data, dict) else None
