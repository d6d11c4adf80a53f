"""Writing results and ratings: ``record_end`` runs in the transaction that ends a game (``save`` in
``bot.service.store``), so a game never ends without its result; ``recompute`` rebuilds every
rating from the stored results (``python -m bot.ops.ratings --recompute``)."""

from __future__ import annotations

from typing import Any

from bot import plugins
from bot.service.after_game.ratings import (
    Contestant,
    Skill,
    bot_level,
    is_bot,
    new_skill,
    person,
    rate,
    rated_seats,
)
from bot.service.tables import Table, load_table
from bot.storage import Status
from bot.storage import results as rows
from bot.storage.connection import Connection
from bot.storage.games import BOT_USER_IDS
from bot.storage.results import EVERYWHERE, GameResult, RatingRow, SeatResult
from engine.core import Game, ScoreSheet

IMPORTED, FEW_PEOPLE, ABANDONED = "imported", "people", "abandoned"


def places(sheet: ScoreSheet, expelled: set[int]) -> dict[int, int]:
    """Each seat's place: the sheet's winners first (their tie already broken by the game's rules),
    then the others by total, equal totals sharing a place; expelled seats last, together."""
    lines = [(i, line) for i, line in enumerate(sheet.lines) if line.seat not in expelled]
    ordered = sorted(lines, key=lambda pair: (pair[0] not in sheet.winners, -pair[1].total))
    placed: dict[int, int] = {}
    rank = 0
    previous: tuple[bool, int] | None = None
    for position, (i, line) in enumerate(ordered, start=1):
        key = (i in sheet.winners, line.total)
        if key != previous:
            rank, previous = position, key
        if line.seat is not None:
            placed[line.seat] = rank
    for seat in expelled:
        placed[seat] = len(lines) + 1
    return placed


def _player(game: Game[Any, Any], user_id: int, is_ai: bool, level: str | None) -> str:
    if user_id < BOT_USER_IDS and is_ai:
        return bot_level(level or game.ai_levels[0])
    return person(user_id)


async def record_end(
    conn: Connection, table: Table, status: Status, snapshot: str | None, at: str, *, imported: bool = False
) -> GameResult | None:
    """Store the result of a started game that ended now (and move the ratings it moves); None for a
    lobby that closed, or a game whose result is already stored."""
    snapshot = snapshot or table.game.snapshot
    if (
        snapshot is None
        or status not in (Status.FINISHED, Status.ABANDONED)
        or await rows.has_result(conn, table.id)
    ):
        return None
    game = plugins.game(table.game.game)
    state = game.load_state(snapshot)
    expelled = await rows.expelled_seats(conn, table.id)
    sheet = game.score(state)
    placed = places(sheet, expelled)
    totals = {line.seat: line.total for line in sheet.lines if line.seat is not None}
    winners = {sheet.lines[i].seat for i in sheet.winners} - expelled
    activity = await rows.seat_activity(conn, table.id)
    skipped = await rows.skips(conn, table.id)
    seats = []
    # Read again: a game that ends as it starts has its seat numbers only now.
    for row in (await load_table(conn, table.id)).seats:
        if row.seat is None:
            continue
        done = activity.get(row.seat, rows.Activity())
        seats.append(
            SeatResult(
                seat=row.seat,
                user_id=row.user_id,
                player=_player(game, row.user_id, row.is_ai, row.ai_level),
                name=row.display_name,
                place=placed.get(row.seat, len(table.seats)),
                score=totals.get(row.seat),
                won=status is Status.FINISHED and row.seat in winners,
                expelled=row.seat in expelled,
                moves=done.moves,
                bot_moves=done.bot_moves,
                skipped=skipped.get(row.seat, 0),
                median_move=done.median_move,
            )
        )
    contestants = [Contestant(s.seat, s.player, s.place, s.moves, s.bot_moves, s.expelled) for s in seats]
    unrated = (
        ABANDONED
        if status is Status.ABANDONED
        else IMPORTED
        if imported
        else ""
        if rated_seats(contestants)
        else FEW_PEOPLE
    )
    result = GameResult(
        table.id,
        table.game.guild_id,
        table.game.game,
        status.value,
        at,
        unrated,
        seats,
        table.game.channel_id,
    )
    await rows.insert_result(conn, result)
    await count_in(conn, result)
    if not unrated:
        await apply_ratings(conn, result)
    return result


async def count_in(conn: Connection, result: GameResult) -> None:
    """Add the game to its people's running tallies and, once finished, to their head-to-heads."""
    people = [s for s in result.seats if not is_bot(s.player)]
    finished = result.outcome == Status.FINISHED.value
    await rows.add_tallies(
        conn,
        [
            (
                s.user_id,
                result.game,
                1,
                int(finished),
                int(finished and s.won),
                int(not finished),
                int(s.expelled),
                s.score if finished else None,
                (s.score or 0) if finished else 0,
                int(finished and s.score is not None),
                s.skipped,
            )
            for s in people
        ],
    )
    if finished:
        await rows.add_duels(
            conn,
            [
                (
                    a.user_id,
                    b.user_id,
                    result.game,
                    int(a.place < b.place),
                    int(a.place > b.place),
                    int(a.place == b.place),
                )
                for a in people
                for b in people
                if a.user_id != b.user_id
            ],
        )


async def apply_ratings(conn: Connection, result: GameResult) -> None:
    """Move the ratings of the game's rated seats, in its server and everywhere; the everywhere
    rating after the game is kept on each seat (the profile's chart)."""
    contestants = [
        Contestant(s.seat, s.player, s.place, s.moves, s.bot_moves, s.expelled) for s in result.seats
    ]
    rated = rated_seats(contestants)
    if not rated:
        return
    users = {s.player: (0 if is_bot(s.player) else s.user_id) for s in result.seats}
    names = {s.player: None if is_bot(s.player) else s.name for s in result.seats}
    scopes = (EVERYWHERE,) if result.guild_id == EVERYWHERE else (EVERYWHERE, result.guild_id)
    # One read, one write of every scope's ratings, one of the seats: the fewest round trips.
    known = await rows.ratings_in(conn, scopes, result.game, [c.player for c in rated])
    moved: list[RatingRow] = []
    for scope in scopes:
        before = [
            Skill(known[scope, c.player].mu, known[scope, c.player].sigma)
            if (scope, c.player) in known
            else new_skill()
            for c in rated
        ]
        after = rate(before, [c.place for c in rated])
        moved += [
            RatingRow(
                scope,
                result.game,
                c.player,
                users[c.player],
                skill.mu,
                skill.sigma,
                (known[scope, c.player].games if (scope, c.player) in known else 0) + 1,
                names[c.player],
            )
            for c, skill in zip(rated, after, strict=True)
        ]
    await rows.put_ratings(conn, moved)
    seats = {c.player: c.seat for c in rated}
    await rows.set_seat_ratings(
        conn, result.game_id, {seats[r.player]: (r.mu, r.sigma) for r in moved if r.scope == EVERYWHERE}
    )


async def recompute(conn: Connection) -> int:
    """Every rating, tally and head-to-head again from the stored results, in the order the games
    ended; returns how many games were rated."""
    await rows.clear_ratings(conn)
    done = 0
    for result in await rows.all_results(conn):
        await count_in(conn, result)
        if result.outcome == Status.FINISHED.value and not result.unrated:
            await apply_ratings(conn, result)
            done += 1
    return done
