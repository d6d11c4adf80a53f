"""Sessions: the one place where a game is loaded, changed by the engine and saved.

Plain ids and engine notation in, results out (the lobby's part is ``bot.seating``); knows
neither Discord nor Pillow, so it is tested with a real SQLite file and a real PostgreSQL
database. Every change is load → check → apply → save inside one write transaction that holds
the game (SQLite: the database's write lock; PostgreSQL: the game's row lock,
``games.lock_game``) and with an optimistic version check in the UPDATE (refuses a writer that
acted on a version it did not hold).

The log is replayable: ``new_game(players, seed, options)`` plus the logged notations in seq
order, minus the undone ones, gives exactly the stored snapshot (``replay``).

Undo (issue 6): a player may revert their own last step, one step per request, as long as that
step is the last live action of the game, was taken by their seat, and is not an undo barrier
(the engine's ``Step.barrier``: a random draw, a reveal, a new round, or the decision passing to
another seat; the game alone decides it). The log stays append-only: an undo adds a row to
``undos`` and the snapshot is rebuilt by replay.

Done by itself (issue 18): when a player's step leaves them nothing to choose but the action that ends
the phase (``Decision.done``: "End your turn", "Done moving employees"), the same request takes it for
them and logs it as their own action, one click fewer a turn; that step can then not be undone, since the
decision passed on (the game's barrier).

AI seats: a seat the bot plays (added in the lobby, replaced, skipped) decides in the AI worker
process outside any transaction (``bot_turn``), and its choice is saved by ``act_for_bot`` like a
person's move, guarded by the version the turn was read at.

A move's engine work (checking, applying, scoring, listing the next choices: 0.4 ms median, over
1 ms for one move in ten, 7 ms p99) runs in one engine thread (``bot.moves.play_move``), not on the
event loop, so the acknowledgements of other clicks do not wait for it (issue 19); the database work around it
stays on the loop, in the transaction. Reading a status lists choices on the loop (0.1 ms median).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot import plugins, said_events, storage
from bot.moves import LoggedMove, PlayedMove, off_loop, play_move, replay_log
from bot.progress import BotTurn, replacement_level
from bot.progress import progress as progress_of
from bot.refusals import AlreadySeated, HostOnly, NoGameHere, NotAPlayer, NotInProgress
from bot.seating import Seating, save, state_of
from bot.storage import Status
from bot.storage import actions as action_log
from bot.storage import games as game_rows
from bot.tables import ActResult, GameStatus, Progress, Table, load_table
from engine.core import (
    Game,
    GameOver,
    GameState,
    IllegalAction,
    NotYourTurn,
    ScoreSheet,
    StaleState,
)
from engine.core.words import msg, plural

STALE_CHOICE = msg("That choice is out of date: the game has moved on. Use the latest message.")
# Undos one game may hold; an import refuses more (``bot.transfer``), so every export imports.
MAX_UNDOS = 2_000
# The key of a game's final post in ``posts`` (a checkpoint's summary is keyed by its key).
FINAL_POST = "final"
# The short result with a link that a game played in its own thread owes its lobby's channel.
FINAL_IN_PARENT = "final-parent"
NOTHING_TO_UNDO = msg(
    "Nothing to undo: only your own steps since the last hand-over, new round or draw can be undone."
)


@dataclass
class Sessions(Seating):
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
        channel_id: int | None = None,
    ) -> ActResult:
        """Apply one action for the user's seat.

        An interaction id already in the log returns the recorded result and applies nothing
        (Discord may deliver an interaction twice). ``expected_version`` is the version the
        player saw; if the game moved on since, ``StaleState`` — unless only other seats acted
        meanwhile (a simultaneous choice such as activation: nothing they do changes this seat's
        options, and the action must still be legal now). ``seat``, when given, is the seat the
        choice was offered to: another player pressing it is refused. ``channel_id``, when given,
        is where the click happened: a custom_id replayed in another channel is refused.
        """
        async with self.db.transaction() as conn:
            await game_rows.lock_game(conn, game_id)
            if interaction_id is not None:
                seen = await action_log.action_by_interaction(conn, interaction_id)
                if seen is not None:
                    return await self._recorded(conn, seen)
            table = await load_table(conn, game_id, channel_id)
            own_seat = _check_actor(table, user_id, seat)
            if (
                expected_version is not None
                and table.version != expected_version
                and (
                    expected_version > table.version
                    or await action_log.seat_changed_since(conn, game_id, own_seat, expected_version)
                )
            ):
                raise StaleState(STALE_CHOICE)
            game = plugins.game(table.game.game)
            offered = self.offered.at(table, own_seat)
            played = await off_loop(play_move, game, table, own_seat, notation, True, offered)
            at = self._at()
            step = played.step
            moves = [
                LoggedMove(own_seat, user_id, played.notation, interaction_id, step.events, step.barrier)
            ]
            # Done, pressed with the step when it was all that was left (issue 18): the seat's own action,
            # so the log replays (and old logs, which have the click, too).
            moves += [LoggedMove(own_seat, user_id, n, None, e.events, e.barrier) for n, e in played.ended]
            # The bot's seats act afterwards, outside this transaction (``bot_turn``/``act_for_bot``).
            status = Status.FINISHED if played.finished else None
            new_version = await save(conn, table, at=at, status=status, snapshot=played.snapshot)
            try:
                seq = await _append(conn, game_id, moves, new_version, at)
            except action_log.DuplicateInteraction as exc:
                # Only reachable when another process logged this interaction id first.
                raise StaleState(msg("That choice was already recorded.")) from exc
            await _owe_posts(conn, game_id, played, at)
            result = ActResult(
                await load_table(conn, game_id),
                own_seat,
                played.notation,
                played.label,
                seq,
                played.events,
                await _with_undo(conn, game_id, played.progress),
                path=played.path,
            )
        self.offered.remember(game_id, new_version, played.progress)
        return result

    async def undo(
        self,
        game_id: int,
        user_id: int,
        *,
        expected_version: int | None,
        interaction_id: int | None,
        seat: int | None = None,
        channel_id: int | None = None,
    ) -> tuple[GameStatus, bool]:
        """Revert the user's last step (see the module docstring); returns the new status and
        whether this interaction had been applied before (then nothing changes now)."""
        async with self.db.transaction() as conn:
            await game_rows.lock_game(conn, game_id)
            if interaction_id is not None and await action_log.undo_by_interaction(conn, interaction_id):
                return await _status(conn, await load_table(conn, game_id)), True
            table = await load_table(conn, game_id, channel_id)
            own_seat = _check_actor(table, user_id, seat)
            if expected_version is not None and table.version != expected_version:
                raise StaleState(STALE_CHOICE)
            last = await action_log.last_live_action(conn, game_id)
            if last is None or last.seat != own_seat or last.barrier:
                raise IllegalAction(NOTHING_TO_UNDO)
            if await action_log.count_undos(conn, game_id) >= MAX_UNDOS:
                # Bounded so that the game's own export stays importable (bot.transfer).
                raise IllegalAction(
                    plural(
                        "This game has used all of its {n} undo.",
                        "This game has used all of its {n} undos.",
                        MAX_UNDOS,
                    )
                )
            game = plugins.game(table.game.game)
            rows = await action_log.live_actions(conn, game_id)
            state = replay_log(game, table, rows[:-1])
            at = self._at()
            new_version = await save(conn, table, at=at, snapshot=game.dump_state(state))
            try:
                await action_log.add_undo(
                    conn,
                    game_id,
                    last.seq,
                    user_id=user_id,
                    interaction_id=interaction_id,
                    version_after=new_version,
                    at=at,
                )
            except action_log.DuplicateInteraction as exc:
                raise StaleState(msg("That undo was already recorded.")) from exc
            return await _status(conn, await load_table(conn, game_id)), False

    async def replace_with_ai(
        self, game_id: int, user_id: int, target_user: int, *, may_manage: bool, level: str | None = None
    ) -> GameStatus:
        """The host or a member with Manage Server hands a seat to the bot, which plays it at once
        if it must decide. Old buttons of that seat become stale (the version moves on)."""
        async with self.db.transaction() as conn:
            table = await load_table(conn, game_id)
            if table.game.status is not Status.ACTIVE:
                raise NotInProgress(msg("Only a game in progress can have a player replaced."))
            if table.host_id != user_id and not may_manage:
                raise HostOnly(msg("Only the host or a member with Manage Server can replace a player."))
            seat = table.seat_of(target_user)
            if seat is None:
                raise NotAPlayer(msg("That member is not playing in this game."))
            if seat in table.ai_seats:
                raise AlreadySeated(msg("That seat is already played by the bot."))
            game = plugins.game(table.game.game)
            await game_rows.set_ai(conn, game_id, seat, level or replacement_level(game))
            # The version moves on, so the replaced player's old buttons are stale; the bot plays
            # the seat afterwards (``bot_turn``), like every seat it plays.
            await save(conn, table, at=self._at())
            return await _status(conn, await load_table(conn, game_id))

    async def hint_turn(self, game_id: int, user_id: int, *, channel_id: int | None = None) -> BotTurn:
        """The asking player's decision, as the strong bot would see it (``/game hint``); recorded,
        since /game log tells the table who asked."""
        async with self.db.transaction() as conn:
            table = await load_table(conn, game_id, channel_id)
            seat = _check_actor(table, user_id, None)
            game = plugins.game(table.game.game)
            if seat not in game.pending(state_of(game, table)).seats:
                raise NotYourTurn(msg("A hint is for your own decision: it is not your turn."))
            await game_rows.record_hint(conn, game_id, seat=seat, user_id=user_id, at=self._at())
        seed = (table.game.seed or 0) + 7919 * table.version + 1000 * seat + 1
        return BotTurn(table, seat, table.game.snapshot, seed, replacement_level(game))

    async def hints(self, game_id: int) -> list[tuple[int, int]]:
        async with self.db.transaction(write=False) as conn:
            return await game_rows.hints(conn, game_id)

    async def bot_turn(self, game_id: int) -> BotTurn | None:
        """The next decision of a seat the bot plays, with what its computer player needs; None when
        nobody the bot plays must decide (a person must, or the game is not in progress)."""
        async with self.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
        if table.game.status is not Status.ACTIVE or table.game.snapshot is None or not table.ai_seats:
            return None
        game = plugins.game(table.game.game)
        decision = game.pending(state_of(game, table))
        seats = [seat for seat in decision.seats if seat in table.ai_seats]
        if decision.finished or not seats:
            return None
        seat = seats[0]
        # Seeded by the game, its version and the seat: the choice is reproducible, and the log
        # records it, so a replay never depends on it.
        seed = (table.game.seed or 0) + 7919 * table.version + 1000 * seat
        return BotTurn(table, seat, table.game.snapshot, seed, table.ai_level(seat))

    async def act_for_bot(self, turn: BotTurn, notation: str) -> ActResult | None:
        """Apply the bot's choice for ``turn``; None (nothing changed) when the game moved on since
        the turn was read (a person acted, an undo, a replacement): the bot asks again."""
        async with self.db.transaction() as conn:
            table = await load_table(conn, turn.table.id)
            if table.version != turn.table.version or turn.seat not in table.ai_seats:
                return None
            game = plugins.game(table.game.game)
            played = await off_loop(play_move, game, table, turn.seat, notation, False)
            move = LoggedMove(
                turn.seat, table.user_at(turn.seat) or 0, notation, None, played.step.events, True
            )
            at = self._at()
            status = Status.FINISHED if played.finished else None
            new_version = await save(conn, table, at=at, status=status, snapshot=played.snapshot)
            seq = await _append(conn, table.id, [move], new_version, at)
            await _owe_posts(conn, table.id, played, at)
            progress = await _with_undo(conn, table.id, played.progress)
            table = await load_table(conn, table.id)
        self.offered.remember(table.id, new_version, played.progress)
        return ActResult(table, turn.seat, notation, played.label, seq, played.step.events, progress)

    async def set_prompt(
        self, game_id: int, *, message_id: int | None, seats: list[int] | None, since: str | None
    ) -> None:
        async with self.db.transaction() as conn:
            await game_rows.set_prompt(
                conn,
                game_id,
                message_id=message_id,
                seats=None if seats is None else json.dumps(sorted(seats)),
                since=since,
            )

    def now(self) -> str:
        return self._at()

    async def live_log(self, game_id: int) -> list[storage.ActionRow]:
        async with self.db.transaction(write=False) as conn:
            return await action_log.live_actions(conn, game_id)

    async def owed_posts(self, game_id: int) -> list[tuple[str, ScoreSheet | None, ScoreSheet | None]]:
        """The game's summaries and final post recorded with the moves that reached them but not
        sent yet, in order: (key, the score recorded with it, the score of the post before it), a
        score None where none was kept (posts recorded before scores were kept whole)."""
        async with self.db.transaction(write=False) as conn:
            owed = []
            for key, recorded in await game_rows.owed_posts(conn, game_id):
                before = await game_rows.totals_before(conn, game_id, key)
                owed.append((key, _sheet(recorded), None if before is None else _sheet(before)))
        return owed

    async def owe_posts(self, game_id: int, keys: list[str]) -> None:
        """Record the summaries of these checkpoints (and the final post, if the game is over) as
        owed, with the current totals, unless they were recorded before (``act`` records them
        with the moves that reach them; this covers callers that announce other changes)."""
        async with self.db.transaction() as conn:
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
                await game_rows.record_post(conn, game_id, key, score, self._at())

    async def mark_posted(
        self, game_id: int, key: str, *, message_id: int | None, picture_owed: bool = False
    ) -> bool:
        """The post ``key`` was sent (its picture still to come, with ``picture_owed``); False when it
        had been marked before."""
        async with self.db.transaction() as conn:
            return await game_rows.mark_posted(
                conn, game_id, key, message_id=message_id, at=self._at(), picture_owed=picture_owed
            )

    async def owed_pictures(self, game_id: int) -> list[tuple[str, int]]:
        """(key, message id) of the sent posts still waiting for their picture, in order."""
        async with self.db.transaction(write=False) as conn:
            return await game_rows.owed_pictures(conn, game_id)

    async def mark_pictured(self, game_id: int, key: str) -> bool:
        async with self.db.transaction() as conn:
            return await game_rows.mark_pictured(conn, game_id, key)

    async def set_prompt_unless_abandoned(self, game_id: int, *, message_id: int, seats: list[int]) -> bool:
        """``set_prompt`` for a newly posted turn line, in the same transaction as the check that
        the game was not abandoned meanwhile; False (nothing set) when it was."""
        async with self.db.transaction() as conn:
            if await game_rows.game_status(conn, game_id) is Status.ABANDONED:
                return False
            await game_rows.set_prompt(
                conn, game_id, message_id=message_id, seats=json.dumps(sorted(seats)), since=self._at()
            )
            return True

    async def games_to_catch_up(self, owns_guild: Callable[[int], bool] = lambda _: True) -> list[int]:
        """Games that may owe the channel something: every game in progress (its turn line) and
        every game with a summary or final post not sent yet; of the guilds ``owns_guild`` says this
        process runs (its shards), so that one process only catches a game up, the one whose clicks
        Discord sends it."""
        async with self.db.transaction(write=False) as conn:
            games = await game_rows.games_to_catch_up(conn)
        return [game_id for game_id, guild_id in games if owns_guild(guild_id)]

    async def _recorded(self, conn: Any, seen: storage.ActionRow) -> ActResult:
        table = await load_table(conn, seen.game_id)
        game = plugins.game(table.game.game)
        events = said_events.loads(seen.events)
        progress = await _progress_in(conn, game, table)
        return ActResult(
            table, seen.seat, seen.notation, seen.notation, seen.seq, events, progress, duplicate=True
        )

    # ----------------------------------------------------------------------------- reading

    async def status(self, game_id: int, *, channel_id: int | None = None) -> GameStatus:
        async with self.db.transaction(write=False) as conn:
            return await _status(conn, await load_table(conn, game_id, channel_id))

    async def status_in_channel(self, channel_id: int, *, include_ended: bool = False) -> GameStatus:
        """The channel's lobby or game in progress (or, with ``include_ended``, its latest game)."""
        async with self.db.transaction(write=False) as conn:
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
            return await _status(conn, await load_table(conn, row.id))

    async def replay(self, game_id: int) -> GameState:
        """``new_game(seed)`` plus the action log: equals the snapshot unless something is wrong."""
        async with self.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
            log = await action_log.live_actions(conn, game_id)
        if table.game.seed is None:
            raise NotInProgress(msg("The game has not started yet."))
        game = plugins.game(table.game.game)
        return replay_log(game, table, log)

    async def load(self, game_id: int) -> GameState:
        async with self.db.transaction(write=False) as conn:
            table = await load_table(conn, game_id)
        return state_of(plugins.game(table.game.game), table)


