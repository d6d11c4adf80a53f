"""Reading a table without changing it: its status and choices, the channel's game, the live log,
the replay that checks the snapshot, the hints asked for, the language of its posts."""

from __future__ import annotations

from dataclasses import dataclass

from bot import plugins
from bot.service.moves import replay_log
from bot.service.refusals import NoGameHere, NotInProgress
from bot.service.store import Store, state_of, status_of
from bot.service.tables import GameStatus, load_table
from bot.storage import ActionRow
from bot.storage import actions as action_log
from bot.storage import games as game_rows
from engine.core import GameState
from engine.core.words import msg


@dataclass
class Reading:
    store: Store

    async def status(self, game_id: int, *, channel_id: int | None = None) -> GameStatus:
        async with self.store.db.transaction(write=False) as conn:
            return await status_of(conn, await load_table(conn, game_id, channel_id))

    async def status_in_channel(self, channel_id: int, *, include_ended: bool = False) -> GameStatus:
        """The channel's lobby or game in progress (or, with ``include_ended``, its latest game)."""
        async with self.store.db.transaction(write=False) as conn:
            row = await game_rows.open_game_in_channel(conn, channel_id)
            if row is None and include_ended:
                row = await game_rows.latest_game_in_channel(conn, channel_id)
            if row is None:
                moved = await game_rows.game_moved_from(conn, channel_id)
                if moved is not None:
                    raise NoGameHere(
                        msg(
                            "The game opened here is played in its own thread, {thread}: "
                            "look there, or start another one here with /game new.",
                            thread=f"<#{moved.channel_id}>",
                        )
                    )
                raise NoGameHere(msg("There is no game in this channel. Start one with /game new."))
            return await status_of(conn, await load_table(conn, row.id))

    async def replay(self, game_id: int) -> GameState:
        """``new_game(seed)`` plus the action log: equals the snapshot unless something is wrong."""
        async with self.store.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
            log = await action_log.live_actions(conn, game_id)
        if table.game.seed is None:
            raise NotInProgress(msg("The game has not started yet."))
        game = plugins.game(table.game.game)
        return replay_log(game, table, log)

    async def load(self, game_id: int) -> GameState:
        async with self.store.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
        return state_of(plugins.game(table.game.game), table)

    async def live_log(self, game_id: int) -> list[ActionRow]:
        async with self.store.db.transaction(write=False) as conn:
            return await action_log.live_actions(conn, game_id)

    async def live_log_after(self, game_id: int, after: str) -> list[ActionRow]:
        async with self.store.db.transaction(write=False) as conn:
            return await action_log.live_actions_after(conn, game_id, after)

    async def hints(self, game_id: int) -> list[tuple[int, int]]:
        async with self.store.db.transaction(write=False) as conn:
            return await game_rows.hints(conn, game_id)

    async def game_language(self, game_id: int) -> str:
        async with self.store.db.transaction(write=False) as conn:
            return await game_rows.game_language(conn, game_id)
