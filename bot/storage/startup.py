"""The start-up check of the database file, before the bot logs in to Discord.

A file that is not an SQLite database, a truncated or damaged one, one the bot cannot write, or one
written by a newer Boardroom (a migration this code does not have) is refused with one sentence,
and the file is left exactly as it was: it is read through a read-only connection first, and the
write probe (``BEGIN IMMEDIATE`` … ``ROLLBACK``) changes nothing. A path with no file yet is fine:
the migrations create the database.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from bot.storage.connection import MigrationError
from bot.storage.migrate import MIGRATIONS_DIR, discover

_HEADER = b"SQLite format 3\x00"


class DatabaseUnusable(Exception):
    """The database cannot be used; ``str(exc)`` is one sentence for the operator."""


def check_database(path: Path, migrations: Path = MIGRATIONS_DIR) -> None:
    """Raise ``DatabaseUnusable`` unless the bot can open, read and write ``path``."""
    if not path.exists():
        folder = _existing_parent(path)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DatabaseUnusable(f"The database {path} does not exist and {folder} is not writable.")
        return
    if not path.is_file():
        raise DatabaseUnusable(f"The database path {path} is not a file.")
    try:
        with path.open("rb") as file:
            header = file.read(len(_HEADER))
    except OSError as exc:
        raise DatabaseUnusable(f"The database {path} cannot be read: {exc.strerror or exc}.") from None
    if header and header != _HEADER:
        raise DatabaseUnusable(f"{path} is not an SQLite database (its first bytes are not SQLite's).")
    if not header:
        return  # an empty file: SQLite treats it as a new database
    try:
        known = max((m.version for m in discover(migrations)), default=0)
    except MigrationError as exc:
        raise DatabaseUnusable(f"The migrations cannot be read: {exc}.") from None
    try:
        with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise DatabaseUnusable(f"The database {path} is damaged: {'; '.join(problems)[:200]}.")
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            newest = 0
            if "schema_migrations" in names:
                newest = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnusable(f"The database {path} is damaged or not a database: {exc}.") from None
    if newest > known:
        raise DatabaseUnusable(
            f"The database {path} has schema version {newest}, newer than this Boardroom knows ({known}); "
            "run the newer version, or restore a backup made by this one."
        )
    _probe_write(path)


def _probe_write(path: Path) -> None:
    for needed in (path, path.parent):
        if not os.access(needed, os.W_OK):
            raise DatabaseUnusable(f"The database {path} is read-only here ({needed} is not writable).")
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=5, isolation_level=None)) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("CREATE TABLE boardroom_write_probe (x INTEGER)")
            finally:
                conn.execute("ROLLBACK")
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnusable(f"The bot cannot write to the database {path}: {exc}.") from None


def _existing_parent(path: Path) -> Path:
    folder = path.resolve().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder
