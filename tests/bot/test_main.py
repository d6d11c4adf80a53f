"""``python -m bot``: without a token it explains the set-up and exits non-zero (issue 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.__main__ import EXIT_BAD_SETTINGS, EXIT_NO_TOKEN
from bot.on_discord.permissions import required_permissions

REPO_ROOT = Path(__file__).resolve().parents[2]
# A database password for the tests that look for it where it must not be.
PASSWORD = "Pw3zX8qV"


def _run(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
    clean["PYTHONPATH"] = str(REPO_ROOT)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=cwd, env=clean, capture_output=True, text=True, timeout=60
    )


def test_without_a_token_it_prints_the_guidance_and_exits_non_zero(tmp_path: Path) -> None:
    result = _run(tmp_path)
    assert result.returncode == EXIT_NO_TOKEN != 0
    text = result.stderr
    for needle in (
        "DISCORD_TOKEN is not set",
        "New Application -> Bot",
        "Reset Token",
        "none of the privileged ones",
        "View Channels, Send Messages,",
        "Use Application",
        "scope=bot+applications.commands&permissions=311385246720",
        ".env.example",
        # the commands: not optional, or an admin following the steps gets no /game at all
        "6. Required, or Discord shows no /game: set DEV_GUILD_ID",
        "SYNC_GLOBAL=true for one start",
    ):
        assert needle in text, needle
    assert not (tmp_path / "data").exists()  # nothing is created before there is a token


def test_an_empty_token_in_dot_env_counts_as_missing(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\nDEV_GUILD_ID=\n")
    assert _run(tmp_path).returncode == EXIT_NO_TOKEN


def test_invalid_settings_are_reported_without_the_token(tmp_path: Path) -> None:
    result = _run(tmp_path, DISCORD_TOKEN="secret-token-value", DEV_GUILD_ID="not-a-number")
    assert result.returncode == EXIT_BAD_SETTINGS
    assert "DEV_GUILD_ID" in result.stderr.upper() or "dev_guild_id" in result.stderr
    assert "secret-token-value" not in result.stderr + result.stdout


def shows_part_of(secret: str, text: str) -> bool:
    """Whether ``text`` holds four characters or more of ``secret`` (a long value is shown cut short)."""
    return any(secret[i : i + 4] in text for i in range(len(secret) - 3))


def test_invalid_settings_show_neither_the_database_password_nor_the_token(tmp_path: Path) -> None:
    """What the operator sees of a mistake in their settings (often kept by a service manager's log):
    which setting is wrong, never the PostgreSQL password or the token, nor a part of them, whether
    the mistake is in the URL itself (a mistyped scheme) or elsewhere (a rule across settings, which
    checks them all)."""
    password, token = PASSWORD, "Tk9xQ2wZ.Gh7.rQ4vLm"
    url = f"postgresql://bot:{password}@db/bot"
    for wrong, named in (
        ({"DATABASE_URL": url.replace("postgresql", "postgres-sql")}, "database_url"),
        ({"DATABASE_URL": url, "SHARD_IDS": "1"}, "SHARD_IDS needs SHARD_COUNT"),
    ):
        result = _run(tmp_path, DISCORD_TOKEN=token, **wrong)
        assert result.returncode == EXIT_BAD_SETTINGS, result.stderr
        assert named in result.stderr
        for secret in (password, token):
            assert not shows_part_of(secret, result.stderr + result.stdout), (secret, result.stderr)


def test_the_permissions_integer_is_exactly_the_listed_permissions() -> None:
    permissions = required_permissions()
    assert permissions.value == 311385246720
    assert {name for name, on in permissions if on} == {
        "read_messages",  # discord.py's name for View Channels
        "send_messages",
        "send_messages_in_threads",
        "create_public_threads",
        "embed_links",
        "attach_files",
        "read_message_history",
        "use_application_commands",
    }
