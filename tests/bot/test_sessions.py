"""Sessions: every refusal path changes nothing; duplicates apply once; versions are checked;
concurrent clicks are serialised; the log replays to the snapshot. Real SQLite, real engine games."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable
from pathlib import Path

import pytest

from bot.service.refusals import (
    AlreadySeated,
    ChannelOccupied,
    HostOnly,
    NoGameHere,
    NotAPlayer,
    NotEnoughPlayers,
    NotInLobby,
    NotInProgress,
    StartAnyway,
    TableFull,
)
from bot.service.sessions import Sessions
from bot.service.tables import ActResult, Table
from bot.storage import Database, Status, migrate, open_database
from bot.storage import actions as action_log
from engine.core import (
    EngineError,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    NotYourTurn,
    StaleState,
    UnknownGame,
)

GUILD, CHANNEL = 1, 10
HOST, BOB, CAROL, DAVE, EVE = 100, 200, 300, 400, 500
interaction_ids = itertools.count(9_000)


async def _lobby(sessions: Sessions, game: str = "race", *players: int, seats: int | None = None) -> Table:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name=game, host_id=HOST, seats=seats
    )
    for user in players:
        table = await sessions.lobby.join(table.id, user)
    return table


async def _started(sessions: Sessions, game: str = "race", *players: int) -> Table:
    table = await _lobby(sessions, game, *(players or (BOB,)))
    return (await sessions.lobby.start(table.id, HOST)).table


async def _fingerprint(sessions: Sessions, game_id: int) -> tuple[object, ...]:
    status = await sessions.reading.status(game_id)
    async with sessions.store.db.transaction(write=False) as conn:
        log = await action_log.list_actions(conn, game_id)
    table = status.table
    return (
        table.game.version,
        table.game.status,
        table.game.snapshot,
        tuple(table.player_ids),
        table.host_id,
        len(log),
    )


async def _refused(
    sessions: Sessions, game_id: int, error: type[EngineError], call: Awaitable[object]
) -> EngineError:
    """The call raises ``error`` and leaves the game exactly as it was."""
    before = await _fingerprint(sessions, game_id)
    with pytest.raises(error) as caught:
        await call
    assert await _fingerprint(sessions, game_id) == before
    assert caught.value.sentence
    return caught.value


# ------------------------------------------------------------------------------------- lobby


async def test_a_new_game_seats_its_host(sessions: Sessions) -> None:
    table = await _lobby(sessions)
    assert table.game.status is Status.LOBBY and table.player_ids == [HOST] and table.host_id == HOST
    assert table.version == 0 and table.game.snapshot is None


async def test_a_second_game_in_the_channel_is_refused(sessions: Sessions) -> None:
    first = await _lobby(sessions)
    with pytest.raises(ChannelOccupied, match="already has Race"):
        await sessions.lobby.create_game(guild_id=GUILD, channel_id=CHANNEL, game_name="race", host_id=BOB)
    await sessions.lobby.create_game(guild_id=GUILD, channel_id=CHANNEL + 1, game_name="race", host_id=BOB)
    assert (await sessions.reading.status_in_channel(CHANNEL)).table.id == first.id


async def test_unknown_games_and_impossible_table_sizes_are_refused(sessions: Sessions) -> None:
    with pytest.raises(UnknownGame):
        await sessions.lobby.create_game(guild_id=GUILD, channel_id=CHANNEL, game_name="chess", host_id=HOST)
    with pytest.raises(InvalidOptions, match="exactly 2 players, not 3"):
        await _lobby(sessions, "race", seats=3)
    with pytest.raises(NoGameHere):
        await sessions.reading.status_in_channel(CHANNEL)


async def test_join_refusals_change_nothing(sessions: Sessions) -> None:
    table = await _lobby(sessions, "race", BOB)
    assert table.player_ids == [HOST, BOB] and table.version == 1
    await _refused(sessions, table.id, AlreadySeated, sessions.lobby.join(table.id, BOB))
    await _refused(sessions, table.id, TableFull, sessions.lobby.join(table.id, CAROL))
    sized = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL + 1, game_name="countdown", host_id=HOST, seats=2
    )
    await sessions.lobby.join(sized.id, BOB)
    await _refused(sessions, sized.id, TableFull, sessions.lobby.join(sized.id, CAROL))


async def test_leaving_passes_the_host_role_and_an_empty_lobby_closes(sessions: Sessions) -> None:
    table = await _lobby(sessions, "countdown", BOB, CAROL)
    await _refused(sessions, table.id, NotAPlayer, sessions.lobby.leave(table.id, DAVE))
    table = await sessions.lobby.leave(table.id, HOST)
    assert table.player_ids == [BOB, CAROL] and table.host_id == BOB
    table = await sessions.lobby.leave(table.id, CAROL)
    table = await sessions.lobby.leave(table.id, BOB)
    assert table.game.status is Status.ABANDONED and table.player_ids == []
    await _lobby(sessions)  # the channel is free again


async def test_start_refusals_change_nothing(sessions: Sessions) -> None:
    table = await _lobby(sessions, "countdown")
    await _refused(sessions, table.id, NotEnoughPlayers, sessions.lobby.start(table.id, HOST))
    table = await sessions.lobby.join(table.id, BOB)
    await _refused(sessions, table.id, HostOnly, sessions.lobby.start(table.id, BOB))
    await _refused(sessions, table.id, StaleState, sessions.lobby.start(table.id, HOST, expected_version=0))
    sized = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL + 1, game_name="countdown", host_id=HOST, seats=3
    )
    sized = await sessions.lobby.join(sized.id, BOB)
    error = await _refused(sessions, sized.id, StartAnyway, sessions.lobby.start(sized.id, HOST))
    assert "set for 3 players and 2 are seated. Start with 2, or wait" in error.sentence


async def test_the_host_may_start_with_fewer_than_set_after_confirming(sessions: Sessions) -> None:
    """Issue 14: a table set for 3 with 2 seated is no dead end: the host confirms and it starts."""
    sized = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="countdown", host_id=HOST, seats=3
    )
    sized = await sessions.lobby.join(sized.id, BOB)
    status = await sessions.lobby.start(sized.id, HOST, anyway=True)
    assert status.table.game.status is Status.ACTIVE and len(status.table.seats) == 2


async def test_alone_at_a_table_that_allows_one_the_host_is_asked_first(sessions: Sessions) -> None:
    """Issue 14: no solo game by surprise: alone at a table set for nobody in particular, Start
    asks; the answer starts the solo game. A table set for one starts at once (the lobby cog)."""
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="carnegie", host_id=HOST
    )
    error = await _refused(sessions, table.id, StartAnyway, sessions.lobby.start(table.id, HOST))
    assert "You are alone at the table: Carnegie for one player is a solo game." in error.sentence
    status = await sessions.lobby.start(table.id, HOST, anyway=True)
    assert status.table.game.status is Status.ACTIVE and status.progress is not None


async def test_start_numbers_the_seats_in_join_order_and_sets_up_the_game(sessions: Sessions) -> None:
    table = await _lobby(sessions, "countdown", CAROL, BOB)
    status = await sessions.lobby.start(table.id, HOST, expected_version=table.version)
    started = status.table
    assert started.game.status is Status.ACTIVE and started.game.seed == 1000
    assert [(s.user_id, s.seat) for s in started.seats] == [(HOST, 0), (CAROL, 1), (BOB, 2)]
    assert status.progress is not None and status.progress.decision.seats == [0]
    assert [c.notation for c in status.progress.choices[0]] == ["take 1", "take 2", "draw"]
    await _refused(sessions, table.id, NotInLobby, sessions.lobby.join(table.id, DAVE))
    await _refused(sessions, table.id, NotInLobby, sessions.lobby.leave(table.id, BOB))
    await _refused(sessions, table.id, NotInLobby, sessions.lobby.start(table.id, HOST))


# -------------------------------------------------------------------------------------- play


async def test_act_applies_logs_and_bumps_the_version(sessions: Sessions) -> None:
    table = await _started(sessions)
    result = await sessions.play.act(
        table.id, HOST, "step 2", expected_version=table.version, interaction_id=next(interaction_ids), seat=0
    )
    assert result.version == table.version + 1 and result.seq == 1 and not result.duplicate
    assert result.label == "Step 2" and [e.text for e in result.events] == ["{p0} stepped 2."]
    assert result.progress.decision.seats == [1]
    assert [c.notation for c in result.progress.choices[1]] == ["step 1", "step 2", "roll"]


async def test_every_refusal_of_an_action_changes_nothing(sessions: Sessions) -> None:
    lobby = await _lobby(sessions, "race", BOB)
    await _refused(
        sessions,
        lobby.id,
        NotInProgress,
        sessions.play.act(lobby.id, HOST, "step 1", expected_version=None, interaction_id=None),
    )
    table = (await sessions.lobby.start(lobby.id, HOST)).table
    v = table.version

    def act(
        user: int, notation: str, *, version: int | None = v, seat: int | None = None
    ) -> Awaitable[ActResult]:
        return sessions.play.act(
            table.id,
            user,
            notation,
            expected_version=version,
            interaction_id=next(interaction_ids),
            seat=seat,
        )

    await _refused(sessions, table.id, NotAPlayer, act(CAROL, "step 1"))
    await _refused(sessions, table.id, NotYourTurn, act(BOB, "step 1"))
    await _refused(sessions, table.id, NotYourTurn, act(BOB, "step 1", seat=0))  # another player's button
    await _refused(sessions, table.id, StaleState, act(HOST, "step 1", version=v - 1))
    await _refused(sessions, table.id, InvalidAction, act(HOST, "jump"))
    illegal = await _refused(sessions, table.id, IllegalAction, act(HOST, "step 3"))
    assert illegal.rule == "race-2" and "(rule race-2)" in illegal.sentence
    await _refused(
        sessions,
        table.id,
        NoGameHere,
        sessions.play.act(999, HOST, "step 1", expected_version=None, interaction_id=None),
    )


async def test_the_same_interaction_is_applied_once(sessions: Sessions) -> None:
    table = await _started(sessions)
    interaction = next(interaction_ids)
    first = await sessions.play.act(
        table.id, HOST, "roll", expected_version=table.version, interaction_id=interaction
    )
    again = await sessions.play.act(
        table.id, HOST, "roll", expected_version=table.version, interaction_id=interaction
    )
    assert again.duplicate and not first.duplicate
    assert (again.seq, again.notation, again.events, again.version) == (
        first.seq,
        first.notation,
        first.events,
        first.version,
    )
    async with sessions.store.db.transaction(write=False) as conn:
        assert len(await action_log.list_actions(conn, table.id)) == 1
    # Concurrent deliveries of one interaction: still once.
    other = next(interaction_ids)
    results = await asyncio.gather(
        *(
            sessions.play.act(table.id, BOB, "step 1", expected_version=first.version, interaction_id=other)
            for _ in range(5)
        )
    )
    assert sorted(r.duplicate for r in results) == [False, True, True, True, True]
    async with sessions.store.db.transaction(write=False) as conn:
        assert len(await action_log.list_actions(conn, table.id)) == 2


async def test_concurrent_clicks_on_one_version_apply_exactly_one(sessions: Sessions) -> None:
    table = await _started(sessions)
    outcomes = await asyncio.gather(
        *(
            sessions.play.act(
                table.id, HOST, n, expected_version=table.version, interaction_id=next(interaction_ids)
            )
            for n in ("step 1", "step 2", "roll", "step 1")
        ),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(applied) == 1 and all(isinstance(o, StaleState) for o in outcomes if o not in applied)
    assert (await sessions.reading.status(table.id)).table.version == table.version + 1


async def test_two_processes_racing_on_one_file_apply_exactly_one(tmp_path: Path) -> None:
    """Two connections and two lock sets (as two bot processes): the version check in the UPDATE
    and SQLite's write lock still let only one click through."""
    path = tmp_path / "shared.sqlite3"
    first_db, second_db = await open_database(path), await open_database(path)
    try:
        await migrate(first_db)
        one, two = Sessions(first_db), Sessions(second_db)
        table = await _started(one)
        outcomes = await asyncio.gather(
            one.play.act(table.id, HOST, "step 1", expected_version=table.version, interaction_id=1),
            two.play.act(table.id, HOST, "step 2", expected_version=table.version, interaction_id=2),
            return_exceptions=True,
        )
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
        assert sum(isinstance(o, StaleState) for o in outcomes) == 1
    finally:
        await first_db.close()
        await second_db.close()


async def test_the_log_replays_to_the_snapshot_through_a_whole_game(sessions: Sessions) -> None:
    table = await _started(sessions, "countdown", BOB, CAROL)
    version, users = table.version, [HOST, BOB, CAROL]
    moves = itertools.cycle(["draw", "take 1", "draw", "take 2"])
    while True:
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        if status.progress.decision.finished:
            break
        seat = status.progress.decision.seats[0]
        legal = [c.notation for c in status.progress.choices[seat]]
        move = next(m for m in moves if m in legal)
        result = await sessions.play.act(
            table.id,
            users[seat],
            move,
            expected_version=version,
            interaction_id=next(interaction_ids),
            seat=seat,
        )
        version = result.version
    final = await sessions.reading.status(table.id)
    assert final.table.game.status is Status.FINISHED and final.progress is not None
    assert final.progress.score is not None and len(final.progress.score.winners) == 1
    assert await sessions.reading.replay(table.id) == await sessions.reading.load(table.id)
    with pytest.raises(GameOver):
        await sessions.play.act(table.id, users[0], "take 1", expected_version=None, interaction_id=None)
    with pytest.raises(NoGameHere):
        await sessions.reading.status_in_channel(CHANNEL)
    latest = await sessions.reading.status_in_channel(CHANNEL, include_ended=True)
    assert latest.table.id == table.id and latest.progress is not None and latest.progress.score is not None
    # The channel is free for the next game once this one finished.
    await sessions.lobby.create_game(guild_id=GUILD, channel_id=CHANNEL, game_name="race", host_id=EVE)


