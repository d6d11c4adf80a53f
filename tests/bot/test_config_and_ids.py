"""Settings parsing, the custom_id format, game module loading and the command tree's limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import plugins
from bot.config import Settings
from bot.on_discord.loopback import parse_loopback
from bot.on_discord.views import ids
from engine.core import UnknownGame
from tests.race_game import RACE

ROOT = Path(__file__).resolve().parents[2]


def test_settings_read_the_environment_and_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("DISCORD_TOKEN", "DEV_GUILD_ID", "GAME_MODULES", "SYNC_GLOBAL", "DATABASE_PATH"):
        monkeypatch.delenv(key, raising=False)
    defaults = Settings()
    assert defaults.discord_token is None and defaults.dev_guild_id is None and not defaults.sync_global
    assert defaults.database_path == Path("data/boardroom.sqlite3") and defaults.game_modules == []
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.setenv("GAME_MODULES", "tests.race_game, tests.bot.countdown_game")
    monkeypatch.setenv("SYNC_GLOBAL", "true")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    (tmp_path / ".env").write_text("DEV_GUILD_ID=123\n")
    settings = Settings()
    assert settings.discord_token is not None and settings.discord_token.get_secret_value() == "abc.def"
    assert "abc.def" not in repr(settings) and "abc.def" not in str(settings.model_dump())
    assert settings.game_modules == ["tests.race_game", "tests.bot.countdown_game"]
    assert settings.dev_guild_id == 123 and settings.sync_global and settings.log_level == "DEBUG"
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ValidationError):
        Settings()


def test_env_example_lists_every_setting_with_a_comment() -> None:
    lines = (ROOT / ".env.example").read_text().splitlines()
    keys = [line.split("=", 1)[0] for line in lines if line and not line.startswith("#")]
    assert sorted(keys) == sorted(name.upper() for name in Settings.model_fields)
    for key in keys:
        index = next(i for i, line in enumerate(lines) if line.startswith(f"{key}="))
        assert lines[index - 1].startswith("#"), f"{key} has no comment above it"


def test_loopback_addresses_parse() -> None:
    assert parse_loopback("127.0.0.1:8443") == ("127.0.0.1", 8443)
    with pytest.raises(ValueError, match="host:port"):
        parse_loopback("localhost")


@pytest.mark.parametrize("notation", ["step 1", "a" * 70, "x" * 90])
def test_action_custom_ids_fit_and_parse_back(notation: str) -> None:
    custom_id = ids.action_id(game_id=123456789, version=99999, seat=3, notation=notation, index=17)
    assert 1 <= len(custom_id) <= ids.MAX_CUSTOM_ID
    match = re.fullmatch(ids.ACTION_TEMPLATE, custom_id)
    assert match is not None
    assert (match["game"], match["version"], match["seat"]) == ("123456789", "99999", "3")
    if match["kind"] == "a":
        assert match["ref"] == notation
    else:
        assert len(notation) > 70 and match["ref"] == "17"


def test_lobby_and_menu_custom_ids_parse_back() -> None:
    for verb in (ids.JOIN, ids.LEAVE, ids.START):
        match = re.fullmatch(ids.LOBBY_TEMPLATE, ids.lobby_id(verb, 42, 7))
        assert match is not None and (match["verb"], match["game"], match["version"]) == (verb, "42", "7")
    menu = re.fullmatch(ids.MENU_TEMPLATE, ids.menu_id(42, 7, 1, 2))
    assert menu is not None and menu["page"] == "2"
    assert re.fullmatch(ids.ACTION_TEMPLATE, ids.lobby_id(ids.JOIN, 42, 7)) is None


def test_game_modules_name_rules_and_pictures_modules() -> None:
    """GAME_MODULES entries are ``module[:pictures module]``; each exposes GAME (and PICTURES)."""
    plugins.remove("race")
    names = plugins.load_all(["tests.race_game:tests.race_pictures"])
    assert {"race", "countdown"} <= set(names) == set(plugins.names())
    race = plugins.plugin("race")
    assert race.rules is RACE and race.pictures is not None
    assert (race.rules_module, race.pictures_module) == ("tests.race_game", "tests.race_pictures")
    assert plugins.loaded_from("tests.race_game", "tests.race_pictures") is race
    assert plugins.plugin("countdown").pictures is None
    with pytest.raises(ModuleNotFoundError):
        plugins.load_all(["tests.no_such_module"])
    with pytest.raises(UnknownGame):
        plugins.plugin("no-such-game")


async def test_the_command_tree_respects_discords_limits(tmp_path: Path) -> None:
    from bot.on_discord.client import BoardroomBot

    bot = BoardroomBot(Settings(_env_file=None, database_path=tmp_path / "db.sqlite3", game_modules=[]))
    async with bot:
        await bot.setup_hook()  # no guild and no global sync: nothing leaves the process
        commands = bot.tree.get_commands()
        assert len(commands) <= 100
        for command in bot.tree.walk_commands():
            data = command.to_dict(bot.tree)
            assert re.fullmatch(r"[-_a-z0-9]{1,32}", data["name"]), data["name"]
            assert 1 <= len(data["description"]) <= 100, data["name"]
            assert len(data.get("options", [])) <= 25
            for option in data.get("options", []):
                assert len(option.get("choices", [])) <= 25
                assert 1 <= len(option["description"]) <= 100
        assert (tmp_path / "db.sqlite3").exists()


def test_database_url_and_shards_are_checked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """DATABASE_URL must be PostgreSQL's; SHARD_IDS take lists and ranges below SHARD_COUNT; a guild
    belongs to shard (guild_id >> 22) % SHARD_COUNT, as Discord routes it."""
    monkeypatch.chdir(tmp_path)
    plain = Settings(_env_file=None)
    assert plain.database == plain.database_path and plain.owns_guild(12345 << 22)
    with pytest.raises(ValidationError, match="postgresql://"):
        Settings(_env_file=None, database_url="mysql://x/y")
    url = "postgresql://bot@db.example/boardroom"
    assert Settings(_env_file=None, database_url=url).database == url
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "0, 2-3")
    sharded = Settings(_env_file=None)
    assert sharded.shard_ids == [0, 2, 3]
    assert [sharded.owns_guild(n << 22 | 77) for n in range(8)] == [True, False, True, True] * 2
    monkeypatch.setenv("SHARD_IDS", "4")
    with pytest.raises(ValidationError, match="SHARD_IDS are 0 to 3"):
        Settings(_env_file=None)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "1")
    with pytest.raises(ValidationError, match="SHARD_IDS needs SHARD_COUNT"):
        Settings(_env_file=None)


def test_shard_processes_split_the_bots_request_budget(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Discord's global limit counts the bot, not a process (issue 19, issue 23): a process running two of
    four shards starts at most half of REQUEST_RATE; one process without sharding, all of it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("REQUEST_RATE", "40")
    assert Settings(_env_file=None).process_rate == 40
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1-2")
    assert Settings(_env_file=None).process_rate == 20
