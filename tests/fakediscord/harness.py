"""Running a discord.py client against the fake: in this event loop, or as a ``python -m bot`` process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

import discord

from tests.fakediscord.server import FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class ClientHandle:
    """A discord.py client logged in to the fake and connected to its gateway."""

    client: discord.Client
    task: asyncio.Task[None]

    async def stop(self) -> None:
        """Close the client the way ``bot.close()`` does in production (gateway close code 4000)."""
        if not self.client.is_closed():
            await asyncio.wait_for(self.client.close(), 10)
        if not self.task.done():
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(self.task, 5)

    def raise_if_crashed(self) -> None:
        """The connect task dies when a gateway payload breaks the library: surface that."""
        if self.task.done() and not self.task.cancelled() and self.task.exception() is not None:
            raise AssertionError("the client's connect task crashed") from self.task.exception()


async def start_client(client: discord.Client, fake: FakeDiscord, *, timeout: float = 10.0) -> ClientHandle:
    """login (runs ``setup_hook``), connect in a task, wait for ``on_ready``."""
    # Bounded: a setup_hook that hangs must fail the test, not stall the suite.
    await asyncio.wait_for(client.login(fake.token), timeout)
    task = asyncio.create_task(client.connect(), name="discord-connect")
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:
        ready.cancel()
        handle = ClientHandle(client, task)
        if task.done():
            handle.raise_if_crashed()
        await handle.stop()
        raise AssertionError(f"the client was not ready within {timeout}s; problems: {fake.problems}")
    return ClientHandle(client, task)


@dataclass
class ProcessHandle:
    """``python -m bot`` running against the fake in a child process."""

    process: asyncio.subprocess.Process
    fake: FakeDiscord
    log_path: Path
    identifies_before: int = 0
    returncodes: list[int] = field(default_factory=list)

    async def wait_connected(self, timeout: float = 20.0) -> None:
        def connected() -> bool:
            if self.process.returncode is not None:
                raise AssertionError(f"the bot exited with {self.process.returncode}:\n{self.output()}")
            return self.fake.gateway.log.identifies > self.identifies_before and self.fake.gateway.connected

        await self.fake.wait_until(connected, timeout, "the bot process to connect")

    def output(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def kill(self) -> None:
        """A crash: SIGKILL, no clean shutdown."""
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()

    async def stop(self, timeout: float = 10.0) -> int:
        """A clean shutdown (SIGINT, as Ctrl-C or ``docker stop`` with the right signal)."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        assert self.process.returncode is not None
        return self.process.returncode


async def start_bot_process(
    fake: FakeDiscord, env_overrides: dict[str, str], log_path: Path, *, timeout: float = 20.0
) -> ProcessHandle:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "GAME_MODULES"))}
    env.update(
        DISCORD_TOKEN=fake.token,
        DISCORD_LOOPBACK=fake.loopback,
        DEV_GUILD_ID=str(fake.guild.id),
        PYTHONPATH=str(REPO_ROOT),
        PYTHONUNBUFFERED="1",
        # One render process: each warms every game up as it starts, and the suite starts dozens of
        # bot processes on a machine of two cores (a test that needs more says so).
        RENDER_PROCESSES="1",
    )
    env.update(env_overrides)
    log_file = log_path.open("ab")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=str(log_path.parent), env=env, stdout=log_file, stderr=log_file
    )
    log_file.close()
    handle = ProcessHandle(process, fake, log_path, identifies_before=fake.gateway.log.identifies)
    try:
        await handle.wait_connected(timeout)
    except BaseException:
        await handle.kill()
        raise
    return handle