# --------------------------------------------------------------------------------- helpers


async def _owe_posts(conn: Any, game_id: int, played: PlayedMove, at: str) -> None:
    """Record, with the move, the summaries of the checkpoints it reached and the final post if the
    game ended: owed until the announcer has sent them (a crash in between loses none)."""
    if played.totals is None:
        return
    for key in played.checkpoints:
        await game_rows.record_post(conn, game_id, key, played.totals, at)
    if played.finished:
        for key in final_posts(await load_table(conn, game_id)):
            await game_rows.record_post(conn, game_id, key, played.totals, at)


def final_posts(table: Table) -> list[str]:
    """The posts a finished game owes: its final result, and the short result with a link in the
    lobby's channel when it was played in a thread of its own."""
    return [FINAL_POST, *([FINAL_IN_PARENT] if table.game.parent_channel_id is not None else [])]


async def _append(conn: Any, game_id: int, moves: list[LoggedMove], version: int, at: str) -> int:
    """Append the moves; returns the seq of the first one."""
    seqs = []
    for move in moves:
        seq = await action_log.append_action(
            conn,
            game_id,
            seat=move.seat,
            user_id=move.user_id,
            notation=move.notation,
            interaction_id=move.interaction_id,
            version_after=version,
            events=said_events.dumps(move.events),
            at=at,
            barrier=move.barrier,
        )
        seqs.append(seq)
    return seqs[0] if seqs else 0


