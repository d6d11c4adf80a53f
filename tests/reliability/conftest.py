"""The end-to-end fixtures (fake Discord, the bot in this loop or as a process), shared with tests/e2e."""

from __future__ import annotations

from tests.e2e.conftest import fake_discord, start_bot, start_bot_process

__all__ = ["fake_discord", "start_bot", "start_bot_process"]
