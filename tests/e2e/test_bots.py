"""Bots at the table (issue 22), end to end through the real discord.py client: the host seats a
bot in the lobby at a level the game offers; the bot's decisions are computed in its worker
process and saved like a person's, so one person and bots play a whole game; ``/game hint`` shows
the strong bot's choice privately and the log tells the table who asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    acked,
    choose,
    open_lobby,
    open_panel,
    private_reply,
    sessions_of,
    turn_lines,
)
from tests.fakediscord import PATIENCE, FakeDiscord


async def test_one_person_and_a_bot_play_a_whole_game_and_a_hint_is_private(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    assert fake.message(lobby.id).button_labels() == ["Join", "Leave", "Start", "Add a bot"]
    # Only the host seats bots; the race's bots play at one level, so none is asked.
    refused = acked(await fake.click_button("bob", lobby, "Add a bot"), DEFERRED_UPDATE)
    assert (await private_reply(refused)).content == "Only the host can seat a bot."
    acked(await fake.click_button("alice", fake.message(lobby.id), "Add a bot"), DEFERRED_UPDATE)
    seated = await fake.wait_for_update(
        fake.message(lobby.id), lambda m: "2. First bot 1" in m.content, what="the bot in the lobby"
    )
    assert "<@1>" not in seated.content
    acked(await fake.click_button("alice", seated, "Start"), DEFERRED_UPDATE)

    # A hint: the bot's choice and its effect on the score, only for the asker.
    await fake.wait_until(lambda: turn_lines(fake), PATIENCE, "alice's turn line")
    hint = await private_reply(acked(await fake.slash("alice", "games", "game hint"), DEFERRED_MESSAGE))
    assert hint.content.startswith("The first bot would choose: **Step 1**; your provisional score 0 → 1")
    not_yours = await private_reply(acked(await fake.slash("bob", "games", "game hint"), DEFERRED_MESSAGE))
    assert not_yours.content == "You are not playing in this game."

    # Alice steps 2 at every turn; the bot (its seat never pinged) steps 1 in between.
    for number in range(5):

        def more_lines(seen: int = number) -> bool:
            return len(turn_lines(fake)) > seen

        await fake.wait_until(more_lines, 4 * PATIENCE, "alice's turn")
        line = turn_lines(fake)[number]
        assert f"<@{fake.users['alice'].id}>" in line.content and "First bot" not in line.content
        await choose(fake, "alice", await open_panel(fake, "alice", line), "Step 2")
    result = await fake.wait_for_message("games", lambda m: "game over" in m.content, timeout=4 * PATIENCE)
    assert "Winner: **alice**" in result.content and "<@1>" not in result.content
    game_id = (
        await sessions_of(handle).reading.status_in_channel(fake.games.id, include_ended=True)
    ).table.id
    assert await sessions_of(handle).reading.replay(game_id) == await sessions_of(handle).reading.load(
        game_id
    )
    log = await private_reply(acked(await fake.slash("bob", "games", "game log", n=40), DEFERRED_MESSAGE))
    assert "alice asked for a hint." in log.content
