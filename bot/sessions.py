"""Sessions: the one place where a game is loaded, changed by the engine and saved.

Plain ids and engine notation in, results out; knows neither Discord nor Pillow, so it is tested
with a real SQLite file. Every change is load → check → apply → save inside one write
transaction, under a per-game ``asyncio.Lock`` (serialises clicks in this process) and with an
optimistic version check in the UPDATE (refuses a writer that raced us from another process).

The log is replayable: ``new_game(players, seed, options)`` plus the logged notations in seq
order gives exactly the stored snapshot (``replay``), which later undo work builds on.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot import storage
from bot.refusals import (
    AlreadySeated,
    ChannelOccupied,
    HostOnly,
    NoGameHere,
    NotAPlayer,
    NotEnoughPlayers,
    NotInLobby,
    NotInProgress,
    TableFull,
)
from bot.storage import Database, GameRow, SeatRow, Status
from bot.storage import actions as action_log
from bot.storage import games as game_rows
from engine.core import (
    Decision,
    Event,
    Game,
    GameOver,
    GameState,
    IllegalAction,
    InvalidOptions,
    NotYourTurn,
    ScoreSheet,
    StaleState,
    get_game,
)

STALE_CHOICE = "That choice is out of date: the game has moved on. Use the latest message."


def _now() -> datetime:
    return datetime.now(UTC)


def _new_seed() -> int:
    # 62 bits: fits SQLite's signed 64-bit INTEGER with room to spare.
    return secrets.randbits(62)


@dataclass(frozen=True)
class Table:
    """A game row with its seats: who sits where, who hosts."""

    game: GameRow
    seats: list[SeatRow]

    @property
    def id(self) -> int:
        return self.game.id

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def host_id(self) -> int | None:
        return next((s.user_id for s in self.seats if s.is_host), None)

    @property
    def player_ids(self) -> list[int]:
        """User ids in seat order (join order while in the lobby)."""
        return [s.user_id for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The seat number once started; in the lobby, the position in join order."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return seat.seat if seat.seat is not None else index
        return None

    def user_at(self, seat: int) -> int | None:
        for row in self.seats:
            if row.seat == seat:
                return row.user_id
        return None


@dataclass(frozen=True)
class Choice:
    """One legal action: its notation (travels in a custom_id) and a label for a player."""

    notation: str
    label: str


@dataclass(frozen=True)
class Progress:
    """What the engine says about a started game: who decides, their choices, the score."""

    decision: Decision
    choices: dict[int, list[Choice]]
    score: ScoreSheet | None


@dataclass(frozen=True)
class GameStatus:
    table: Table
    progress: Progress | None


@dataclass(frozen=True)
class ActResult:
    table: Table
    seat: int
    notation: str
    label: str
    seq: int
    events: list[Event]
    progress: Progress
    duplicate: bool = False

    @property
    def version(self) -> int:
        return self.table.version


@dataclass
class Sessions:
    db: Database
    clock: Callable[[], datetime] = _now
    new_seed: Callable[[], int] = _new_seed
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict, init=False, repr=False)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _at(self) -> str:
        return self.clock().isoformat()

    # ----------------------------------------------------------------------------- lobby

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_name: str,
        host_id: int,
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Table:
        """Open a lobby in the channel, the host seated first."""
        game = get_game(game_name)
        if seats is not None and not game.min_players <= seats <= game.max_players:
            raise InvalidOptions(f"{game.title} is played by {player_range(game)}, not {seats}.")
        at = self._at()
        async with self.db.transaction() as conn:
            try:
                game_id = await game_rows.insert_game(
                    conn,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game.name,
                    options=json.dumps(dict(options or {}), sort_keys=True),
                    seats_wanted=seats,
                    at=at,
                )
            except storage.ChannelBusy:
                busy = await game_rows.open_game_in_channel(conn, channel_id)
                title = get_game(busy.game).title if busy else "a game"
                raise ChannelOccupied(
                    f"This channel already has {title} ({busy.status.value if busy else 'open'}); "
                    "finish or abandon it first, or use another channel."
                ) from None
            await game_rows.add_seat(conn, game_id, host_id, host=True, at=at)
            return await _table(conn, game_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.db.transaction() as conn:
            await game_rows.set_lobby_message(conn, game_id, message_id)

    async def join(self, game_id: int, user_id: int) -> Table:
        async with self._lock(game_id), self.db.transaction() as conn:
            table = await _table(conn, game_id)
            game = get_game(table.game.game)
            _require_lobby(table, "join")
            if table.seat_of(user_id) is not None:
                raise AlreadySeated("You are already at this table.")
            limit = table.game.seats_wanted or game.max_players
            if len(table.seats) >= limit:
                raise TableFull(f"The table is full ({limit} players).")
            at = self._at()
            await game_rows.add_seat(conn, game_id, user_id, host=False, at=at)
            await _bump(conn, table, at=at)
            return await _table(conn, game_id)

    async def leave(self, game_id: int, user_id: int) -> Table:
        """Leave a lobby. The host's role passes to the next in join order; an empty lobby closes."""
        async with self._lock(game_id), self.db.transaction() as conn:
            table = await _table(conn, game_id)
            _require_lobby(table, "leave")
            if table.seat_of(user_id) is None:
                raise NotAPlayer("You are not at this table.")
            at = self._at()
            await game_rows.remove_seat(conn, game_id, user_id)
            rest = [s for s in table.seats if s.user_id != user_id]
            status = None
            if not rest:
                status = Status.ABANDONED
            elif table.host_id == user_id:
                await game_rows.set_host(conn, game_id, rest[0].user_id)
            await _bump(conn, table, at=at, status=status)
            return await _table(conn, game_id)

    async def start(self, game_id: int, user_id: int, *, expected_version: int | None = None) -> GameStatus:
        """The host starts: seats are numbered in join order and the engine sets up the game."""
        async with self._lock(game_id), self.db.transaction() as conn:
            table = await _table(conn, game_id)
            _require_lobby(table, "start")
            if table.host_id != user_id:
                raise HostOnly("Only the host can start the game.")
            if expected_version is not None and table.version != expected_version:
                raise StaleState(
                    "The table changed since this lobby was shown; check it and press Start again."
                )
            game = get_game(table.game.game)
            count = len(table.seats)
            wanted = table.game.seats_wanted
            if wanted is not None and count != wanted:
                raise NotEnoughPlayers(f"This table is set for {wanted} players; {count} seated.")
            if count < game.min_players:
                raise NotEnoughPlayers(f"{game.title} needs {player_range(game)}; {count} seated.")
            seed = self.new_seed()
            state = game.new_game(count, seed, json.loads(table.game.options))
            progress = _progress(game, state)
            at = self._at()
            await game_rows.assign_seats(conn, game_id, table.player_ids)
            status = Status.FINISHED if progress.decision.finished else Status.ACTIVE
            await _bump(conn, table, at=at, status=status, seed=seed, snapshot=game.dump_state(state))
            return GameStatus(await _table(conn, game_id), progress)

    async def abandon(self, game_id: int, user_id: int, *, may_manage: bool) -> Table:
        """End a lobby or game without a result: its host, or a member with Manage Server."""
        async with self._lock(game_id), self.db.transaction() as conn:
            table = await _table(conn, game_id)
            if not table.game.status.is_open:
                raise NotInProgress("This game has already ended.")
            if table.host_id != user_id and not may_manage:
                raise HostOnly("Only the host or a member with Manage Server can abandon this game.")
            await _bump(conn, table, at=self._at(), status=Status.ABANDONED)
            return await _table(conn, game_id)

    # ----------------------------------------------------------------------------- play

    async def act(
        self,
        game_id: int,
        user_id: int,
        notation: str,
        *,
        expected_version: int | None,
        interaction_id: int | None,
        seat: int | None = None,
    ) -> ActResult:
        """Apply one action for the user's seat.

        An interaction id already in the log returns the recorded result and applies nothing
        (Discord may deliver an interaction twice). ``expected_version`` is the version the
        player saw; if the game moved on since, ``StaleState``. ``seat``, when given, is the seat
        the choice was offered to: another player pressing it is refused.
        """
        async with self._lock(game_id), self.db.transaction() as conn:
            if interaction_id is not None:
                seen = await action_log.action_by_interaction(conn, interaction_id)
                if seen is not None:
                    return await self._recorded(conn, seen)
            table = await _table(conn, game_id)
            own_seat = table.seat_of(user_id)
            if own_seat is None:
                raise NotAPlayer("You are not playing in this game.")
            if table.game.status is Status.LOBBY:
                raise NotInProgress("The game has not started yet.")
            if table.game.status is not Status.ACTIVE:
                raise GameOver("This game has ended.")
            if seat is not None and seat != own_seat:
                raise NotYourTurn("These choices are for another player.")
            if expected_version is not None and table.version != expected_version:
                raise StaleState(STALE_CHOICE)
            game = get_game(table.game.game)
            state = _load(game, table)
            decision = game.pending(state)
            if decision.finished:
                raise GameOver("This game has ended.")
            if own_seat not in decision.seats:
                raise NotYourTurn("It is not your turn.")
            action = game.parse_action(notation)
            canonical = game.format_action(action)
            legal = {game.format_action(a) for a in game.legal_actions(state, own_seat)}
            if canonical not in legal:
                # Let the engine name the rule that forbids it; if it would allow it, the list of
                # choices is the authority and the action is refused anyway.
                game.apply(state, own_seat, action)
                raise IllegalAction(f"{canonical!r} is not one of your choices now.")
            label = game.describe_action(state, action)
            step = game.apply(state, own_seat, action)
            progress = _progress(game, step.state)
            at = self._at()
            status = Status.FINISHED if progress.decision.finished else None
            new_version = await _bump(conn, table, at=at, status=status, snapshot=game.dump_state(step.state))
            try:
                seq = await action_log.append_action(
                    conn,
                    game_id,
                    seat=own_seat,
                    user_id=user_id,
                    notation=canonical,
                    interaction_id=interaction_id,
                    version_after=new_version,
                    events=json.dumps([e.model_dump(mode="json") for e in step.events]),
                    at=at,
                )
            except action_log.DuplicateInteraction as exc:
                # Only reachable when another process logged this interaction id first.
                raise StaleState("That choice was already recorded.") from exc
            return ActResult(
                await _table(conn, game_id), own_seat, canonical, label, seq, step.events, progress
            )

    async def _recorded(self, conn: Any, seen: storage.ActionRow) -> ActResult:
        table = await _table(conn, seen.game_id)
        game = get_game(table.game.game)
        events = [Event.model_validate(e) for e in json.loads(seen.events)]
        progress = _progress(game, _load(game, table))
        return ActResult(
            table, seen.seat, seen.notation, seen.notation, seen.seq, events, progress, duplicate=True
        )

    # ----------------------------------------------------------------------------- reading

    async def status(self, game_id: int) -> GameStatus:
        async with self.db.transaction(write=False) as conn:
            return await _status(conn, await _table(conn, game_id))

    async def status_in_channel(self, channel_id: int, *, include_ended: bool = False) -> GameStatus:
        """The channel's lobby or game in progress (or, with ``include_ended``, its latest game)."""
        async with self.db.transaction(write=False) as conn:
            row = await game_rows.open_game_in_channel(conn, channel_id)
            if row is None and include_ended:
                row = await game_rows.latest_game_in_channel(conn, channel_id)
            if row is None:
                raise NoGameHere("There is no game in this channel. Start one with /game new.")
            return await _status(conn, await _table(conn, row.id))

    async def replay(self, game_id: int) -> GameState:
        """``new_game(seed)`` plus the action log: equals the snapshot unless something is wrong."""
        async with self.db.transaction(write=False) as conn:
            table = await _table(conn, game_id)
            log = await action_log.list_actions(conn, game_id)
        if table.game.seed is None:
            raise NotInProgress("The game has not started yet.")
        game = get_game(table.game.game)
        state: GameState = game.new_game(len(table.seats), table.game.seed, json.loads(table.game.options))
        for row in log:
            state = game.apply(state, row.seat, game.parse_action(row.notation)).state
        return state

    async def load(self, game_id: int) -> GameState:
        async with self.db.transaction(write=False) as conn:
            table = await _table(conn, game_id)
        return _load(get_game(table.game.game), table)