def _check_actor(table: Table, user_id: int, seat: int | None) -> int:
    own_seat = table.seat_of(user_id)
    if own_seat is None:
        raise NotAPlayer(msg("You are not playing in this game."))
    if table.game.status is Status.LOBBY:
        raise NotInProgress(msg("The game has not started yet."))
    if table.game.status is not Status.ACTIVE:
        raise GameOver(msg("This game has ended."))
    if seat is not None and seat != own_seat:
        raise NotYourTurn(msg("These choices are for another player."))
    if own_seat in table.ai_seats:
        raise NotYourTurn(msg("Your seat is played by the bot now."))
    return own_seat


async def _progress_in(conn: Any, game: Game[Any, Any], table: Table) -> Progress:
    return await _with_undo(conn, table.id, progress_of(game, state_of(game, table)))


async def _with_undo(conn: Any, game_id: int, progress: Progress) -> Progress:
    """``progress`` with the seat that may undo its last step, if one may."""
    last = await action_log.last_live_action(conn, game_id)
    if last is not None and not last.barrier and last.seat in progress.decision.seats:
        progress = replace(progress, undoable=frozenset({last.seat}))
    return progress


async def _status(conn: Any, table: Table) -> GameStatus:
    if table.game.snapshot is None:
        return GameStatus(table, None)
    game = plugins.game(table.game.game)
    return GameStatus(table, await _progress_in(conn, game, table))


def _sheet(stored: str) -> ScoreSheet | None:
    """A post's recorded score; None for a post recorded before whole scores were kept (a list)."""
    data = json.loads(stored)
    return said_events.load_sheet(data) if isinstance(data, dict) else None
