"""Settings from the environment and ``.env`` (mirrored, one comment each, by ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.pacer import DEFAULT_RATE
from bot.render_pool import RENDER_BUDGET


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # Optional here so that its absence gives the set-up guidance instead of a validation error.
    discord_token: SecretStr | None = None
    database_path: Path = Path("./data/boardroom.sqlite3")
    dev_guild_id: int | None = None
    sync_global: bool = False
    log_level: str = "INFO"
    # Extra games as rules_module[:pictures_module] (tests: tests.race_game:tests.race_pictures).
    game_modules: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # Seconds one picture may take to draw before it is given up (the post goes out without it).
    render_budget: float = Field(default=RENDER_BUDGET, gt=0)
    # Render processes drawing pictures in parallel; unset: one per core.
    render_processes: int | None = Field(default=None, ge=1)
    # REST calls per second the bot starts at most, interaction responses aside (Discord: 50/s).
    request_rate: float = Field(default=DEFAULT_RATE, ge=1, le=50)
    # Testing only: "127.0.0.1:PORT" of a loopback fake Discord; every host resolves there.
    discord_loopback: str | None = None

    @field_validator("game_modules", mode="before")
    @classmethod
    def _split_modules(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("dev_guild_id", "discord_token", "discord_loopback", "render_processes", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        # `DEV_GUILD_ID=` copied from .env.example means "not set", not a parse error.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level
