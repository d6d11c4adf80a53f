"""``make run`` without DISCORD_TOKEN (``python -m bot --or-local-table``): one line saying the local
table opens instead, the Discord set-up steps after it, then the table's address, where the set-up
page answers."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import aiohttp

from bot.__main__ import NO_TOKEN_LOCAL, OR_LOCAL
from tests.fakediscord import PATIENCE

REPO_ROOT = Path(__file__).resolve().parents[2]


async def test_make_run_without_a_token_opens_the_local_table(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "WEB_"))}
    env.update(PYTHONPATH=str(REPO_ROOT), WEB_PORT="0", RENDER_PROCESSES="1")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", OR_LOCAL, cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE
    )
    assert process.stdout is not None
    try:
        lines: list[str] = []
        while not lines or "The local table is open at" not in lines[-1]:
            line = await asyncio.wait_for(process.stdout.readline(), PATIENCE)
            assert line, "the process ended before opening the table:\n" + "".join(lines)
            lines.append(line.decode())
        assert lines[0].strip() == NO_TOKEN_LOCAL
        told = "".join(lines)
        assert "New Application -> Bot" in told and "scope=bot+applications.commands" in told
        address = lines[-1].split(" at ", 1)[1].split(" ", 1)[0]
        assert address.startswith("http://127.0.0.1:") and address.endswith("/play")
        async with aiohttp.ClientSession() as client, client.get(address) as response:
            assert response.status == 200
            assert "Carnegie" in await response.text()
        # the database the settings name, in the directory it was started in
        assert (tmp_path / "data").exists()
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), PATIENCE)
