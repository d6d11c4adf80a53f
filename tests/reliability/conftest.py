"""The end-to-end fixtures (fake Discord, the bot in this loop or as a process), shared with tests/e2e."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import game_names, register, unregister
from tests.e2e.conftest import fake_discord, start_bot, start_bot_process
from tests.race_game import RACE

__all__ = ["fake_discord", "start_bot", "start_bot_process"]

TEST_GAMES = {"race", "countdown", "wide"}


@pytest.fixture(autouse=True)
def games() -> Iterator[None]:
    """The bot registers the test games in this process: restore the registry after."""
    before = set(game_names())
    if "race" not in before:
        register(RACE)
    yield
    for name in TEST_GAMES - before:
        if name in game_names():
            unregister(name)
