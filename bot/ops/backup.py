"""``python -m bot.ops.backup SOURCE DEST [--game-module M]``: an online backup of the bot's SQLite file.

Safe while the bot runs: it uses SQLite's ``VACUUM INTO``, which copies a consistent snapshot of the
database in one read transaction (the bot keeps committing meanwhile, and the copy always finishes),
so the copy holds every change committed up to one moment and never half a transaction. It is
stopped after ``--time-limit`` seconds (default 600). A destination that is the live database
itself (or a link to it, or its ``-wal``/``-shm``/``-journal`` file) is refused. Copying the file with
``cp`` while the bot runs is NOT safe in WAL mode (the newest commits live in the ``-wal`` file).
The copy is then checked: ``PRAGMA integrity_check``, foreign keys, and every started game's
snapshot against the replay of its action log from the seed (``--no-replay`` skips that).
Exit status 0 = the backup is good. Restore: stop the bot, put the file in place of
``DATABASE_PATH`` (removing any ``-wal``/``-shm`` beside the old one), start the bot.
See ``docs/operations.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot import plugins
from bot.storage.file_copy import (
    DEFAULT_TIME_LIMIT,
    BackupFailed,
    BackupRefused,
    StoredGame,
    backup,
    count_games,
    integrity,
    started_games,
)
from engine.core import EngineError, replay

__all__ = ["Check", "backup", "check", "main"]


@dataclass
class Check:
    integrity: str = ""
    games: int = 0
    replayed: int = 0
    actions: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.integrity == "ok" and not self.problems


def check(path: Path, *, replay: bool = True) -> Check:
    """Integrity, foreign keys and (with ``replay``) snapshot = replay for every started game."""
    result = Check()
    result.integrity, keys_ok = integrity(path)
    if not keys_ok:
        result.problems.append("foreign_key_check found rows pointing nowhere")
    result.games = count_games(path)
    if not replay:
        return result
    for game in started_games(path):
        result.actions += len(game.live)
        problem = replay_problem(game)
        if problem:
            result.problems.append(f"game {game.id}: {problem}")
        else:
            result.replayed += 1
    return result


def replay_problem(game: StoredGame) -> str | None:
    try:
        engine = plugins.game(game.game)
        state = replay(engine, game.seats, game.seed, json.loads(game.options), game.live)
        if engine.load_state(game.snapshot) != state:
            return "the snapshot differs from the replay of its log"
    except EngineError as exc:
        return f"the log does not replay: {exc.sentence}"
    except Exception as exc:
        # A row the bot itself would never write (an edited file, an old import): reported, so
        # that the check goes on with the other games instead of stopping with a traceback.
        return f"the stored game cannot be read ({type(exc).__name__})"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ops.backup", description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="the bot's database (DATABASE_PATH)")
    parser.add_argument("dest", type=Path, help="the backup file to write")
    parser.add_argument("--no-replay", action="store_true", help="skip replaying every game's log")
    parser.add_argument(
        "--game-module", action="append", default=[], help="extra game module (as GAME_MODULES)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        help=f"stop the copy after this many seconds (default {DEFAULT_TIME_LIMIT:g})",
    )
    args = parser.parse_args(argv)
    plugins.load_all(args.game_module)
    try:
        backup(args.source, args.dest, time_limit=args.time_limit)
    except BackupRefused as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except FileNotFoundError:
        print(f"There is no database at {args.source}.", file=sys.stderr)
        return 1
    except TimeoutError as exc:
        print(f"The backup of {args.source} failed: {exc}; {args.dest} is unchanged.", file=sys.stderr)
        return 1
    except (BackupFailed, OSError) as exc:
        print(f"The backup of {args.source} failed: {exc}; {args.dest} is unchanged.", file=sys.stderr)
        return 1
    result = check(args.dest, replay=not args.no_replay)
    print(
        f"backup {args.dest}: integrity {result.integrity}; {result.games} games, "
        f"{result.replayed} replayed to their snapshot ({result.actions} actions)"
    )
    for problem in result.problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
