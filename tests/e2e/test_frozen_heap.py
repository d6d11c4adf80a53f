"""``python -m bot`` freezes what it made at start-up out of the garbage collector's scans once the
client is ready (``bot.on_discord.frozen_heap``), and still answers clicks afterwards."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.conftest import StartBotProcess
from tests.fakediscord import PATIENCE, FakeDiscord

FROZEN = re.compile(r"(\d+) objects made at start-up frozen")


async def test_a_bot_process_freezes_its_start_up_objects(
    fake_discord: FakeDiscord, start_bot_process: StartBotProcess, tmp_path: Path
) -> None:
    handle = await start_bot_process(tmp_path / "boardroom.sqlite3")
    found = await fake_discord.wait_until(lambda: FROZEN.search(handle.output()), PATIENCE, "the freeze")
    # The modules alone are tens of thousands of objects; a freeze before the start made them would
    # find a few hundred.
    assert int(found.group(1)) > 20_000, found.group(0)
    assert "full collections at most every" in handle.output()
    created = await fake_discord.slash("alice", fake_discord.general, "game new", game="race", thread=False)
    await created.wait_response()
    assert await handle.stop() == 0
