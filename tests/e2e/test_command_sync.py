"""A command sync Discord refuses does not stop the bot."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_lobby import open_lobby
from tests.fakediscord import FakeDiscord


async def test_a_sync_discord_refuses_keeps_the_bot_on_its_registered_commands(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refusing the slash commands (one grew over its limits, say) does not stop the bot: it
    logs Discord's own reason and runs on the commands registered before."""
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    await handle.stop()
    fake.fail_next("PUT /applications/{app_id}/guilds/{guild_id}/commands", status=400)
    with caplog.at_level(logging.ERROR, logger="bot.on_discord.client"):
        await start_bot(tmp_path / "db.sqlite3")
    refused = [
        r.getMessage() for r in caplog.records if "Discord refused the slash commands" in r.getMessage()
    ]
    assert refused and "400" in refused[0], caplog.text
    fake.allow_problems()
    lobby = await open_lobby(fake, "alice", "race")
    assert "Join" in lobby.button_labels()
