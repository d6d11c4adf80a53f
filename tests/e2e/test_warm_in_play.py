"""The games a bot warms up in its render processes: at start, those being played (a lobby open, a
game in progress, a post owed), and another one as its first table opens, long before that table's
first picture. A bot restarted under load spends no CPU on games nobody plays."""

from __future__ import annotations

from pathlib import Path

from bot.service.render_processes import RenderProcesses
from tests.conftest import RACE_MODULES
from tests.e2e.conftest import StartBot
from tests.fakediscord import PATIENCE, FakeDiscord

RACE = tuple(RACE_MODULES.split(":"))


async def test_a_bot_warms_the_games_in_play_at_start_and_a_game_as_its_first_table_opens(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    fake = fake_discord
    db_path = tmp_path / "boardroom.sqlite3"
    first, second = RenderProcesses(1), RenderProcesses(1)
    try:
        handle = await start_bot(db_path, processes=first)
        assert first.at_start == [], "no game is played yet: nothing to warm up"
        created = await fake.slash("alice", fake.general, "game new", game="race", thread=False)
        await created.wait_response()
        await fake.wait_until(lambda: first.at_start == [RACE], PATIENCE, "the race game warmed up")
        await handle.stop()

        # Restarted with the race lobby open: that game is warmed up at start, and only that one.
        await start_bot(db_path, processes=second)
        await fake.wait_until(lambda: second.at_start == [RACE], PATIENCE, "the game in play warmed up")
        assert second.current is not None, "its render process started with the bot"
    finally:
        first.close()
        second.close()