async def test_replay_of_a_race_with_rolls_equals_the_snapshot(sessions: Sessions) -> None:
    table = await _started(sessions)
    version, users = table.version, [HOST, BOB]
    for move in ("roll", "roll", "step 1", "roll", "step 2", "roll"):
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        version = (
            await sessions.play.act(
                table.id, users[seat], move, expected_version=version, interaction_id=next(interaction_ids)
            )
        ).version
    replayed, stored = await sessions.reading.replay(table.id), await sessions.reading.load(table.id)
    assert replayed == stored and replayed.rng.draws == 4


# ------------------------------------------------------------------------------------ abandon


async def test_abandon_is_for_the_host_or_a_manager(sessions: Sessions) -> None:
    table = await _started(sessions)
    await _refused(sessions, table.id, HostOnly, sessions.lobby.abandon(table.id, BOB, may_manage=False))
    ended = await sessions.lobby.abandon(table.id, EVE, may_manage=True)
    assert ended.game.status is Status.ABANDONED and ended.game.ended_at is not None
    await _refused(sessions, table.id, NotInProgress, sessions.lobby.abandon(table.id, HOST, may_manage=True))
    await _refused(
        sessions,
        table.id,
        GameOver,
        sessions.play.act(table.id, HOST, "step 1", expected_version=None, interaction_id=None),
    )
    lobby = await _lobby(sessions)
    assert (await sessions.lobby.abandon(lobby.id, HOST, may_manage=False)).game.status is Status.ABANDONED


