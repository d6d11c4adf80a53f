"""The weekly challenge on a real database (SQLite, then PostgreSQL): the week's deal, a finished
challenge game entering its board with the score its replay gives, one entry per player (the first
finished), and forged games refused with their reason."""

from __future__ import annotations

import itertools
import json

import pytest

from bot import plugins
from bot.service.after_game.challenge import Challenges, NoSuchWeek, parse_week, verify, week_of, week_seed
from bot.service.sessions import Sessions
from bot.storage import Status
from engine.core import InvalidOptions, RandomPlayer, replay

HOST = 100
WEEK = "2026-W01"  # the test clock starts on Thursday 1 January 2026
interaction_ids = itertools.count(70_000)


async def _challenge_game(sessions: Sessions, player_seed: int, channel: int) -> int:
    """A challenge table at the easy level, played to its end by a random player."""
    options, seed = sessions.challenges.table_options("carnegie", {"difficulty": "easy"})
    table = await sessions.lobby.create_game(
        guild_id=1, channel_id=channel, game_name="carnegie", host_id=HOST, seats=1, options=options
    )
    status = await sessions.lobby.start(table.id, HOST, anyway=True, seed=seed)
    game, player = plugins.game("carnegie"), RandomPlayer(player_seed)
    while status.table.game.status is Status.ACTIVE:
        state = await sessions.reading.load(table.id)
        action = player.choose(game, state, 0, game.legal_actions(state, 0))
        result = await sessions.play.act(
            table.id,
            HOST,
            game.format_action(action),
            expected_version=None,
            interaction_id=next(interaction_ids),
        )
        status = await sessions.reading.status(result.table.id)
    return table.id


def test_the_week_s_deal_is_the_same_everywhere_and_differs_by_week_and_level() -> None:
    assert week_seed("carnegie", WEEK, "easy") == week_seed("carnegie", WEEK, "easy")
    seeds = {week_seed("carnegie", w, level) for w in (WEEK, "2026-W02") for level in ("easy", "hard")}
    assert len(seeds) == 4 and all(0 <= s < 2**62 for s in seeds)
    assert parse_week(" 2026-w01 ") == WEEK
    for wrong in ("2026-W54", "W01", "2026-01-01", "x" * 500):
        with pytest.raises(NoSuchWeek, match="write it like 2026-W48"):
            parse_week(wrong)


def test_a_challenge_table_takes_the_level_only(sessions: Sessions) -> None:
    with pytest.raises(InvalidOptions, match="only difficulty may be chosen"):
        sessions.challenges.table_options("carnegie", {"difficulty": "easy", "beginner": True})
    with pytest.raises(InvalidOptions, match="played in Carnegie only"):
        sessions.challenges.table_options("nipron", None)
    with pytest.raises(InvalidOptions, match="is a solo game: open it for one player"):
        sessions.challenges.table_options("carnegie", None, 2)
    with pytest.raises(InvalidOptions, match="There is no level"):
        sessions.challenges.table_options("carnegie", {"difficulty": "godlike"})
    options, _ = sessions.challenges.table_options("carnegie", None)
    assert options == {"difficulty": "normal"}


async def test_the_first_finished_game_enters_the_board_and_forgeries_are_refused(sessions: Sessions) -> None:
    first = await _challenge_game(sessions, 1, channel=10)
    second = await _challenge_game(sessions, 2, channel=11)
    assert week_of(sessions.store.clock()) == WEEK
    board = await sessions.challenges.board("carnegie", WEEK, "easy")
    (entry,) = board.entries  # one entry per player: the first finished
    assert entry.game_id == first and entry.refused is None and board.ranked == [entry]
    state = await sessions.reading.load(first)
    sheet = plugins.game("carnegie").score(state)
    assert entry.score == next(line.total for line in sheet.lines if line.seat == 0)
    assert entry.rival == next(line.total for line in sheet.lines if line.seat is None)
    assert (await sessions.challenges.board("carnegie", WEEK, "hard")).entries == []
    assert (await sessions.challenges.board("carnegie", "2026-W02", "easy")).entries == []

    # An edited score: the first game's stored state replaced by the second's.
    other = (await sessions.reading.status(second)).table.game.snapshot
    async with sessions.store.db.transaction() as conn:
        await conn.execute("UPDATE games SET snapshot = ? WHERE id = ?", (other, first))
    forged = (await Challenges(sessions.store).board("carnegie", WEEK, "easy")).entries[0]
    game = plugins.game("carnegie")
    claimed = next(line.total for line in game.score(game.load_state(other or "")).lines if line.seat == 0)
    if claimed != entry.score:
        assert str(forged.refused) == (
            f"its stored score {claimed} is not what its moves give ({entry.score})"
        )
    else:
        assert str(forged.refused) == "its stored game is not what its moves give"
    assert (
        forged.refused is not None
        and (await Challenges(sessions.store).board("carnegie", WEEK, "easy")).ranked == []
    )


async def test_edited_moves_are_refused(sessions: Sessions) -> None:
    game_id = await _challenge_game(sessions, 3, channel=12)
    table = (await sessions.reading.status(game_id)).table
    moves = [(row.seat, row.notation) for row in await sessions.reading.live_log(game_id)]
    seed = week_seed("carnegie", WEEK, "easy")
    assert verify(table, "carnegie", seed, "easy", moves).refused is None
    edited = [*moves[:5], (0, "build everything"), *moves[6:]]
    assert str(verify(table, "carnegie", seed, "easy", edited).refused) == (
        "its stored moves are not legal from the week's deal"
    )
    assert str(verify(table, "carnegie", seed, "easy", moves[:-1]).refused) == (
        "its stored moves do not reach the end of the game"
    )
    # the same moves from another week's deal do not give this game
    assert verify(table, "carnegie", week_seed("carnegie", "2026-W02", "easy"), "easy", moves).refused
    state = replay(plugins.game("carnegie"), 1, seed, json.loads(table.game.options), moves)
    assert plugins.game("carnegie").dump_state(state) == table.game.snapshot
