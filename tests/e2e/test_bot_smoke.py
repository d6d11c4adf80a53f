"""Smoke test: our BoardroomBot starts against the fake Discord, syncs its commands and answers."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import StartBot, StartBotProcess
from tests.fakediscord import PATIENCE, FakeDiscord, Message


async def lobby_with(fake: FakeDiscord, lobby: Message, user: str) -> Message:
    """The lobby once the bot redrew it with ``user`` seated (it edits after saving the join)."""
    mention = f"<@{fake.users[user].id}>"
    return await fake.wait_for_update(lobby, lambda m: mention in m.content, what=f"{user} in the lobby")


async def test_bot_starts_syncs_and_answers_game_help(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    handle = await start_bot(tmp_path / "boardroom.sqlite3")
    names = {c["name"] for c in fake_discord.commands.get(fake_discord.guild.id, [])}
    assert "game" in names
    outcome = await fake_discord.slash("alice", fake_discord.general, "game help")
    assert outcome.latency < 3.0
    await outcome.wait_for(lambda o: bool(o.text()))
    assert outcome.text(), "the help answer says something"
    await handle.stop()


async def test_restart_on_the_same_database_keeps_old_buttons_working(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    db_path = tmp_path / "boardroom.sqlite3"
    first = await start_bot(db_path)
    created = await fake_discord.slash("alice", fake_discord.general, "game new", game="race", thread=False)
    await created.wait_response()
    lobby = fake_discord.latest_message(fake_discord.general)
    await fake_discord.click_button("bob", lobby, "Join")
    # The join is acknowledged first and saved after; the lobby is redrawn once it is saved.
    await lobby_with(fake_discord, lobby, "bob")
    await first.stop()

    await start_bot(db_path)
    assert fake_discord.gateway.log.identifies == 2, "a new process identifies afresh"
    started = await fake_discord.click_button("alice", lobby, "Start")
    assert started.latency < 3.0
    await fake_discord.wait_until(
        lambda: "your turn" in fake_discord.latest_message(fake_discord.general).text(),
        PATIENCE,
        "the turn line",
    )
    assert "your turn" in fake_discord.latest_message(fake_discord.general).text()


async def test_bot_as_a_process_survives_a_crash(
    fake_discord: FakeDiscord, start_bot_process: StartBotProcess, tmp_path: Path
) -> None:
    db_path = tmp_path / "boardroom.sqlite3"
    first = await start_bot_process(db_path)
    created = await fake_discord.slash("alice", fake_discord.general, "game new", game="race", thread=False)
    await created.wait_response()
    lobby = fake_discord.latest_message(fake_discord.general)
    await first.kill()

    second = await start_bot_process(db_path)
    joined = await fake_discord.click_button("bob", lobby, "Join")
    assert joined.latency < 3.0
    await lobby_with(fake_discord, lobby, "bob")  # handled to the end before the clean stop
    assert await second.stop() == 0