async def test_a_missing_game_is_reported(db: Database, sessions: Sessions) -> None:
    with pytest.raises(NoGameHere):
        await sessions.lobby.join(42, HOST)
    with pytest.raises(NoGameHere):
        await sessions.reading.status(42)


async def test_the_games_in_play_are_those_with_a_lobby_open_or_a_game_in_progress(
    sessions: Sessions,
) -> None:
    """What a bot warms up in its render processes as it starts."""
    assert await sessions.posts.games_in_play() == []
    lobby = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="race", host_id=HOST
    )
    assert await sessions.posts.games_in_play() == ["race"]
    await sessions.lobby.abandon(lobby.id, HOST, may_manage=False)
    assert await sessions.posts.games_in_play() == []
    await _started(sessions)
    await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL + 1, game_name="carnegie", host_id=HOST
    )
    assert await sessions.posts.games_in_play() == ["carnegie", "race"]


async def test_each_shard_catches_up_the_games_of_its_own_guilds(sessions: Sessions) -> None:
    """Several processes share the database (issue 23): a game in progress is caught up by the one
    process whose shards hold its guild, never by another (that would post its turn line twice)."""
    here = await _started(sessions)
    elsewhere = await sessions.lobby.create_game(
        guild_id=GUILD + (1 << 22), channel_id=CHANNEL + 1, game_name="race", host_id=HOST
    )
    await sessions.lobby.join(elsewhere.id, BOB)
    await sessions.lobby.start(elsewhere.id, HOST)
    # a lobby owes nothing
    await sessions.lobby.create_game(guild_id=GUILD, channel_id=CHANNEL + 2, game_name="race", host_id=HOST)
    assert await sessions.posts.games_to_catch_up() == [(here.id, CHANNEL), (elsewhere.id, CHANNEL + 1)]
    shard = (GUILD >> 22) % 2
    mine = await sessions.posts.games_to_catch_up(lambda guild: (guild >> 22) % 2 == shard)
    assert mine == [(here.id, CHANNEL)]
    theirs = await sessions.posts.games_to_catch_up(lambda guild: (guild >> 22) % 2 != shard)
    assert theirs == [(elsewhere.id, CHANNEL + 1)]
    # a channel that refused the bot is left alone until its back-off ends
    refused = await sessions.posts.games_to_catch_up(refused=lambda channel: channel == CHANNEL)
    assert refused == [(elsewhere.id, CHANNEL + 1)]
