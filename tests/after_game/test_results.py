"""Results and ratings written as games end, through the real sessions service on SQLite and
PostgreSQL: what a finished and an abandoned game store, the ratings they move, that a recompute
from the stored results finds exactly the stored ratings, and what profiles, leaderboards and
histories read back."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bot.ops.ratings import run as ratings_command
from bot.service.after_game.ratings import bot_level, person
from bot.service.after_game.reading import ProfileHidden
from bot.service.after_game.record import recompute
from bot.service.sessions import Sessions
from bot.storage import results as rows
from bot.storage.results import EVERYWHERE
from tests.bot.conftest import play_bots

GUILD, OTHER_GUILD = 1, 2
ANN, BEN, CAT = 100, 200, 300
channels = itertools.count(10)
clicks = itertools.count(50_000)


async def _play(sessions: Sessions, players: list[int], takes: list[int], *, guild: int = GUILD) -> int:
    """A countdown game (counter 9, take 1 or 2 in seat order; taking the last wins) between
    ``players``, who take ``takes`` in turn; returns its id."""
    table = await sessions.lobby.create_game(
        guild_id=guild, channel_id=next(channels), game_name="countdown", host_id=players[0]
    )
    for user in players[1:]:
        table = await sessions.lobby.join(table.id, user, name=f"Player {user}")
    status = await sessions.lobby.start(table.id, players[0])
    for take in takes:
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        mover = status.table.user_at(seat)
        assert mover is not None
        result = await sessions.play.act(
            table.id, mover, f"take {take}", expected_version=None, interaction_id=next(clicks)
        )
        status = await sessions.reading.status(result.table.id)
    return table.id


async def _result(sessions: Sessions, game_id: int) -> rows.GameResult:
    found = await sessions.after.result(game_id)
    assert found is not None
    return found


async def test_a_finished_game_stores_its_result_and_moves_ratings(sessions: Sessions) -> None:
    # 9 = 1+1+1+1+1+1+1+2: the eighth take (seat 1, BEN) empties the counter.
    game_id = await _play(sessions, [ANN, BEN, CAT], [1, 1, 1, 1, 1, 1, 1, 2])
    result = await _result(sessions, game_id)
    assert (result.outcome, result.unrated, result.guild_id) == ("finished", "", GUILD)
    by_user = {s.user_id: s for s in result.seats}
    assert by_user[BEN].won and by_user[BEN].place == 1
    assert by_user[ANN].place == by_user[CAT].place == 2  # both scored 0: they share second
    assert by_user[ANN].moves == 3 and by_user[ANN].bot_moves == 0
    assert by_user[ANN].median_move is not None
    async with sessions.store.db.transaction(write=False) as conn:
        everywhere = await rows.ratings_of(
            conn, EVERYWHERE, "countdown", [person(u) for u in (ANN, BEN, CAT)]
        )
        here = await rows.ratings_of(conn, GUILD, "countdown", [person(u) for u in (ANN, BEN, CAT)])
    assert everywhere[person(BEN)].mu > 25 > everywhere[person(ANN)].mu
    assert everywhere[person(ANN)].mu == everywhere[person(CAT)].mu
    assert {p: (r.mu, r.sigma, r.games) for p, r in here.items()} == {
        p: (r.mu, r.sigma, r.games) for p, r in everywhere.items()
    }
    assert by_user[BEN].mu == everywhere[person(BEN)].mu


async def test_ratings_are_kept_per_server_and_everywhere(sessions: Sessions) -> None:
    await _play(sessions, [ANN, BEN], [2, 2, 2, 2, 1])  # ANN takes the last
    await _play(sessions, [ANN, BEN], [2, 2, 2, 2, 1], guild=OTHER_GUILD)
    async with sessions.store.db.transaction(write=False) as conn:
        everywhere = (await rows.ratings_of(conn, EVERYWHERE, "countdown", [person(ANN)])).get(person(ANN))
        one = (await rows.ratings_of(conn, GUILD, "countdown", [person(ANN)])).get(person(ANN))
        two = (await rows.ratings_of(conn, OTHER_GUILD, "countdown", [person(ANN)])).get(person(ANN))
    assert everywhere is not None and one is not None and two is not None
    assert (everywhere.games, one.games, two.games) == (2, 1, 1)
    assert one.mu == two.mu < everywhere.mu


async def test_an_abandoned_game_is_counted_not_rated(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=next(channels), game_name="countdown", host_id=ANN
    )
    await sessions.lobby.join(table.id, BEN)
    await sessions.lobby.start(table.id, ANN)
    await sessions.lobby.abandon(table.id, ANN, may_manage=False)
    result = await _result(sessions, table.id)
    assert (result.outcome, result.unrated) == ("abandoned", "abandoned")
    assert all(s.mu is None and not s.won for s in result.seats)
    profile = await sessions.after.profile(ANN, asker=ANN)
    assert [(g.tally.played, g.tally.finished, g.tally.abandoned, g.rating) for g in profile.games] == [
        (1, 0, 1, None)
    ]


async def test_a_closed_lobby_leaves_no_result(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=next(channels), game_name="countdown", host_id=ANN
    )
    await sessions.lobby.abandon(table.id, ANN, may_manage=False)
    assert await sessions.after.result(table.id) is None


async def test_a_person_against_the_bot_is_unrated(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=next(channels), game_name="countdown", host_id=ANN
    )
    await sessions.lobby.add_bot(table.id, ANN, "first")
    status = await sessions.lobby.start(table.id, ANN)
    while status.progress is not None and not status.progress.decision.finished:
        if status.table.user_at(status.progress.decision.seats[0]) == ANN:
            await sessions.play.act(
                table.id, ANN, "take 1", expected_version=None, interaction_id=next(clicks)
            )
        status = await play_bots(sessions, table.id)
    result = await _result(sessions, table.id)
    assert result.unrated == "people"
    assert {s.player for s in result.seats} == {person(ANN), bot_level("first")}
    bot_seat = next(s for s in result.seats if s.player == bot_level("first"))
    assert bot_seat.bot_moves == bot_seat.moves > 0


async def test_recompute_finds_the_stored_ratings(sessions: Sessions) -> None:
    await _play(sessions, [ANN, BEN, CAT], [1, 1, 1, 1, 1, 1, 1, 2])
    await _play(sessions, [BEN, CAT], [2, 2, 2, 2, 1])
    await _play(sessions, [CAT, ANN, BEN], [2, 2, 2, 2, 1], guild=OTHER_GUILD)
    await _play(sessions, [ANN, CAT], [1, 1, 1, 1, 1, 1, 1, 1, 1])
    async with sessions.store.db.transaction(write=False) as conn:
        stored = (await rows.all_ratings(conn), await rows.seat_ratings(conn))
    async with sessions.store.db.transaction() as conn:
        assert await recompute(conn) == 4
    async with sessions.store.db.transaction(write=False) as conn:
        again = (await rows.all_ratings(conn), await rows.seat_ratings(conn))
    assert again == stored  # to the last bit: DOUBLE PRECISION on both backends
    assert len(stored[0]) == 3 * 2 + 3  # three people everywhere and in GUILD; in OTHER_GUILD


async def test_profile_leaderboard_and_history_read_the_games(sessions: Sessions) -> None:
    for _ in range(3):
        await _play(sessions, [ANN, BEN], [2, 2, 2, 2, 1])  # ANN wins each
    profile = await sessions.after.profile(ANN, asker=BEN, versus=BEN)
    (countdown,) = profile.games
    assert (countdown.tally.played, countdown.tally.finished, countdown.tally.won) == (3, 3, 3)
    assert countdown.tally.best == 1 and countdown.rated_games == 3 and len(countdown.trail) == 3
    assert countdown.trail == sorted(countdown.trail)  # three wins: the rating only climbs
    assert profile.versus == {"countdown": (3, 0, 0)}
    board = await sessions.after.leaderboard("countdown", GUILD)
    assert [r.user_id for r in board.rows] == [ANN, BEN] and board.total == 2
    assert (await sessions.after.leaderboard("countdown", GUILD, min_games=4)).rows == []
    history = await sessions.after.history(BEN, asker=ANN)
    assert history.total == 3 and [g.game_id for g in history.games] == sorted(
        (g.game_id for g in history.games), reverse=True
    )
    # A page far beyond the end shows the last page.
    assert (await sessions.after.history(BEN, asker=BEN, page=10**9)).page == 0


async def test_a_hidden_profile_leaves_the_boards_and_comes_back(sessions: Sessions) -> None:
    for _ in range(3):
        await _play(sessions, [ANN, BEN], [2, 2, 2, 2, 1])
    await sessions.after.set_hidden(ANN, True)
    with pytest.raises(ProfileHidden):
        await sessions.after.profile(ANN, asker=BEN)
    with pytest.raises(ProfileHidden):
        await sessions.after.history(ANN, asker=BEN)
    with pytest.raises(ProfileHidden):
        await sessions.after.profile(BEN, asker=BEN, versus=ANN)
    assert (await sessions.after.profile(ANN, asker=ANN)).hidden
    assert [r.user_id for r in (await sessions.after.leaderboard("countdown", GUILD)).rows] == [BEN]
    await sessions.after.set_hidden(ANN, False)
    assert [r.user_id for r in (await sessions.after.leaderboard("countdown", GUILD)).rows] == [ANN, BEN]


async def test_the_ratings_command_finds_a_changed_rating_and_puts_it_right(
    sessions: Sessions, database_target: str | Path
) -> None:
    await _play(sessions, [ANN, BEN], [2, 2, 2, 2, 1])
    await _play(sessions, [BEN, CAT], [2, 2, 2, 2, 1])
    assert await ratings_command(database_target, write=False) == (2, [])
    async with sessions.store.db.transaction() as conn:
        await conn.execute("UPDATE ratings SET mu = mu + 1 WHERE player = ?", (person(BEN),))
    rated, differences = await ratings_command(database_target, write=False)
    assert rated == 2 and len(differences) == 2  # BEN everywhere and in GUILD
    await ratings_command(database_target, write=True)
    assert await ratings_command(database_target, write=False) == (2, [])