# --------------------------------------------------------------------------------- helpers


def player_range(game: Game[Any, Any]) -> str:
    if game.min_players == game.max_players:
        return f"exactly {game.min_players} players"
    return f"{game.min_players}–{game.max_players} players"


def _require_lobby(table: Table, verb: str) -> None:
    status = table.game.status
    if status is Status.ACTIVE:
        raise NotInLobby(f"The game has already started; you cannot {verb} now.")
    if status is not Status.LOBBY:
        raise NotInLobby(f"This game has ended; you cannot {verb} it.")


async def _table(conn: Any, game_id: int) -> Table:
    row = await game_rows.get_game(conn, game_id)
    if row is None:
        raise NoGameHere("That game no longer exists.")
    return Table(row, await game_rows.list_seats(conn, game_id))


async def _bump(
    conn: Any,
    table: Table,
    *,
    at: str,
    status: Status | None = None,
    seed: int | None = None,
    snapshot: str | None = None,
) -> int:
    version = await game_rows.update_game(
        conn,
        table.id,
        expected_version=table.version,
        at=at,
        status=status,
        seed=seed,
        snapshot=snapshot,
    )
    if version is None:
        raise StaleState("The game changed at the same moment; try again.")
    return version


def _load(game: Game[Any, Any], table: Table) -> GameState:
    if table.game.snapshot is None:
        raise NotInProgress("The game has not started yet.")
    state: GameState = game.load_state(table.game.snapshot)
    return state


def _progress(game: Game[Any, Any], state: GameState) -> Progress:
    decision = game.pending(state)
    choices = {
        seat: [
            Choice(game.format_action(a), game.describe_action(state, a))
            for a in game.legal_actions(state, seat)
        ]
        for seat in decision.seats
    }
    return Progress(decision, choices, game.score(state) if decision.finished else None)


async def _status(conn: Any, table: Table) -> GameStatus:
    if table.game.snapshot is None:
        return GameStatus(table, None)
    return GameStatus(table, _progress(get_game(table.game.game), _load(get_game(table.game.game), table)))
