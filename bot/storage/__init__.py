"""All SQL lives here: short named async functions with ``?`` parameters over aiosqlite.

Swapping SQLite for another backend touches this package only.
"""

from bot.storage.db import Database, connect, open_database
from bot.storage.games import ChannelBusy
from bot.storage.migrate import MigrationError, migrate
from bot.storage.records import ActionRow, GameRow, ScheduleRow, SeatRow, Status

__all__ = [
    "ActionRow",
    "ChannelBusy",
    "Database",
    "GameRow",
    "MigrationError",
    "ScheduleRow",
    "SeatRow",
    "Status",
    "connect",
    "migrate",
    "open_database",
]
