"""The lobby: open a table, join it, seat a bot, leave, start, abandon; and who hosts when the host
no longer plays."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot import plugins, storage
from bot.service.after_game.record import record_end
from bot.service.progress import player_range
from bot.service.progress import progress as progress_of
from bot.service.refusals import (
    AlreadySeated,
    ChannelOccupied,
    HostOnly,
    NotAPlayer,
    NotEnoughPlayers,
    NotInLobby,
    NotInProgress,
    StartAnyway,
    TableFull,
)
from bot.service.speeds import DEFAULT_SPEED, SPEEDS
from bot.service.store import Store, save
from bot.service.tables import GameStatus, Table, load_table
from bot.service.words import level_word
from bot.storage import Status
from bot.storage import clocks as clock_rows
from bot.storage import games as game_rows
from bot.storage.connection import Connection
from engine.core import IllegalAction, InvalidOptions, StaleState
from engine.core.words import msg, plural
from render.common.language import DEFAULT, LANGUAGES, t


@dataclass
class Lobby:
    store: Store

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_name: str,
        host_id: int,
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        host_name: str | None = None,
        thread: bool = False,
        speed: str = DEFAULT_SPEED,
        language: str = DEFAULT,
    ) -> Table:
        """Open a lobby in the channel, the host seated first; with ``thread``, the game is played in a
        thread of its own once started (``move_to_thread``); ``speed`` is its turn clock
        (``bot.service.speeds``);
        ``language`` the language of its public posts."""
        game = plugins.game(game_name)
        if language not in LANGUAGES:
            raise InvalidOptions(msg("There is no language {language}.", language=repr(language[:10])))
        if speed not in SPEEDS:
            raise InvalidOptions(
                msg(
                    "There is no speed {speed}; choose one of {speeds}.",
                    speed=repr(speed[:40]),
                    speeds=", ".join(SPEEDS),
                )
            )
        if seats is not None and not game.min_players <= seats <= game.max_players:
            raise InvalidOptions(
                msg(
                    "{title} is played by {players}, not {seats}.",
                    title=game.title,
                    players=player_range(game),
                    seats=seats,
                )
            )
        if options:
            # Refuse unknown or impossible options now, not when the host presses Start.
            game.new_game(seats or game.max_players, 0, options)
        at = self.store.now()
        async with self.store.db.transaction() as conn:
            try:
                game_id = await game_rows.insert_game(
                    conn,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game.name,
                    options=json.dumps(dict(options or {}), sort_keys=True),
                    seats_wanted=seats,
                    at=at,
                    thread_wanted=thread,
                    language=language,
                )
            except storage.ChannelBusy:
                busy = await game_rows.open_game_in_channel(conn, channel_id)
                if busy is None:
                    said = msg(
                        "This channel already has a game (open); "
                        "finish or abandon it first, or use another channel."
                    )
                elif busy.status is Status.LOBBY:
                    said = msg(
                        "This channel already has {title} (lobby); "
                        "finish or abandon it first, or use another channel.",
                        title=plugins.game(busy.game).title,
                    )
                else:
                    said = msg(
                        "This channel already has {title} (active); "
                        "finish or abandon it first, or use another channel.",
                        title=plugins.game(busy.game).title,
                    )
                raise ChannelOccupied(said) from None
            await game_rows.add_seat(conn, game_id, host_id, host=True, at=at, name=host_name)
            await clock_rows.set_speed(conn, game_id, speed)
            return await load_table(conn, game_id)

    async def move_to_thread(self, game_id: int, thread_id: int) -> Table:
        """The started game is played in ``thread_id`` from now on (opened on its lobby message)."""
        async with self.store.db.transaction() as conn:
            await game_rows.move_to_thread(conn, game_id, thread_id)
            return await load_table(conn, game_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.store.db.transaction() as conn:
            await game_rows.set_lobby_message(conn, game_id, message_id)

    async def join(
        self, game_id: int, user_id: int, name: str | None = None, *, channel_id: int | None = None
    ) -> Table:
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id, channel_id)
            game = plugins.game(table.game.game)
            _require_lobby(table, _JOIN)
            if table.seat_of(user_id) is not None:
                raise AlreadySeated(msg("You are already at this table."))
            limit = table.game.seats_wanted or game.max_players
            if len(table.seats) >= limit:
                raise TableFull(
                    plural("The table is full ({n} player).", "The table is full ({n} players).", limit)
                )
            at = self.store.now()
            await game_rows.add_seat(conn, game_id, user_id, host=False, at=at, name=name)
            await save(conn, table, at=at)
            return await load_table(conn, game_id)

    async def add_bot(
        self, game_id: int, user_id: int, level: str, *, channel_id: int | None = None
    ) -> Table:
        """The host seats a bot at ``level`` in the lobby (one of the game's ``ai_levels``)."""
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id, channel_id)
            game = plugins.game(table.game.game)
            _require_lobby(table, _SEAT_A_BOT)
            if table.host_id != user_id:
                raise HostOnly(msg("Only the host can seat a bot."))
            if level not in game.ai_levels:
                raise IllegalAction(
                    msg(
                        "{title}'s bots play at {levels}.",
                        title=game.title,
                        levels=", ".join(level_word(known) for known in game.ai_levels),
                    )
                )
            limit = table.game.seats_wanted or game.max_players
            if len(table.seats) >= limit:
                raise TableFull(
                    plural("The table is full ({n} player).", "The table is full ({n} players).", limit)
                )
            at = self.store.now()
            number = sum(1 for s in table.seats if s.is_ai) + 1
            name = t("{level} bot {number}", level=level_word(level).capitalize(), number=number)
            await game_rows.add_bot_seat(conn, game_id, level=level, name=name, at=at)
            await save(conn, table, at=at)
            return await load_table(conn, game_id)

    async def leave(self, game_id: int, user_id: int, *, channel_id: int | None = None) -> Table:
        """Leave a lobby. The host's role passes to the next in join order; an empty lobby closes."""
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id, channel_id)
            _require_lobby(table, _LEAVE)
            if table.seat_of(user_id) is None:
                raise NotAPlayer(msg("You are not at this table."))
            at = self.store.now()
            await game_rows.remove_seat(conn, game_id, user_id)
            rest = [s for s in table.seats if s.user_id != user_id]
            status = None
            if not rest:
                status = Status.ABANDONED
            elif table.host_id == user_id:
                await game_rows.set_host(conn, game_id, rest[0].user_id)
            await save(conn, table, at=at, status=status)
            return await load_table(conn, game_id)

    async def start(
        self,
        game_id: int,
        user_id: int,
        *,
        expected_version: int | None = None,
        channel_id: int | None = None,
        anyway: bool = False,
        seed: int | None = None,
    ) -> GameStatus:
        """The host starts: seats are numbered in join order and the engine sets up the game.

        With fewer seated than the table was set for, or alone at a table set for nobody in
        particular, the host is asked first (``StartAnyway``; ``anyway=True`` is the answer):
        neither a dead end nor a solo game by surprise. ``seed``: the deal, when it is not drawn at
        random (the weekly challenge's)."""
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id, channel_id)
            _require_lobby(table, _START)
            if table.host_id != user_id:
                raise HostOnly(msg("Only the host can start the game."))
            if expected_version is not None and table.version != expected_version:
                raise StaleState(
                    msg("The table changed since this lobby was shown; check it and press Start again.")
                )
            game = plugins.game(table.game.game)
            count = len(table.seats)
            wanted = table.game.seats_wanted
            if count < game.min_players:
                raise NotEnoughPlayers(
                    msg(
                        "{title} needs {players}; {count} seated.",
                        title=game.title,
                        players=player_range(game),
                        count=count,
                    )
                )
            if not anyway and wanted is not None and count < wanted:
                raise StartAnyway(
                    plural(
                        "This table is set for {wanted} players and {n} is seated. "
                        "Start with {n}, or wait for more to join?",
                        "This table is set for {wanted} players and {n} are seated. "
                        "Start with {n}, or wait for more to join?",
                        count,
                        wanted=wanted,
                    ),
                    seated=count,
                )
            if not anyway and wanted is None and count == 1:
                raise StartAnyway(
                    msg(
                        "You are alone at the table: {title} for one player is a solo game. "
                        "Start it, or wait for others to join?",
                        title=game.title,
                    ),
                    seated=count,
                )
            seed = self.store.new_seed() if seed is None else seed
            state = game.new_game(count, seed, json.loads(table.game.options))
            progress = progress_of(game, state)
            at = self.store.now()
            await game_rows.assign_seats(conn, game_id, table.player_ids)
            status = Status.FINISHED if progress.decision.finished else Status.ACTIVE
            await save(conn, table, at=at, status=status, seed=seed, snapshot=game.dump_state(state))
            if status is Status.FINISHED:
                await record_end(conn, table, status, game.dump_state(state), at)
            return GameStatus(await load_table(conn, game_id), progress)

    async def abandon(self, game_id: int, user_id: int, *, may_manage: bool) -> Table:
        """End a lobby or game without a result: its host, or a member with Manage Server."""
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id)
            if not table.game.status.is_open:
                raise NotInProgress(msg("This game has already ended."))
            if table.host_id != user_id and not may_manage:
                raise HostOnly(msg("Only the host or a member with Manage Server can abandon this game."))
            at = self.store.now()
            await save(conn, table, at=at, status=Status.ABANDONED)
            # A started game keeps its result (abandoned, unrated); a lobby leaves none.
            await record_end(conn, table, Status.ABANDONED, None, at)
            return await load_table(conn, game_id)


