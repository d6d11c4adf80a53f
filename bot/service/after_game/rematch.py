"""Rematch: a finished game's players open a new lobby with the same game, options, table size,
speed, language and bots (each at its level), in the channel the finished game was opened from.

The player who asks hosts it and is seated; every other person of the finished game is invited and
takes their seat again with one click on the lobby's Join (the lobby's own rules: anyone may still
join a free seat, the host starts as usual). Seats are numbered at the start in join order, as for
any lobby, so who plays first is not carried over. Nothing new is stored: a second request while the
rematch is open meets the channel's one-open-game rule and its sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot import plugins
from bot.service.lobby import Lobby
from bot.service.refusals import NotAPlayer, NotInProgress
from bot.service.store import Store, save
from bot.service.tables import Table, load_table
from bot.service.words import level_word
from bot.storage import Status
from bot.storage import clocks as clock_rows
from bot.storage import games as game_rows
from engine.core.words import msg
from render.common.language import speaking, t


@dataclass(frozen=True)
class Opened:
    """The rematch's lobby, the finished game it repeats, and the people asked to join it."""

    table: Table
    old: Table
    invited: list[int]


def is_bot(user_id: int) -> bool:
    return user_id < game_rows.BOT_USER_IDS


@dataclass
class Rematch:
    store: Store
    lobby: Lobby

    async def open(self, game_id: int, user_id: int, name: str | None = None) -> Opened:
        async with self.store.db.transaction(write=False) as conn:
            old = await load_table(conn, game_id)
            speed = await clock_rows.game_speed(conn, game_id)
        if old.game.status is not Status.FINISHED:
            raise NotInProgress(msg("Only a finished game can be played again."))
        if is_bot(user_id) or old.seat_of(user_id) is None:
            raise NotAPlayer(msg("Only the players of this game can ask for a rematch."))
        table = await self.lobby.create_game(
            guild_id=old.game.guild_id,
            channel_id=old.game.parent_channel_id or old.game.channel_id,
            game_name=old.game.game,
            host_id=user_id,
            seats=len(old.seats),
            options=json.loads(old.game.options),
            host_name=name,
            thread=old.game.thread_wanted,
            speed=speed,
            language=old.game.language,
        )
        bots = [s for s in sorted(old.seats, key=lambda s: s.joined_seq) if is_bot(s.user_id)]
        if bots:
            async with self.store.db.transaction() as conn:
                at = self.store.now()
                with speaking(old.game.language):
                    for number, seat in enumerate(bots, start=1):
                        level = seat.ai_level or plugins.game(old.game.game).ai_levels[0]
                        name = t("{level} bot {number}", level=level_word(level).capitalize(), number=number)
                        await game_rows.add_bot_seat(conn, table.id, level=level, name=name, at=at)
                await save(conn, table, at=at)
                table = await load_table(conn, table.id)
        invited = [s.user_id for s in old.seats if not is_bot(s.user_id) and s.user_id != user_id]
        return Opened(table, old, invited)
