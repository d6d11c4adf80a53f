"""All SQL lives here: short named async functions with ``?`` parameters, one text for SQLite (the
default, ``bot.storage.sqlite``) and PostgreSQL (``DATABASE_URL``, ``bot.storage.postgres``).

Another backend touches this package only.
"""

from bot.storage.connection import Connection, Database, IntegrityError, MigrationError, StorageUnavailable
from bot.storage.db import open_database
from bot.storage.games import ChannelBusy
from bot.storage.migrate import migrate
from bot.storage.records import ActionRow, GameRow, ScheduleRow, SeatRow, Status
from bot.storage.sqlite import connect

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "Connection",
    "Database",
    "GameRow",
    "IntegrityError",
    "MigrationError",
    "ScheduleRow",
    "SeatRow",
    "Status",
    "StorageUnavailable",
    "connect",
    "migrate",
    "open_database",
]
