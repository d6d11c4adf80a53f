"""Display names are bounded to Discord's own limit (32 characters) everywhere they enter: joining,
old rows, and imports (issue 17, finding 5); a longer name is cut with a visible ellipsis. A
150,000-character imported name once took 29 s per board in the one render process every server
shares."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import plugins, transfer
from bot.refusals import Refusal
from bot.sessions import Sessions
from bot.storage import Database, migrate, open_database
from bot.storage import games as game_rows
from bot.storage.games import MAX_DISPLAY_NAME
from engine.core import EngineError

MODERATOR = 99  # Manage Server, not playing


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[Sessions]:
    database: Database = await open_database(tmp_path / "names.sqlite3")
    await migrate(database)
    try:
        yield Sessions(database)
    finally:
        await database.close()


async def started_race(sessions: Sessions, host_name: str, other_name: str, channel: int = 2) -> int:
    table = await sessions.create_game(
        guild_id=1, channel_id=channel, game_name="race", host_id=10, seats=2, host_name=host_name
    )
    await sessions.join(table.id, 11, other_name)
    await sessions.start(table.id, 10)
    return table.id


async def test_names_longer_than_discord_allows_are_cut_when_seated_and_when_read(sessions: Sessions) -> None:
    game_id = await started_race(sessions, "h" * 100, "ç" * 40)
    names = (await sessions.status(game_id)).table.names
    cut = MAX_DISPLAY_NAME - 1
    assert names == ["h" * cut + "…", "ç" * cut + "…"]
    # A row written before the bound (or by hand) is cut when read.
    async with sessions.db.transaction() as conn:
        await conn.execute("UPDATE seats SET display_name = ? WHERE user_id = 11", ("w" * 150_000,))
    assert (await sessions.status(game_id)).table.names[1] == "w" * cut + "…"
    async with sessions.db.transaction(write=False) as conn:
        stored = await game_rows.list_seats(conn, game_id)
    assert all(s.display_name is None or len(s.display_name) <= MAX_DISPLAY_NAME for s in stored)


async def test_an_import_with_a_name_longer_than_discord_allows_is_refused(sessions: Sessions) -> None:
    game_id = await started_race(sessions, "host", "guest")
    await sessions.act(game_id, 10, "step 1", expected_version=None, interaction_id=None)
    document = await transfer.export_game(sessions, game_id, MODERATOR, may_manage=True)
    for name in ("n" * 150_000, "n" * (MAX_DISPLAY_NAME + 1), 12345):
        edited: dict[str, Any] = json.loads(json.dumps(document))
        edited["seats"][1]["display_name"] = name
        edited["checksum"] = transfer.checksum(edited)
        with pytest.raises(Refusal, match=r"display.name"):
            await transfer.import_game(sessions, edited, guild_id=1, channel_id=99)
    async with sessions.db.transaction(write=False) as conn:
        assert await game_rows.latest_game_in_channel(conn, 99) is None
    # The longest allowed name is accepted.
    edited = json.loads(json.dumps(document))
    edited["seats"][1]["display_name"] = "n" * MAX_DISPLAY_NAME
    edited["checksum"] = transfer.checksum(edited)
    table = await transfer.import_game(sessions, edited, guild_id=1, channel_id=99)
    assert table.names[1] == "n" * MAX_DISPLAY_NAME


def test_boards_with_the_longest_allowed_names_are_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    """A figure, not a timed assert: the slowest Carnegie picture with four 32-character names."""
    found = plugins.plugin("carnegie")
    assert found.pictures is not None
    game = found.rules
    try:
        state = game.new_game(4, 3, {})
    except EngineError:  # pragma: no cover - the table size is the game's own
        pytest.skip("carnegie has no 4-player table")
    names = [
        "W" * MAX_DISPLAY_NAME,
        "\ufdfd" * MAX_DISPLAY_NAME,
        "@" * MAX_DISPLAY_NAME,
        "م" * MAX_DISPLAY_NAME,
    ]
    found.pictures.warm_up()  # the static layers, built once per process
    worst = 0.0
    for spec in found.pictures.specs:
        seat = 0 if spec.per_seat else None
        started = time.perf_counter()
        png = found.pictures.draw(spec.key, game.view(state, seat), seat, names, game.score(state))
        worst = max(worst, time.perf_counter() - started)
        assert png.startswith(b"\x89PNG")
    with capsys.disabled():
        print(f"\nworst Carnegie picture with four {MAX_DISPLAY_NAME}-character names: {worst * 1000:.0f} ms")
