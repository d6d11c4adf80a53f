"""The weekly challenge through the fake Discord: ``/game new game:carnegie challenge:True`` deals the
week's table at once, its finished game enters ``/game challenge`` with the score its replay gives,
and after its stored moves were edited in the database the same board refuses it, saying why."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot import plugins
from bot.service.after_game.challenge import week_of, week_seed
from tests.e2e.carnegie_play import open_carnegie, play_to_the_end, sessions_of
from tests.e2e.test_lobby import DEFERRED_MESSAGE, acked, private_reply
from tests.fakediscord import FakeDiscord


async def test_a_challenge_game_enters_the_week_s_board_and_a_forged_one_is_refused(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    handle = await start_bot(db)
    refused = await private_reply(
        acked(
            await fake.slash("alice", "games", "game new", game="carnegie", challenge=True, beginner=True),
            DEFERRED_MESSAGE,
        )
    )
    assert (
        refused.content
        == "The weekly challenge is the same table for everyone: only difficulty may be chosen."
    )

    lobby = await open_carnegie(fake, ["alice"], challenge=True, difficulty="easy")
    sessions = sessions_of(handle)
    week = week_of(sessions.store.clock())
    table = (await sessions.reading.status_in_channel(fake.games.id)).table
    # the week's deal, whoever opens it and wherever
    assert table.game.seed == week_seed("carnegie", week, "easy")
    await fake.wait_for_update(lobby, lambda m: "weekly challenge" in m.content, what="the challenge note")
    await play_to_the_end(fake, handle, ["alice"], seed=3)
    sheet = plugins.game("carnegie").score(await sessions.reading.load(table.id))
    mine = next(line.total for line in sheet.lines if line.seat == 0)
    andrew = next(line.total for line in sheet.lines if line.seat is None)

    board = await private_reply(acked(await fake.slash("bob", "games", "game challenge"), DEFERRED_MESSAGE))
    alice = fake.users["alice"].id
    assert board.content.startswith(
        f"**Weekly challenge {week}** — Carnegie, easy\n1. <@{alice}>: **{mine}** (Andrew {andrew}), "
    )
    wrong = await private_reply(
        acked(await fake.slash("bob", "games", "game challenge", week="2026-W99"), DEFERRED_MESSAGE)
    )
    assert wrong.content == "There is no week '2026-W99'; write it like 2026-W48."

    # Someone edits a stored move behind the bot's back (the log's own triggers dropped first).
    await handle.stop()
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER actions_are_append_only_update")
        conn.execute(
            "UPDATE actions SET notation = 'build everything' WHERE game_id = ? AND seq = 3", (table.id,)
        )
    handle = await start_bot(db)
    board = await private_reply(
        acked(await fake.slash("bob", "games", "game challenge", level="easy"), DEFERRED_MESSAGE)
    )
    assert board.content == (
        f"**Weekly challenge {week}** — Carnegie, easy\n"
        f"Refused: <@{alice}>'s game #{table.id}: its stored moves are not legal from the week's deal."
    )
