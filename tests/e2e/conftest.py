"""Fixtures for end-to-end tests: the fake Discord, and our bot running against it.

``fake_discord`` is strict: a test fails at teardown if the client called a route the fake does not
know, or sent something real Discord would refuse (see ``FakeDiscord.assert_clean``), or cost more
invalid requests (401, 403, 429) than its budget (``FakeDiscord.allow_invalid_requests``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service.render_processes import RenderProcesses
from tests.conftest import RACE_MODULES
from tests.fakediscord import FakeDiscord, harness
from tests.fakediscord.harness import ClientHandle, ProcessHandle, start_client
from tests.shared_render import SharedRenderProcesses


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = await FakeDiscord().start()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_clean()
    fake.assert_invalid_within_budget()


class BotHandle(ClientHandle):
    """Our ``BoardroomBot`` running in this event loop against the fake."""

    @property
    def bot(self) -> Any:
        return self.client


StartBot = Callable[..., Awaitable[BotHandle]]


@pytest.fixture
async def start_bot(
    fake_discord: FakeDiscord, render_processes: SharedRenderProcesses
) -> AsyncIterator[StartBot]:
    """``await start_bot(db_path, **settings_overrides)``: a fresh ``BoardroomBot`` in this process,
    drawing in the session's render processes (started and warmed once for every bot), or in
    ``processes`` (the test's own, which it closes).

    Calling it again with the same ``db_path`` (after ``await handle.stop()``) is a restart. Settings
    default to the fake's token, loopback address and guild, and register the race test game.
    """
    from bot.config import Settings
    from bot.on_discord.client import BoardroomBot

    running: list[BotHandle] = []

    async def start(
        db_path: Path | str, *, processes: RenderProcesses | None = None, **overrides: Any
    ) -> BotHandle:
        values: dict[str, Any] = {
            "discord_token": fake_discord.token,
            "database_path": Path(db_path),
            "dev_guild_id": fake_discord.guild.id,
            "discord_loopback": fake_discord.loopback,
            "game_modules": [RACE_MODULES],
            "log_level": "DEBUG",
        }
        values.update(overrides)
        # _env_file=None: a developer's .env must not leak into the tests.
        settings = Settings(_env_file=None, **values)
        # on_ready otherwise waits 2 s for more guilds after the last GUILD_CREATE.
        lent = render_processes if processes is None else processes
        bot = BoardroomBot(settings, guild_ready_timeout=0.05, render_processes=lent)
        handle = await start_client(bot, fake_discord)
        running.append(BotHandle(handle.client, handle.task))
        return running[-1]

    yield start
    for handle in running:
        with contextlib.suppress(Exception):
            await handle.stop()
    render_processes.returned()
    for handle in running:
        handle.raise_if_crashed()


StartBotProcess = Callable[..., Awaitable[ProcessHandle]]


@pytest.fixture
async def start_bot_process(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[StartBotProcess]:
    """``await start_bot_process(db_path, **env)``: ``python -m bot`` as a child process (crash tests:
    ``await handle.kill()``, then start again on the same database)."""
    running: list[ProcessHandle] = []

    async def start(db_path: Path | str, **env: str) -> ProcessHandle:
        overrides = {"DATABASE_PATH": str(db_path), "GAME_MODULES": RACE_MODULES, "LOG_LEVEL": "DEBUG", **env}
        log_path = tmp_path / f"bot-{len(running)}.log"
        handle = await harness.start_bot_process(fake_discord, overrides, log_path)
        running.append(handle)
        return handle

    yield start
    for handle in running:
        await handle.kill()
        if handle.process.returncode not in (0, -9, 130, -2):
            logging.getLogger(__name__).warning("bot process output:\n%s", handle.output())
