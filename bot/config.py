"""Settings from the environment and ``.env`` (mirrored, one comment each, by ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage.postgres import is_url

# Seconds one picture may take in the render process (RENDER_BUDGET), warm caches assumed: a board
# takes well under a second on an idle machine and took 3.5-4.2 s at a load average of 11 on 2 cores
# (the render process then ran at nice 10); one that takes longer is cut off instead of holding up every
# other game's pictures.
RENDER_BUDGET = 20.0
# Discord's global limit is 50/s; 45 leaves room for the calls discord.py repeats after a 429 and
# for clock drift between the bot and Discord.
DEFAULT_RATE = 45.0


class Settings(BaseSettings):
    # A settings error names the setting but never echoes what was given: that may be the token, or a
    # DATABASE_URL with its password (a rule across settings quotes them all), and the message goes to
    # the terminal or to a service manager's log.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", hide_input_in_errors=True
    )

    # Optional here so that its absence gives the set-up guidance instead of a validation error.
    discord_token: SecretStr | None = None
    database_path: Path = Path("./data/boardroom.sqlite3")
    # postgresql://… : PostgreSQL instead of the SQLite file, shared by every shard process.
    database_url: str | None = None
    dev_guild_id: int | None = None
    sync_global: bool = False
    log_level: str = "INFO"
    # Extra games as rules_module[:pictures_module] (tests: tests.race_game:tests.race_pictures).
    game_modules: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # Seconds one picture may take to draw before it is given up (the post goes out without it).
    render_budget: float = Field(default=RENDER_BUDGET, gt=0)
    # Gateway shards (several processes sharing DATABASE_URL): how many the application has, and
    # which of them this process runs ("0,1" or "0-3"; all of them when unset).
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int], NoDecode] = Field(default_factory=list)
    # Render processes drawing pictures in parallel; unset: one per core.
    render_processes: int | None = Field(default=None, ge=1)
    # REST calls per second the bot starts at most, interaction responses aside (Discord: 50/s, for the
    # whole bot: shard processes share it, see ``process_rate``).
    request_rate: float = Field(default=DEFAULT_RATE, ge=1, le=50)
    # Testing only: "127.0.0.1:PORT" of a loopback fake Discord; every host resolves there.
    discord_loopback: str | None = None
    # The web companion (bot/web): where it listens (no port: not served; 0: any free port) and the
    # address players reach it at, for the links posted to Discord (none posted without it).
    web_host: str = "127.0.0.1"
    web_port: int | None = Field(default=None, ge=0, le=65535)
    public_url: str | None = None
    # The key of the signed private links (/game player); unset: one generated and kept beside the
    # SQLite database (required with DATABASE_URL: every process must sign alike).
    web_secret: SecretStr | None = None

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ranges(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        ids: list[int] = []
        for part in (p.strip() for p in value.split(",") if p.strip()):
            first, _, last = part.partition("-")
            ids.extend(range(int(first), int(last or first) + 1))
        return ids

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards the application has)")
        if self.shard_count is not None and not all(0 <= i < self.shard_count for i in self.shard_ids):
            raise ValueError(f"SHARD_IDS are 0 to {self.shard_count - 1} with SHARD_COUNT={self.shard_count}")
        return self

    @model_validator(mode="after")
    def _links_signed_alike(self) -> Settings:
        if self.web_port is not None and self.database_url is not None and self.web_secret is None:
            raise ValueError(
                "WEB_SECRET is needed with DATABASE_URL and WEB_PORT: every bot process must sign the "
                "private links with the same key"
            )
        return self

    @property
    def process_rate(self) -> float:
        """This process's part of ``request_rate``: Discord's global limit counts the bot's token, not a
        process, so shard processes split it by the shards each runs (all of it without sharding)."""
        if self.shard_count is None or not self.shard_ids:
            return self.request_rate
        return self.request_rate * len(set(self.shard_ids)) / self.shard_count

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard Discord routes the guild's events to (Discord's
        rule: ``(guild_id >> 22) % shard_count``); every guild without sharding."""
        if self.shard_count is None or not self.shard_ids:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @field_validator("game_modules", mode="before")
    @classmethod
    def _split_modules(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @property
    def database(self) -> str | Path:
        """What ``bot.storage.open_database`` opens: the URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, value: str | None) -> str | None:
        if value is not None and not is_url(value):
            raise ValueError("DATABASE_URL is a postgresql:// URL (leave it empty for the SQLite file)")
        return value

    @field_validator(
        "dev_guild_id",
        "discord_token",
        "discord_loopback",
        "database_url",
        "shard_count",
        "render_processes",
        "web_port",
        "public_url",
        "web_secret",
        mode="before",
    )
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        # `DEV_GUILD_ID=` copied from .env.example means "not set", not a parse error.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("public_url")
    @classmethod
    def _web_address(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(("http://", "https://")) or any(c.isspace() for c in value):
            raise ValueError(
                "PUBLIC_URL is an http:// or https:// address (e.g. https://boardroom.example.org)"
            )
        return value.rstrip("/")

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level
