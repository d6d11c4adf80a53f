"""``python -m tests.perf [--quick] [--game NAME ...] [--section NAME ...] [--no-write] [--profile]``.

Prints one table and rewrites the measured sections of ``BENCHMARKS.md`` (a ``--quick`` smoke run
writes only with ``--write``). ``--profile`` shows where random games spend their time. Sections: engine,
ai, rendering, chart (the final post's), storage, bot (the bot under load through the fake Discord, in a
child process); each is a function in ``SECTIONS`` that receives the games and the quick flag and
returns ``Row``s.

A timed row carries the floor measured beside it in the same run (``Row.floor``) and is judged by the
ratio to it where the row has a ``ratio_target``; the table shows the ratio first. ``--strict`` exits
with status 1 when any target, ratio or absolute, is missed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from bot import plugins
from engine.core import Game
from tests.perf import engine_bench
from tests.perf.report import Row, machine_line, text_table, update_benchmarks_md

Section = Callable[[list[Game[Any, Any]], bool], list[Row]]


def _ai_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import ai_bench

    return ai_bench.run(games, quick)


def _rendering_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import render_bench

    return render_bench.run(games, quick)


def _chart_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import chart_bench

    return chart_bench.run(games, quick)


def _storage_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import storage_bench

    return storage_bench.run(games, quick)


def _length_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    if not any(g.name == "nipron" for g in games):
        return []
    from tests.perf import nipron_bench

    return nipron_bench.run(quick)


def _bot_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import bot_load

    return bot_load.run(games, quick)


def _after_game_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import after_game_bench

    return after_game_bench.run(games, quick)


def _web_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import web_bench

    return web_bench.run(games, quick)


def _local_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import local_bench

    return local_bench.run(games, quick)


def _line_section(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    from tests.perf import line_bench

    return line_bench.run(games, quick)


SECTIONS: dict[str, Section] = {
    engine_bench.SECTION: engine_bench.run,
    "ai": _ai_section,
    "length": _length_section,
    "rendering": _rendering_section,
    "chart": _chart_section,
    "storage": _storage_section,
    "bot": _bot_section,
    "after": _after_game_section,
    "web": _web_section,
    "local": _local_section,
    "line": _line_section,
}


def load_games() -> None:
    """The games of the bot's table, Nipron's engine (measured before the bot offers it) and the race
    test game."""
    plugins.load_all(["tests.race_game:tests.race_pictures", "engine.nipron"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.perf", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few games per figure (a smoke run)")
    parser.add_argument("--game", action="append", help="game name (repeatable); default: every game")
    parser.add_argument(
        "--section",
        action="append",
        choices=sorted(SECTIONS),
        help="section (repeatable); default: every section",
    )
    parser.add_argument("--no-write", action="store_true", help="print only, leave BENCHMARKS.md alone")
    parser.add_argument(
        "--write",
        action="store_true",
        help="also write BENCHMARKS.md after a --quick run (full runs always write)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="instead of the table: where random games spend time (cProfile + per verb)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit with status 1 when a target (a ratio to its floor where given) is missed",
    )
    args = parser.parse_args(argv)

    load_games()
    names = args.game or plugins.names()
    games = [plugins.game(name) for name in names]
    if args.profile:
        from tests.perf import hotspots

        for game in games:
            print(hotspots.report(game, max(engine_bench.player_counts(game)), args.quick))
        return 0
    rows: list[Row] = []
    for name in args.section or list(SECTIONS):
        rows += SECTIONS[name](games, args.quick)
    mode = "quick" if args.quick else "full"
    print(machine_line() + f"; mode: {mode}")
    print(text_table(rows))
    if not args.no_write and (args.write or not args.quick):
        path = update_benchmarks_md(rows, mode)
        print(f"\nwrote {path}")
    missed = [r for r in rows if r.verdict == "MISSED"]
    if missed:
        print(f"{len(missed)} target(s) missed: " + "; ".join(f"{r.subject} {r.metric}" for r in missed))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
