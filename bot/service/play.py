"""Play: where a game is changed by the engine and saved — a person's move, an undo, a seat handed to
the bot, the bot's own moves, a hint.

Every change is load → check → apply → save inside one write transaction that holds the game
(SQLite: the database's write lock; PostgreSQL: the game's row lock, ``games.lock_game``) and with an
optimistic version check in the UPDATE (refuses a writer that acted on a version it did not hold).

The log is replayable: ``new_game(players, seed, options)`` plus the logged notations in seq order,
minus the undone ones, gives exactly the stored snapshot (``Reading.replay``).

Undo: a player may revert their own last step, one step per request, as long as that step is the
last live action of the game, was taken by their seat, and is not an undo barrier (the engine's
``Step.barrier``: a random draw, a reveal, a new round, or the decision passing to another seat; the
game alone decides it). The log stays append-only: an undo adds a row to ``undos`` and the snapshot
is rebuilt by replay.

Done by itself: when a player's step leaves them nothing to choose but the action that ends the
phase (``Decision.done``: "End your turn", "Done moving employees"), the same request takes it for
them and logs it as their own action, one click fewer a turn; that step can then not be undone,
since the decision passed on (the game's barrier).

Seats the bot plays (added in the lobby, replaced, skipped) decide in the AI worker process outside
any transaction (``bot_turn``), and the choice is saved by ``act_for_bot`` like a person's move,
guarded by the version the turn was read at.

A move's engine work (checking, applying, scoring, listing the next choices: 0.4 ms median, over
1 ms for one move in ten, 7 ms p99) runs in one engine thread (``bot.service.moves.play_move``), not
on the event loop, so the acknowledgements of other clicks do not wait for it; the database work
around it stays on the loop, in the transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import plugins
from bot.service import said_events
from bot.service.after_game.record import record_end
from bot.service.moves import LoggedMove, PlayedMove, label_choices, off_loop, play_move, replay_log
from bot.service.posts import owe_reached_posts
from bot.service.progress import BotTurn, replacement_level
from bot.service.refusals import AlreadySeated, HostOnly, NotAPlayer, NotInProgress
from bot.service.store import (
    Store,
    after_step,
    progress_in,
    save,
    saved_table,
    state_of,
    status_of,
    with_undo,
)
from bot.service.tables import ActResult, GameStatus, Table, load_table
from bot.storage import ActionRow, Status
from bot.storage import actions as action_log
from bot.storage import games as game_rows
from bot.storage.connection import Connection
from engine.core import GameOver, IllegalAction, NotYourTurn, StaleState
from engine.core.words import msg, plural

STALE_CHOICE = msg("That choice is out of date: the game has moved on. Use the latest message.")
# Undos one game may hold; an import refuses more (``bot.ops.transfer``), so every export imports.
MAX_UNDOS = 2_000
# The key of a game's final post in ``posts`` (a checkpoint's summary is keyed by its key).
FINAL_POST = "final"
# The short result with a link that a game played in its own thread owes its lobby's channel.
FINAL_IN_PARENT = "final-parent"
NOTHING_TO_UNDO = msg(
    "Nothing to undo: only your own steps since the last hand-over, new round or draw can be undone."
)


@dataclass
class Play:
    store: Store

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
        async with self.store.db.transaction() as conn:
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
            offered = self.store.offered.at(table, own_seat)
            known = self.store.states.get(game_id, table.game.snapshot)
            played = await off_loop(play_move, game, table, own_seat, notation, True, offered, known)
            at = self.store.now()
            step = played.step
            moves = [
                LoggedMove(own_seat, user_id, played.notation, interaction_id, step.events, step.barrier)
            ]
            # Done, pressed with the step when it was all that was left: the seat's own action,
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
            if status is not None:
                # In the ending transaction, after its last moves: never an end without its result.
                await record_end(conn, table, status, played.snapshot, at)
            await owe_reached_posts(conn, game_id, played, at)
            # Only the row's version, time and snapshot changed unless the game ended (its result is
            # recorded then), and the last live action is this seat's last move: neither is read again.
            after = (
                saved_table(table, new_version, at, played.snapshot)
                if status is None
                else await load_table(conn, game_id)
            )
            result = ActResult(
                after,
                own_seat,
                played.notation,
                played.label,
                seq,
                played.events,
                after_step(played.progress, own_seat, moves[-1].barrier),
                path=played.path,
            )
        self._remember(game_id, played)
        await off_loop(label_choices, played.progress)
        self.store.offered.remember(game_id, new_version, played.progress)
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
        async with self.store.db.transaction() as conn:
            await game_rows.lock_game(conn, game_id)
            if interaction_id is not None and await action_log.undo_by_interaction(conn, interaction_id):
                return await status_of(conn, await load_table(conn, game_id)), True
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
            at = self.store.now()
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
            return await status_of(conn, await load_table(conn, game_id)), False

    async def replace_with_ai(
        self, game_id: int, user_id: int, target_user: int, *, may_manage: bool, level: str | None = None
    ) -> GameStatus:
        """The host or a member with Manage Server hands a seat to the bot, which plays it at once
        if it must decide. Old buttons of that seat become stale (the version moves on)."""
        async with self.store.db.transaction() as conn:
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
            await save(conn, table, at=self.store.now())
            return await status_of(conn, await load_table(conn, game_id))

    async def hint_turn(self, game_id: int, user_id: int, *, channel_id: int | None = None) -> BotTurn:
        """The asking player's decision, as the strong bot would see it (``/game hint``); recorded,
        since /game log tells the table who asked."""
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, game_id, channel_id)
            seat = _check_actor(table, user_id, None)
            game = plugins.game(table.game.game)
            if seat not in game.pending(state_of(game, table)).seats:
                raise NotYourTurn(msg("A hint is for your own decision: it is not your turn."))
            await game_rows.record_hint(conn, game_id, seat=seat, user_id=user_id, at=self.store.now())
        seed = (table.game.seed or 0) + 7919 * table.version + 1000 * seat + 1
        snapshot = table.game.snapshot
        assert snapshot is not None  # state_of above read it
        return BotTurn(table, seat, snapshot, seed, replacement_level(game))

    async def bot_turn(self, game_id: int) -> BotTurn | None:
        """The next decision of a seat the bot plays, with what its computer player needs; None when
        nobody the bot plays must decide (a person must, or the game is not in progress)."""
        async with self.store.db.transaction(write=False) as conn:
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
        async with self.store.db.transaction() as conn:
            table = await load_table(conn, turn.table.id)
            if table.version != turn.table.version or turn.seat not in table.ai_seats:
                return None
            game = plugins.game(table.game.game)
            known = self.store.states.get(table.id, table.game.snapshot)
            played = await off_loop(play_move, game, table, turn.seat, notation, False, None, known)
            events = played.step.events
            move = LoggedMove(
                turn.seat, table.user_at(turn.seat) or 0, notation, None, events, True, by_bot=True
            )
            at = self.store.now()
            status = Status.FINISHED if played.finished else None
            new_version = await save(conn, table, at=at, status=status, snapshot=played.snapshot)
            seq = await _append(conn, table.id, [move], new_version, at)
            if status is not None:
                await record_end(conn, table, status, played.snapshot, at)
            await owe_reached_posts(conn, table.id, played, at)
            progress = await with_undo(conn, table.id, played.progress)
            table = await load_table(conn, table.id)
        self._remember(table.id, played)
        await off_loop(label_choices, played.progress)
        self.store.offered.remember(table.id, new_version, played.progress)
        return ActResult(table, turn.seat, notation, played.label, seq, played.step.events, progress)

    def _remember(self, game_id: int, played: PlayedMove) -> None:
        """After the commit: the next move of a game in progress starts from the state just saved."""
        if played.finished or played.state is None:
            self.store.states.forget(game_id)
        else:
            self.store.states.remember(game_id, played.snapshot, played.state)

    async def _recorded(self, conn: Connection, seen: ActionRow) -> ActResult:
        table = await load_table(conn, seen.game_id)
        game = plugins.game(table.game.game)
        events = said_events.loads(seen.events)
        progress = await progress_in(conn, game, table)
        return ActResult(
            table, seen.seat, seen.notation, seen.notation, seen.seq, events, progress, duplicate=True
        )


async def _append(conn: Connection, game_id: int, moves: list[LoggedMove], version: int, at: str) -> int:
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
            by_bot=move.by_bot,
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
