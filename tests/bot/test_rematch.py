"""Rematch in the table service (real SQLite, then PostgreSQL): a finished game's player opens a lobby
with the same game, options, table size, speed, language and bots at their levels, hosting it; the
others are invited; an unfinished game, an outsider and a bot are refused and nothing opens."""

from __future__ import annotations

import json

import pytest

from bot.service.refusals import ChannelOccupied, NotAPlayer, NotInProgress
from bot.service.sessions import Sessions
from bot.storage import Status
from bot.storage import clocks as clock_rows
from tests.bot.conftest import play_bots

GUILD, CHANNEL = 1, 10
# Discord ids are snowflakes, far above the small ids of the bot's own seats
ALICE, BOB, CAROL = 10**17 + 1, 10**17 + 2, 10**17 + 3


async def _finished_with_a_bot(sessions: Sessions) -> int:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="race", host_id=ALICE, speed="fast", language="uk"
    )
    await sessions.lobby.add_bot(table.id, ALICE, "first")
    status = await sessions.lobby.start(table.id, ALICE)
    interaction = 50_000
    while status.table.game.status is Status.ACTIVE:
        interaction += 1
        result = await sessions.play.act(
            table.id, ALICE, "step 2", expected_version=None, interaction_id=interaction
        )
        status = await play_bots(sessions, result.table.id)
    return table.id


async def test_a_rematch_repeats_the_table_with_its_bots(sessions: Sessions) -> None:
    old_id = await _finished_with_a_bot(sessions)
    old = (await sessions.reading.status(old_id)).table
    with pytest.raises(NotAPlayer, match=r"Only the players of this game can ask for a rematch\."):
        await sessions.rematch.open(old_id, CAROL)
    bot = next(s.user_id for s in old.seats if s.is_ai)
    with pytest.raises(NotAPlayer):
        await sessions.rematch.open(old_id, bot)

    opened = await sessions.rematch.open(old_id, ALICE, "alice")
    new = opened.table
    assert new.game.status is Status.LOBBY and new.host_id == ALICE and opened.invited == []
    assert (new.game.game, json.loads(new.game.options), new.game.seats_wanted) == ("race", {}, 2)
    assert (new.game.language, new.game.channel_id, new.game.thread_wanted) == ("uk", CHANNEL, False)
    assert [(s.is_ai, s.ai_level) for s in new.seats] == [(False, None), (True, "first")]
    async with sessions.store.db.transaction(write=False) as conn:
        assert await clock_rows.game_speed(conn, new.id) == "fast"
    # Asked again while it is open: the channel's one-open-game rule answers.
    with pytest.raises(ChannelOccupied):
        await sessions.rematch.open(old_id, ALICE)
    started = await sessions.lobby.start(new.id, ALICE)
    assert started.table.game.status is Status.ACTIVE


async def test_only_a_finished_game_has_a_rematch(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="race", host_id=ALICE
    )
    await sessions.lobby.join(table.id, BOB)
    with pytest.raises(NotInProgress, match=r"Only a finished game can be played again\."):
        await sessions.rematch.open(table.id, ALICE)
    await sessions.lobby.start(table.id, ALICE)
    with pytest.raises(NotInProgress):
        await sessions.rematch.open(table.id, BOB)