# What a lobby's buttons do, each refused in its own sentence once the lobby is gone: (started, ended).
Refused = tuple[str, str]
_JOIN: Refused = (
    msg("The game has already started; you cannot join now."),
    msg("This game has ended; you cannot join it."),
)
_SEAT_A_BOT: Refused = (
    msg("The game has already started; you cannot seat a bot now."),
    msg("This game has ended; you cannot seat a bot at it."),
)
_LEAVE: Refused = (
    msg("The game has already started; you cannot leave now."),
    msg("This game has ended; you cannot leave it."),
)
_START: Refused = (
    msg("The game has already started; you cannot start now."),
    msg("This game has ended; you cannot start it."),
)


def _require_lobby(table: Table, refused: Refused) -> None:
    status = table.game.status
    if status is Status.ACTIVE:
        raise NotInLobby(refused[0])
    if status is not Status.LOBBY:
        raise NotInLobby(refused[1])


async def pass_host_on(conn: Connection, table: Table, seat: int) -> int | None:
    """The player at ``seat`` no longer plays (expelled): if they hosted, the host's powers pass to the
    next person round the table from that seat whose seat the bot does not play. Returns the new
    host's user id, None when the role did not move."""
    if table.host_id is None or table.user_at(seat) != table.host_id:
        return None
    count = len(table.seats)
    for step in range(1, count):
        other = (seat + step) % count
        user = table.user_at(other)
        if other not in table.ai_seats and user is not None:
            await game_rows.set_host(conn, table.id, user)
            return user
    return None
