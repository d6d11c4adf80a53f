"""The seats the bot plays: each decision is computed in a worker process, away from the
event loop and outside any transaction (a strong player thinks for up to a few seconds), then saved
like a person's move, guarded by the version it was computed on; the channel is brought up to date
after every move, so a table of bots and one person advances without waiting on Discord.

The announcer starts the bot (``kick``) whenever a game waits on a seat the bot plays: after a
person's move, a start, a replacement, and the catch-up at start-up, so a decision pending at a
crash is taken after the restart.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot import plugins
from bot.service.ai_pool import AiPool
from bot.service.sessions import Sessions
from engine.core import Event

log = logging.getLogger(__name__)

# Enough for every decision of a long stretch of play with four bot seats; a game that needs more
# is stuck (an engine bug), and the loop must not spin forever.
MAX_BOT_STEPS = 2000

Announce = Callable[[int, list[Event]], Awaitable[None]]


class BotPlayers:
    def __init__(self, sessions: Sessions, pool: AiPool) -> None:
        self.sessions = sessions
        self.pool = pool
        self._playing: dict[int, asyncio.Task[None]] = {}
        # Games kicked while their loop was running: it reads the table once more before it ends.
        self._kicked_again: set[int] = set()

    def kick(self, game_id: int, announce: Announce) -> None:
        """Play the game's bot seats until a person must decide (at most one loop per game: a
        running loop reads the newest state before every decision, and once more before it ends if
        kicked meanwhile)."""
        if game_id in self._playing:
            # The loop may be reading the table as it was before the move that kicks it, and would
            # end on "a person decides": the bot's seat then waited for the catch-up, minutes later.
            self._kicked_again.add(game_id)
            return
        self._playing[game_id] = asyncio.create_task(self._play(game_id, announce), name=f"bots-{game_id}")

    async def idle(self) -> None:
        """Wait until no game's bots are thinking (tests, shutdown)."""
        while self._playing:
            await asyncio.gather(*self._playing.values(), return_exceptions=True)

    def close(self) -> None:
        for task in self._playing.values():
            task.cancel()

    async def _play(self, game_id: int, announce: Announce) -> None:
        moved = False
        try:
            for _ in range(MAX_BOT_STEPS):
                self._kicked_again.discard(game_id)
                turn = await self.sessions.play.bot_turn(game_id)
                if turn is None:
                    if game_id in self._kicked_again:
                        continue
                    break
                found = plugins.plugin(turn.table.game.game)
                notation = await self.pool.choose(found, turn.snapshot, turn.seat, turn.seed, turn.level)
                result = await self.sessions.play.act_for_bot(turn, notation)
                if result is not None:
                    moved = True
                    await announce(game_id, result.events)
            else:
                log.error("game %s: the bot took %d decisions in a row and stopped", game_id, MAX_BOT_STEPS)
        except asyncio.CancelledError:
            raise
        except Exception:
            # Tried again by the catch-up (the decision is still pending).
            log.exception("game %s: the bot could not take its turn", game_id)
        finally:
            self._playing.pop(game_id, None)
            self._kicked_again.discard(game_id)
        if moved:
            # Whatever changed while this loop was ending is announced (and the bot kicked again).
            await announce(game_id, [])
