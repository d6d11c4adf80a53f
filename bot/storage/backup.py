"""The SQL side of ``python -m bot.backup``: SQLite's online backup API and reading a copy back."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PAGES_PER_STEP = 256


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    seed: int
    options: str
    snapshot: str
    seats: int
    live: list[tuple[int, str]]  # (seat, notation) of the actions not undone, in seq order


def backup(source: Path, dest: Path) -> None:
    """Copy ``source`` to ``dest`` (replaced) with ``sqlite3.Connection.backup``: a consistent copy
    of every committed transaction up to one moment, taken while the bot keeps writing."""
    if not source.exists():
        raise FileNotFoundError(source)
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    with (
        contextlib.closing(sqlite3.connect(source, timeout=30)) as src,
        contextlib.closing(sqlite3.connect(partial)) as out,
    ):
        src.backup(out, pages=PAGES_PER_STEP)
        # A self-contained file: no -wal beside it to forget when copying it elsewhere.
        out.execute("PRAGMA journal_mode = DELETE")
    partial.replace(dest)


def integrity(path: Path) -> tuple[str, bool]:
    """``PRAGMA integrity_check`` ("ok" when sound) and whether every foreign key resolves."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        text = "; ".join(str(r[0]) for r in conn.execute("PRAGMA integrity_check"))
        keys_ok = not conn.execute("PRAGMA foreign_key_check").fetchall()
    return text, keys_ok


def count_games(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def started_games(path: Path) -> Iterator[StoredGame]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        games = conn.execute(
            "SELECT id, game, seed, options, snapshot FROM games WHERE seed IS NOT NULL ORDER BY id"
        ).fetchall()
        for game_id, name, seed, options, snapshot in games:
            live = conn.execute(
                "SELECT seat, notation FROM actions a WHERE game_id = ? AND NOT EXISTS "
                "(SELECT 1 FROM undos u WHERE u.game_id = a.game_id AND u.seq = a.seq) ORDER BY seq",
                (game_id,),
            ).fetchall()
            seats = conn.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,)).fetchone()[0]
            yield StoredGame(game_id, name, seed, options, snapshot, seats, [(s, n) for s, n in live])
