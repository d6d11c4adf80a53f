"""Smoke test: our BoardroomBot starts against the fake Discord, syncs its commands and answers."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import StartBot, StartBotProcess
from tests.fakediscord import FakeDiscord


async def test_bot_starts_syncs_and_answers_game_help(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    handle = await start_bot(tmp_path / "boardroom.sqlite3")
    names = {c["name"] for c in fake_discord.commands.get(fake_discord.guild.id, [])}
    assert "game" in names
    outcome = await fake_discord.slash("alice", fake_discord.general, "game help")
    assert outcome.latency < 3.0
    await fake_discord.settle()
    assert outcome.text(), "the help answer says something"
    await handle.stop()


async def test_restart_on_the_same_database_keeps_old_buttons_working(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    db_path = tmp_path / "boardroom.sqlite3"
    first = await start_bot(db_path)
    await fake_discord.slash("alice", fake_discord.general, "game new", game="race")
    await fake_discord.settle()
    lobby = fake_discord.latest_message(fake_discord.general)
    await fake_discord.click_button("bob", lobby, "Join")
    await fake_discord.settle()  # the join is acknowledged first and saved after
    await first.stop()

    await start_bot(db_path)
    assert fake_discord.gateway.log.identifies == 2, "a new process identifies afresh"
    started = await fake_discord.click_button("alice", lobby, "Start")
    assert started.latency < 3.0
    await fake_discord.settle()
    assert "your turn" in fake_discord.latest_message(fake_discord.general).text()


async def test_bot_as_a_process_survives_a_crash(
    fake_discord: FakeDiscord, start_bot_process: StartBotProcess, tmp_path: Path
) -> None:
    db_path = tmp_path / "boardroom.sqlite3"
    first = await start_bot_process(db_path)
    await fake_discord.slash("alice", fake_discord.general, "game new", game="race")
    await fake_discord.settle()
    lobby = fake_discord.latest_message(fake_discord.general)
    await first.kill()

    second = await start_bot_process(db_path)
    joined = await fake_discord.click_button("bob", lobby, "Join")
    assert joined.latency < 3.0
    await fake_discord.settle()
    assert await second.stop() == 0
