"""The SQL side of ``python -m bot.ops.backup``: SQLite's online backup API and reading a copy back."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

# A backup that takes longer than this is stopped (the partial copy is removed) and reported: a
# copy made with VACUUM INTO reads one snapshot, so its time grows with the database's size only,
# never with how busy the bot is.
DEFAULT_TIME_LIMIT = 600.0
# How many SQLite virtual-machine steps between two looks at the clock.
_PROGRESS_EVERY = 1_000
# The files SQLite keeps beside a database: writing a backup over one of them damages the live one.
_SIDE_FILES = ("-wal", "-shm", "-journal")


class BackupRefused(Exception):
    """The backup cannot be made as asked; ``str(exc)`` is one sentence for the operator."""


class BackupFailed(Exception):
    """SQLite could not read the source or write the copy; ``str(exc)`` says why."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    seed: int
    options: str
    snapshot: str
    seats: int
    live: list[tuple[int, str]]  # (seat, notation) of the actions not undone, in seq order


def refuse_unsafe_destination(source: Path, dest: Path) -> None:
    """Raise ``BackupRefused`` when writing ``dest`` (or its ``.partial``) would replace or damage
    ``source``: the same file (after resolving links, or a hard link to it), or one of the files
    SQLite keeps beside it (``-wal``, ``-shm``, ``-journal``)."""
    live = source.resolve()
    guarded = {live} | {live.with_name(live.name + suffix) for suffix in _SIDE_FILES}
    for target in (dest, dest.with_name(dest.name + ".partial")):
        resolved = target.resolve()
        same = resolved in guarded or (
            target.exists() and any(g.exists() and os.path.samefile(target, g) for g in guarded)
        )
        if same:
            raise BackupRefused(
                f"Refusing to write the backup to {dest}: it is the live database {source} "
                "or one of its -wal/-shm/-journal files; choose another destination."
            )


def backup(source: Path, dest: Path, *, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
    """Copy ``source`` to ``dest`` (replaced) with ``VACUUM INTO``: a consistent copy of every
    committed transaction up to one moment, taken while the bot keeps writing.

    ``VACUUM INTO`` reads the whole database inside one read transaction (WAL mode lets the bot
    keep committing meanwhile), so, unlike the page-by-page online backup API, which restarts
    whenever the source changes between two steps, it always finishes. It is stopped after
    ``time_limit`` seconds (``TimeoutError``); the destination is then left as it was."""
    if not source.exists():
        raise FileNotFoundError(source)
    refuse_unsafe_destination(source, dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    deadline = time.monotonic() + time_limit
    try:
        with contextlib.closing(sqlite3.connect(source, timeout=30)) as src:
            src.set_progress_handler(lambda: int(time.monotonic() > deadline), _PROGRESS_EVERY)
            try:
                src.execute("VACUUM INTO ?", (str(partial),))
            except sqlite3.OperationalError as exc:
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"the backup took longer than {time_limit:g} s and was stopped"
                    ) from exc
                raise BackupFailed(str(exc)) from exc
        with contextlib.closing(sqlite3.connect(partial)) as out:
            # A self-contained file: no -wal beside it to forget when copying it elsewhere.
            out.execute("PRAGMA journal_mode = DELETE")
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise BackupFailed(str(exc)) from exc
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
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
