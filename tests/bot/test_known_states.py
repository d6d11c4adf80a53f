"""A move starts from the state this process saved last (``bot.service.known_states``) instead of reading
the snapshot again: the games it plays must be exactly the games read from the database would be, and a
state written by anyone else (another process, an undo) must never be reused."""

from __future__ import annotations

import itertools
import random

from bot import plugins
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus
from bot.storage import Database
from tests.bot.conftest import Clock


def _sessions(db: Database) -> Sessions:
    seeds = itertools.count(1000)
    return Sessions(db, clock=Clock(), new_seed=lambda: next(seeds))


async def _open(sessions: Sessions) -> tuple[int, GameStatus]:
    table = await sessions.lobby.create_game(
        guild_id=1, channel_id=7, game_name="carnegie", host_id=1, seats=2, host_name="Ada"
    )
    await sessions.lobby.join(table.id, 2, "Bo")
    return table.id, await sessions.lobby.start(table.id, 1)


async def _step(sessions: Sessions, game_id: int, status: GameStatus, rnd: random.Random) -> GameStatus:
    progress = status.progress
    assert progress is not None and not progress.decision.finished
    seat = progress.decision.seats[rnd.randrange(len(progress.decision.seats))]
    choice = rnd.choice(progress.choices[seat])
    user = status.table.user_at(seat)
    assert user is not None
    result = await sessions.play.act(
        game_id, user, choice.notation, expected_version=None, interaction_id=None, seat=seat
    )
    return GameStatus(result.table, result.progress)


async def test_moves_from_the_remembered_state_are_the_moves_read_from_the_database(db: Database) -> None:
    """Every snapshot written when moves start from the remembered state equals the log's replay, and the
    choices and the table each move returns are those of a fresh read of the game."""
    sessions = _sessions(db)
    game = plugins.game("carnegie")
    game_id, status = await _open(sessions)
    rnd = random.Random(3)
    reused = 0
    for _ in range(60):
        known = sessions.store.states.get(game_id, status.table.game.snapshot)
        reused += known is not None
        status = await _step(sessions, game_id, status, rnd)
        fresh = await sessions.reading.status(game_id)
        assert status.table == fresh.table
        assert game.dump_state(await sessions.reading.replay(game_id)) == fresh.table.game.snapshot
        assert status.progress is not None and fresh.progress is not None
        assert status.progress.undoable == fresh.progress.undoable
        assert {s: [c.notation for c in status.progress.choices[s]] for s in status.progress.choices} == {
            s: [c.notation for c in fresh.progress.choices[s]] for s in fresh.progress.choices
        }
    assert reused >= 59  # all but the first move, which starts from the snapshot the start wrote


async def test_a_state_saved_by_another_writer_is_read_from_the_database(db: Database) -> None:
    """Two processes (two ``Sessions`` on one database) take turns, with an undo between: each move is
    made on the stored state, never on a state this process remembered from before the other's move."""
    here, there = _sessions(db), _sessions(db)
    game = plugins.game("carnegie")
    game_id, status = await _open(here)
    rnd = random.Random(5)
    undos = 0
    for turn in range(40):
        mover = here if turn % 3 else there
        status = await _step(mover, game_id, status, rnd)
        if mover is there:
            assert here.store.states.get(game_id, status.table.game.snapshot) is None
        progress = status.progress
        assert progress is not None
        if turn >= 10 and not undos and progress.undoable:
            user = status.table.user_at(next(iter(progress.undoable)))
            assert user is not None
            status, _ = await here.play.undo(game_id, user, expected_version=None, interaction_id=None)
            assert here.store.states.get(game_id, status.table.game.snapshot) is None
            undos += 1
        assert (
            game.dump_state(await here.reading.replay(game_id))
            == (await here.reading.status(game_id)).table.game.snapshot
        )
    assert undos == 1
