"""A clean shutdown waits for the interactions in flight (the bug "Cannot operate on a closed
database"), and secrets stay out of the logs (issue 8, part 7): the token is read from the
environment or ``.env`` only and never logged, nor is the database's password; logs hold ids and
outcomes, not message texts."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from tests.bot.test_main import PASSWORD, shows_part_of
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.postgres import LocalPostgres
from tests.reliability.helpers import GAME_MODULES, action_id, answer, seat_race, sessions_of


async def test_stopping_waits_for_a_click_being_applied(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    handle = await start_bot(db, game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    slow_act = sessions.play.act

    async def act(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.4)  # a slow database or engine step, still running at shutdown
        return await slow_act(*args, **kwargs)

    # This one instance's act, slowed: mypy refuses a method assigned on purpose.
    sessions.play.act = act  # type: ignore[method-assign]
    outcome = await fake.press("alice", "games", action_id(table, 0, "step 2"))
    assert outcome.record.acknowledged  # deferred; the handler is now inside act
    await handle.stop()
    assert handle.bot.is_closed()
    assert await answer(outcome, timeout=1) is outcome.record.source_message  # the player saw it
    with contextlib.closing(sqlite3.connect(db)) as conn:
        logged = conn.execute("SELECT interaction_id FROM actions WHERE game_id = ?", (table.id,)).fetchall()
    assert logged == [(outcome.id,)]
    text = caplog.text
    assert "closed database" not in text and "unexpected error" not in text


def test_the_token_comes_from_the_environment_or_dotenv_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert Settings().discord_token is None
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-dotenv-123\n")
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "from-dotenv-123"
    monkeypatch.setenv("DISCORD_TOKEN", "from-env-456")
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "from-env-456"
    # Printing or logging the settings never shows it.
    assert "from-env-456" not in repr(settings) and "from-env-456" not in str(settings.model_dump())


async def test_logs_hold_no_token_and_no_message_content(
    fake_discord: FakeDiscord, start_bot_process: Any, tmp_path: Path
) -> None:
    """``python -m bot`` at LOG_LEVEL=DEBUG (the most talkative) through a whole game with refusals:
    the log has neither the token nor what was posted or typed."""
    fake = fake_discord
    handle = await start_bot_process(tmp_path / "db.sqlite3", LOG_LEVEL="DEBUG")
    typed = "step 7 PRIVATE-TEXT-typed-by-a-player"
    outcome = await fake.slash("alice", "games", "game new", game="race", thread=False, players=2)
    lobby = await outcome.wait_response()
    edits = lobby.edits
    await fake.click_button("bob", lobby, "Join")
    await fake.wait_until(lambda: lobby.edits > edits, PATIENCE, "bob joined")
    await fake.click_button("alice", fake.message(lobby.id), "Start")
    await fake.wait_until(
        lambda: any("your turn" in m.content for m in fake.channel_messages("games")),
        PATIENCE,
        "the turn line",
    )
    line = next(m for m in fake.channel_messages("games") if "your turn" in m.content)
    game_id = int(line.button("Take my turn")["custom_id"].split(":")[2])
    refused = await fake.press("alice", "games", f"br:m:{game_id}:2:0:0", values=[typed])
    await answer(refused)
    await fake.wait_idle()  # the refusal was the last request; stop once it has been answered
    await handle.stop()
    log = handle.output()
    assert "connected as" in log.lower() or "synced" in log.lower(), log[-2000:]
    assert fake.token not in log
    assert fake.token.split(".", 1)[1] not in log
    for posted in (lobby.content, line.content, typed, "PRIVATE-TEXT"):
        assert posted and posted not in log, posted


async def test_the_database_password_is_in_no_log_line_and_no_answer(
    fake_discord: FakeDiscord, start_bot_process: Any, tmp_path: Path, postgres: LocalPostgres
) -> None:
    """``python -m bot`` on PostgreSQL with a password in DATABASE_URL, at LOG_LEVEL=DEBUG: the log
    says which database it migrated, with the password masked, and neither the log nor the
    operator's ``/boardroom about`` holds the password or a part of it."""
    fake = fake_discord
    plain = postgres.create_database()  # a new database: the bot migrates it and says so
    url = plain.replace("postgres@", f"postgres:{PASSWORD}@", 1)
    handle = await start_bot_process(tmp_path / "db.sqlite3", DATABASE_URL=url, LOG_LEVEL="DEBUG")
    about = await fake.slash("owner", "games", "boardroom about")
    shown = await about.wait_response()
    assert "PostgreSQL" in shown.content
    await handle.stop()
    log = handle.output()
    migrated = [line for line in log.splitlines() if "applied migrations" in line]
    assert len(migrated) == 1 and migrated[0].endswith(plain.replace("postgres@", "postgres:***@", 1)), log
    for text in (log, shown.content):
        assert not shows_part_of(PASSWORD, text), text
