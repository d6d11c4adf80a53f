"""Carnegie end to end across a restart: the bot stopped, or its process killed, in the middle of a
round comes back with the same decision, and the panels opened before still work."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bot.service.sessions import Sessions
from bot.storage import Status, open_database
from tests.e2e.carnegie_play import (
    TAKE_MY_TURN,
    Played,
    check_finished_game,
    line_agrees,
    open_carnegie,
    pick,
    play_to_the_end,
    seeded,
    sessions_of,
    take_turn,
    turn_line,
)
from tests.e2e.test_lobby import DEFERRED_MESSAGE, DEFERRED_UPDATE, acked
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.fakediscord.messages import Message


async def test_a_restart_mid_round_continues_from_the_same_state(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db_path = tmp_path / "db.sqlite3"
    first = seeded(await start_bot(db_path), 31)
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    await play_to_the_end(fake, first, players, seed=3, stop_after=12)
    sessions = sessions_of(first)
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    before = await sessions.reading.status(game_id)
    assert before.table.game.status is Status.ACTIVE
    # The player opens their panel, then the bot goes down.
    seat = before.progress.decision.seats[0] if before.progress else 0
    user = "alice" if seat == 0 else "bob"
    line = turn_line(fake)
    assert line is not None
    panel = await acked(await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE).wait_response()
    await first.stop()

    second = await start_bot(db_path)
    after = await sessions_of(second).reading.status(game_id)
    assert after.table.version == before.table.version
    assert after.table.game.snapshot == before.table.game.snapshot
    assert after.progress is not None and before.progress is not None
    assert after.progress.decision == before.progress.decision
    # The panel opened before the restart still works: its first choice is applied.
    custom_id, value = pick(panel, random.Random(0), prefer_done=1.0)
    if value is None:
        clicked = acked(await fake.click(user, panel, custom_id), DEFERRED_UPDATE)
    else:
        clicked = acked(await fake.select(user, panel, custom_id, [value]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.message(panel.id).edits >= 2, PATIENCE, "the old panel to be redrawn")
    assert not clicked.replies
    assert (await sessions_of(second).reading.status(game_id)).table.version == before.table.version + 1
    played = await play_to_the_end(fake, second, players, seed=5)
    played.decisions += 13
    await check_finished_game(fake, second, players, played)


async def test_the_bot_process_killed_mid_round_resumes_the_game(
    fake_discord: FakeDiscord, start_bot_process: Any, tmp_path: Path
) -> None:
    """``python -m bot`` killed (SIGKILL) in the middle of a round: a new process on the same
    database shows the same decision, and the old turn line and panel still work."""
    fake = fake_discord
    db_path = tmp_path / "db.sqlite3"
    first = await start_bot_process(db_path)
    await fake.wait_until(lambda: fake.commands.get(fake.guild.id), PATIENCE, "commands to be synced")
    players = ["alice", "bob"]
    await open_carnegie(fake, players, tab_sides="random")
    reader = await open_database(db_path)  # the test's own connection, to read what the bot saved
    try:
        sessions = Sessions(reader)
        game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
        users = {fake.users[n].id: n for n in players}
        rng = random.Random(8)
        for _ in range(40):  # into round 2, past its first decision
            await take_turn(fake, sessions, game_id, users, rng, Played())
            now = await sessions.reading.status(game_id)
            if now.progress and now.progress.stage == "round 2/20" and now.progress.decision.kind != "select":
                break
        before = await sessions.reading.status(game_id)
        assert before.progress is not None and before.progress.stage == "round 2/20"
        assert before.progress is not None and before.table.game.status is Status.ACTIVE
        line = turn_line(fake)
        assert line is not None
        seat = before.progress.decision.seats[0]
        user = users[before.table.user_at(seat) or 0]
        panel = await acked(
            await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE
        ).wait_response()
        await first.kill()

        await start_bot_process(db_path)
        after = await sessions.reading.status(game_id)
        assert after.table.game.snapshot == before.table.game.snapshot
        assert after.progress is not None and after.progress.decision == before.progress.decision
        custom_id, value = pick(panel, rng, prefer_done=1.0)
        if value is None:
            acked(await fake.click(user, panel, custom_id), DEFERRED_UPDATE)
        else:
            acked(await fake.select(user, panel, custom_id, [value]), DEFERRED_UPDATE)
        await fake.wait_until(
            lambda: fake.message(panel.id).edits >= 2, PATIENCE, "the old panel to be redrawn"
        )
        assert (await sessions.reading.status(game_id)).table.version == before.table.version + 1
        for _ in range(4):  # and the game goes on
            await take_turn(fake, sessions, game_id, users, rng, Played())
        assert await sessions.reading.replay(game_id) == await sessions.reading.load(game_id)
    finally:
        await reader.close()


async def test_a_turn_line_made_as_the_process_is_killed_is_the_games_line_after_the_restart(
    fake_discord: FakeDiscord, start_bot_process: Any, tmp_path: Path
) -> None:
    """SIGKILL between Discord making a new turn line and the bot recording its id: the restarted
    process finds that line in the channel and keeps it as the game's, the line before it loses its
    buttons, and the game goes on from it (one line in the channel can be clicked, not two)."""
    fake = fake_discord
    db_path = tmp_path / "db.sqlite3"
    first = await start_bot_process(db_path)
    await fake.wait_until(lambda: fake.commands.get(fake.guild.id), PATIENCE, "commands to be synced")
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    reader = await open_database(db_path)
    try:
        sessions = Sessions(reader)
        game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
        users = {fake.users[n].id: n for n in players}
        rng = random.Random(4)
        # The next turn line is made, and Discord's answer held until the process is gone.
        held = fake.hold_next_answer(
            "POST /webhooks/{app_id}/{token}", matching=lambda payload: '"br:t:' in json.dumps(payload)
        )

        def holding() -> bool:
            return any(r.fault == "answer held" for r in fake.requests)

        async def recorded() -> int | None:
            return (await sessions.reading.status(game_id)).table.game.prompt_message_id

        async def settled() -> bool:
            return holding() or line_agrees(await sessions.reading.status(game_id), turn_line(fake))

        for _ in range(20):
            await fake.wait_until_async(settled, 4 * PATIENCE, "a turn line recorded, or one held")
            if holding():
                break
            await take_turn(fake, sessions, game_id, users, rng, Played())
        assert holding(), "no new turn line in 20 turns"
        old = await recorded()
        await fake.wait_until(
            lambda: (line := turn_line(fake)) is not None and line.id != old, PATIENCE, "the held line made"
        )
        made = turn_line(fake)
        assert made is not None
        await first.kill()
        held.set()
        assert (await sessions.reading.status(game_id)).table.game.prompt_posting is not None

        await start_bot_process(db_path)

        async def one_live_line() -> bool:
            game = (await sessions.reading.status(game_id)).table.game
            return [m.id for m in _live_lines(fake)] == [
                game.prompt_message_id
            ] and game.prompt_posting is None

        await fake.wait_until_async(one_live_line, 4 * PATIENCE, "one live turn line, the recorded one")
        assert await recorded() == made.id
        for _ in range(4):  # and the game goes on from it
            await take_turn(fake, sessions, game_id, users, rng, Played())
        assert [m.id for m in _live_lines(fake)] == [await recorded()]
    finally:
        await reader.close()


def _live_lines(fake: FakeDiscord) -> list[Message]:
    return [
        m for m in fake.channel_messages("games") if any(b.get("label") == TAKE_MY_TURN for b in m.buttons())
    ]
