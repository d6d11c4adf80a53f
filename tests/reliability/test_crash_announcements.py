"""Crash test with a real Carnegie game (issue 17, findings 3 and 4): one player against an AI seat,
so every click also plays the AI, ends rounds, draws board pictures and posts summaries; the bot
process is SIGKILLed at random moments (while drawing and posting too), restarted on the same
database, and after the last restart every owed summary (and the final result, if the game ended)
is in the channel, no owed post is left, and the pending decision has its turn line.

``BOARDROOM_CRASH_ANNOUNCE_CYCLES`` (default 4) sets the number of kills."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot import plugins
from bot.service.sessions import Sessions
from bot.storage import migrate, open_database
from tests.conftest import RACE_MODULES
from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord, InteractionOutcome, Message
from tests.fakediscord.harness import start_bot_process

CYCLES = int(os.environ.get("BOARDROOM_CRASH_ANNOUNCE_CYCLES", "4"))


def read(db: Path, sql: str, *args: Any) -> list[sqlite3.Row]:
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as conn:
        conn.row_factory = sqlite3.Row
        return conn.execute(sql, args).fetchall()


async def carnegie_against_the_bot(db: Path, fake: FakeDiscord) -> int:
    database = await open_database(db)
    try:
        await migrate(database)
        sessions = Sessions(database)
        where = fake.channel("games")
        assert where.guild_id is not None
        alice, bob = fake.users["alice"].id, fake.users["bob"].id
        table = await sessions.lobby.create_game(
            guild_id=where.guild_id, channel_id=where.id, game_name="carnegie", host_id=alice, seats=2
        )
        await sessions.lobby.join(table.id, bob)
        await sessions.lobby.start(table.id, alice)
        # The easy player: it decides at once, so a cycle reaches a round's end in the time its
        # posts and pictures take (the strong one thought for seconds a decision, and this test
        # is about the posts, not the play).
        await sessions.play.replace_with_ai(table.id, alice, bob, may_manage=True, level="easy")
        return table.id
    finally:
        await database.close()


def summary_texts(fake: FakeDiscord) -> list[Any]:
    """The round summaries posted so far (their pictures may still be on their way)."""
    return [m for m in fake.channel_messages("games") if "is over.**" in m.content]


def summary_files(fake: FakeDiscord) -> Counter[str]:
    """Summary and final posts in the channel, by file name ("round-1-phone.png", "final-phone.png")."""
    return Counter(
        a.filename
        for m in fake.channel_messages("games")
        for a in m.attachments
        if a.filename.startswith(("round-", "final-"))
    )


@pytest.mark.slow
async def test_sigkill_during_play_drawing_and_posting_loses_no_announcement(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "crash.sqlite3"
    game_id = await carnegie_against_the_bot(db, fake)
    game = plugins.game("carnegie")
    env = {"DATABASE_PATH": str(db), "GAME_MODULES": RACE_MODULES, "LOG_LEVEL": "WARNING"}
    rng = random.Random(17)
    clicks = 0

    async def play(stop: asyncio.Event) -> None:
        nonlocal clicks
        while not stop.is_set():
            (row,) = read(db, "SELECT version, snapshot, status FROM games WHERE id = ?", game_id)
            if row["status"] != "active":
                return
            state = game.load_state(row["snapshot"])
            if 0 not in game.pending(state).seats:
                await asyncio.sleep(0.01)
                continue
            notation = rng.choice([game.format_action(a) for a in game.legal_actions(state, 0)])
            custom_id = f"br:a:{game_id}:{row['version']}:0:{notation}"
            with contextlib.suppress(AssertionError):
                outcome = await fake.press("alice", "games", custom_id)
                source = outcome.record.source_message

                def answered(source: Message | None = source, outcome: InteractionOutcome = outcome) -> bool:
                    return source is not None and (source.edits > 0 or bool(outcome.replies))

                await fake.wait_until(answered, PATIENCE, "a result")
                clicks += 1

    kills = 0
    for cycle in range(CYCLES):
        handle = await start_bot_process(fake, env, tmp_path / f"bot-{cycle}.log", timeout=30)
        stop = asyncio.Event()
        driver = asyncio.create_task(play(stop))
        # Until a round ended at least once in this cycle (its summary's text is out; the picture
        # follows), then a random moment.
        rounds = len(summary_texts(fake))

        def summarised(rounds: int = rounds) -> bool:
            return len(summary_texts(fake)) > rounds

        with contextlib.suppress(AssertionError):
            await fake.wait_until(summarised, PATIENCE, "a summary")
        await asyncio.sleep(random.Random(f"17/{cycle}").uniform(0.0, 0.6))
        await handle.kill()
        kills += 1
        stop.set()
        driver.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await driver

    # The last restart: whatever the kills cut off is posted, once.
    handle = await start_bot_process(fake, env, tmp_path / "bot-last.log", timeout=30)
    await fake.wait_until(
        lambda: not read(db, "SELECT 1 FROM posts WHERE posted_at IS NULL OR picture_owed = 1"),
        PICTURE_PATIENCE,
        "no owed post or picture left",
    )
    (row,) = read(
        db, "SELECT status, snapshot, prompt_seats, prompt_message_id FROM games WHERE id = ?", game_id
    )
    if row["status"] == "active":
        await fake.wait_until(
            lambda: read(db, "SELECT prompt_seats FROM games WHERE id = ?", game_id)[0][0] == "[0]",
            20,
            "the pending decision's turn line",
        )
    await fake.settle(quiet=0.5, timeout=20)
    await handle.kill()

    rows = read(db, "SELECT key, picture_owed FROM posts WHERE game_id = ? ORDER BY ord", game_id)
    owed = [r["key"] for r in rows]
    posted = summary_files(fake)
    assert owed, "the game reached at least one checkpoint"
    # Once each, also when a kill fell between Discord taking the post and the bot recording it: the
    # next start sends it again with the same nonce, and Discord answers with the first message. The
    # bot's seat plays on after the last wait, so the newest summary's picture may still be on its way.
    expected = {r["key"]: 0 if r["picture_owed"] else 1 for r in rows}
    assert {key: posted[f"{key}-phone.png"] for key in owed} == expected, posted
    texts = [m.content.split("\n")[0] for m in summary_texts(fake)]
    assert len(texts) == len(set(texts)), f"a summary's text was posted twice: {texts}"
    twice: list[str] = []
    (row,) = read(db, "SELECT status, prompt_seats, prompt_message_id FROM games WHERE id = ?", game_id)
    if row["status"] == "active":
        line = next(m for m in fake.channel_messages("games") if m.id == row["prompt_message_id"])
        assert "your turn" in line.content and str(fake.users["alice"].id) in line.content
        assert line.components, "the turn line has its button"
    print(
        f"\ncarnegie crash: {kills} kills, {clicks} confirmed clicks, {len(owed)} announcements owed, "
        f"posted once: {sum(posted[f'{k}-phone.png'] == 1 for k in owed)}, twice: {twice}, "
        f"status {row['status']}"
    )
