"""Display names are bounded to Discord's own limit (32 characters) everywhere they enter: joining,
old rows, and imports (issue 17, finding 5); a longer name is cut with a visible ellipsis. A
150,000-character imported name once took 29 s per board in the one render process every server
shares."""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import plugins
from bot.ops import export_file, transfer
from bot.service import narrate
from bot.service.refusals import Refusal
from bot.service.sessions import Sessions
from bot.storage import Database, migrate, open_database
from bot.storage import games as game_rows
from bot.storage.games import MAX_DISPLAY_NAME
from engine.core import EngineError
from tests.fakediscord import FakeDiscord
from tests.reliability.helpers import GAME_MODULES, refusal, seat_race, sessions_of

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
    table = await sessions.lobby.create_game(
        guild_id=1, channel_id=channel, game_name="race", host_id=10, seats=2, host_name=host_name
    )
    await sessions.lobby.join(table.id, 11, other_name)
    await sessions.lobby.start(table.id, 10)
    return table.id


async def test_names_longer_than_discord_allows_are_cut_when_seated_and_when_read(sessions: Sessions) -> None:
    game_id = await started_race(sessions, "h" * 100, "ç" * 40)
    names = (await sessions.reading.status(game_id)).table.names
    cut = MAX_DISPLAY_NAME - 1
    assert names == ["h" * cut + "…", "ç" * cut + "…"]
    # A row written before the bound (or by hand) is cut when read.
    async with sessions.store.db.transaction() as conn:
        await conn.execute("UPDATE seats SET display_name = ? WHERE user_id = 11", ("w" * 150_000,))
    assert (await sessions.reading.status(game_id)).table.names[1] == "w" * cut + "…"
    async with sessions.store.db.transaction(write=False) as conn:
        stored = await game_rows.list_seats(conn, game_id)
    assert all(s.display_name is None or len(s.display_name) <= MAX_DISPLAY_NAME for s in stored)


async def test_a_name_cannot_reorder_or_hide_the_rest_of_a_summary_line(sessions: Sessions) -> None:
    """A name carrying an Arabic letter mark, zero-width or other invisible format characters would turn
    the score line around it the other way, or show a name other than the one it compares as: they are
    dropped wherever the name is shown, old rows too. Arabic and Hebrew names read as typed."""
    game_id = await started_race(sessions, "\u061c\u200bMal\u2060lory\ufeff\u00ad\u2028", "מרים مريم")
    status = await sessions.reading.status(game_id)
    assert status.table.names == ["Mallory", "מרים مريم"]
    async with sessions.store.db.transaction() as conn:
        await conn.execute(
            "UPDATE seats SET display_name = ? WHERE user_id = 11", ("\u202eמרים\u200d \u2067مريم\u061c",)
        )
    status = await sessions.reading.status(game_id)
    assert status.table.names == ["Mallory", "מרים مريم"]
    sheet = plugins.game("race").score(await sessions.reading.load(game_id))
    lines = narrate.score_changes(sheet, None, status.table.said_names)
    assert lines and all(unicodedata.category(c) not in ("Cf", "Cc", "Zl") for line in lines for c in line)


async def test_an_import_with_a_name_longer_than_discord_allows_is_refused(sessions: Sessions) -> None:
    game_id = await started_race(sessions, "host", "guest")
    await sessions.play.act(game_id, 10, "step 1", expected_version=None, interaction_id=None)
    document = await transfer.export_game(sessions, game_id, MODERATOR, may_manage=True)
    for name in ("n" * 150_000, "n" * (MAX_DISPLAY_NAME + 1), 12345):
        edited: dict[str, Any] = json.loads(json.dumps(document))
        edited["seats"][1]["display_name"] = name
        edited["checksum"] = export_file.checksum(edited)
        with pytest.raises(Refusal, match=r"display.name"):
            await transfer.import_game(sessions, edited, guild_id=1, channel_id=99)
    async with sessions.store.db.transaction(write=False) as conn:
        assert await game_rows.latest_game_in_channel(conn, 99) is None
    # The longest allowed name is accepted.
    edited = json.loads(json.dumps(document))
    edited["seats"][1]["display_name"] = "n" * MAX_DISPLAY_NAME
    edited["checksum"] = export_file.checksum(edited)
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


async def test_asking_for_the_board_of_a_member_not_at_the_table_does_not_echo_their_raw_name(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """The refusal of `/game player player:` for someone who is not seated said their Discord name as
    typed, right-to-left override and all: it names nobody now (only seated names are cleaned)."""
    fake = fake_discord
    sessions_ = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    await seat_race(fake, sessions_, "games")
    fake.users["carol"].global_name = "\u202eevil\u200b"
    asked = await fake.slash("alice", "games", "game player", player="carol")
    assert await refusal(asked) == "That member is not playing in this game."
