"""``python -m bot.ops.ratings DATABASE (--check | --recompute) [--game-module M]``: every rating,
tally and head-to-head again from the stored results, in the order the games ended.

``--check`` recomputes inside a transaction it rolls back and reports anything that differs from
what is stored (exit status 1); ``--recompute`` writes the recomputed values (after a change of the
rules in ``bot.service.after_game.ratings``, say). DATABASE is the bot's SQLite file or a
postgresql:// URL. The results themselves are never changed: they were written as each game ended.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot import plugins
from bot.service.after_game.record import recompute
from bot.storage import open_database
from bot.storage import results as rows
from bot.storage.connection import Connection
from bot.storage.postgres import is_url


class _Undo(Exception):
    """Rolls the checking transaction back."""


async def _stored(conn: Connection) -> dict[str, list[Any]]:
    return {
        "rating": await rows.all_ratings(conn),
        "seat rating": await rows.seat_ratings(conn),
        "tally or head-to-head": await rows.all_tallies(conn),
    }


async def run(target: str | Path, *, write: bool) -> tuple[int, list[str]]:
    """(rated games, differences between the stored and the recomputed ratings, tallies and
    head-to-heads)."""
    database = await open_database(target)
    try:
        async with database.transaction(write=False) as conn:
            stored = await _stored(conn)
        rated, again = 0, {}
        try:
            async with database.transaction() as conn:
                rated = await recompute(conn)
                again = await _stored(conn)
                if not write:
                    raise _Undo
        except _Undo:
            pass
    finally:
        await database.close()
    differences = []
    for kind, old_rows in stored.items():
        new_rows = again.get(kind, [])
        differences += [
            f"{kind}: stored {old}, recomputed {new}"
            for old, new in zip(old_rows, new_rows, strict=False)
            if old != new
        ]
        if len(old_rows) != len(new_rows):
            differences.append(f"{len(old_rows)} {kind} rows stored, {len(new_rows)} recomputed")
    return rated, differences


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ops.ratings", description=__doc__.split("\n")[0])
    parser.add_argument("database", help="the bot's SQLite file (DATABASE_PATH) or a postgresql:// URL")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="recompute, compare, change nothing")
    mode.add_argument("--recompute", action="store_true", help="recompute and store the ratings")
    parser.add_argument(
        "--game-module", action="append", default=[], help="extra game, as GAME_MODULES names it (repeatable)"
    )
    args = parser.parse_args(argv)
    target: str | Path = args.database if is_url(args.database) else Path(args.database)
    if isinstance(target, Path) and not target.is_file():
        print(f"{target}: no such file", file=sys.stderr)
        return 2
    plugins.load_all(args.game_module)
    rated, differences = asyncio.run(run(target, write=args.recompute))
    for difference in differences[:20]:
        print(f"DIFFERS: {difference}", file=sys.stderr)
    if args.recompute:
        print(f"Recomputed the ratings of {rated} rated games; {len(differences)} differed from the stored.")
        return 0
    verdict = f"{len(differences)} differ" if differences else "the stored ratings are the recomputed ones"
    print(f"Checked {rated} rated games: {verdict}.")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
