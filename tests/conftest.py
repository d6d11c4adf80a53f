"""For every test: the bot's table of games holds the built-in games and the test games, and is put
back as it was afterwards (a bot started by a test loads its own GAME_MODULES into it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import plugins

# The test games, as GAME_MODULES names them: rules_module[:pictures_module].
RACE_MODULES = "tests.race_game:tests.race_pictures"
COUNTDOWN_MODULES = ("tests.bot.countdown_game", "tests.bot.wide_countdown")
TEST_GAME_MODULES = (RACE_MODULES, *COUNTDOWN_MODULES)


@pytest.fixture(autouse=True)
def games_table() -> Iterator[None]:
    before = {name: plugins.plugin(name) for name in plugins.load_all(TEST_GAME_MODULES)}
    yield
    for name in plugins.names():
        plugins.remove(name)
    for found in before.values():
        plugins.add(found)
