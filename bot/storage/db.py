"""Opening the database: SQLite by default (a file path), PostgreSQL when given a
``postgresql://`` URL (``DATABASE_URL``). Both hand out the same ``Connection``."""

from __future__ import annotations

from pathlib import Path

from bot.storage.connection import Database
from bot.storage.postgres import is_url, open_postgres
from bot.storage.sqlite import SqliteDatabase, connect


async def open_database(target: str | Path) -> Database:
    if is_url(target):
        return await open_postgres(str(target))
    return SqliteDatabase(await connect(target), str(target))
