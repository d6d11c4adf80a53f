"""When the application outgrows one gateway connection, Discord closes it with 4011 (sharding
required). ``python -m bot`` then stops with its own exit status and one sentence telling the operator
which ``SHARD_COUNT`` to set: the count Discord recommends in GET /gateway/bot."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.__main__ import EXIT_SHARDING_REQUIRED
from tests.e2e.conftest import StartBotProcess
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import PATIENCE


async def test_sharding_required_tells_the_operator_which_shard_count_to_set(
    fake_discord: FakeDiscord, start_bot_process: StartBotProcess, tmp_path: Path
) -> None:
    bot = await start_bot_process(tmp_path / "boardroom.sqlite3")
    await fake_discord.gateway.require_sharding(3)
    status = await asyncio.wait_for(bot.process.wait(), PATIENCE)
    output = bot.output()
    assert status == EXIT_SHARDING_REQUIRED, output
    assert (
        "Discord requires sharding: the bot is in too many servers for one gateway connection; "
        "set SHARD_COUNT=3 (Discord recommends 3 shards) and start it again." in output
    )
    assert "Traceback" not in output
