"""``python -m tests.transcript``: without ``--game``/``--players``, every game's tables of
``TABLES`` (Carnegie 2, 4 players and solo; Nipron 2 and 4 players) into ``docs/transcripts/``;
with them, that one game (``--out`` for another file, ``--max-rounds`` to stop early for a quick
look). ``--language uk`` (ru, pl, ca) plays the same seeded games in that language and writes
``<game>-<n>p.uk.md`` beside the English files (``make transcript-uk``). Without options it also writes
``after-the-game.md`` (``tests.transcript.after_the_game``)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from render.common.language import DEFAULT, LANGUAGES
from tests.transcript import after_the_game
from tests.transcript.patterns import findings
from tests.transcript.play import DEFAULT_SEEDS, file_name, run

DOCS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"
# The tables `make transcript` writes: every game, at the player counts a reviewer reads.
TABLES: dict[str, list[int]] = {"carnegie": [2, 4, 1], "nipron": [2, 4]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.transcript", description=__doc__)
    parser.add_argument("--game", choices=sorted(TABLES), help="default: every game")
    parser.add_argument("--players", type=int, help="1 (solo), 2, 3 or 4; default: 2, 4 and solo")
    parser.add_argument("--seed", type=int, help="the game's seed (default: one fixed seed per player count)")
    parser.add_argument("--out", type=Path, help="the file to write (only with --players)")
    parser.add_argument("--max-rounds", type=int, help="stop when this round is over")
    parser.add_argument("--language", choices=list(LANGUAGES), default=DEFAULT, help="default: English")
    args = parser.parse_args(argv)
    if args.out is not None and args.players is None:
        parser.error("--out needs --players")
    if args.players is not None and args.game is None:
        parser.error("--players needs --game")
    games = [args.game] if args.game is not None else sorted(TABLES)
    tables = [
        (game, players) for game in games for players in ([args.players] if args.players else TABLES[game])
    ]
    for game, players in tables:
        seed = args.seed if args.seed is not None else DEFAULT_SEEDS[players]
        out = args.out or DOCS / file_name(game, players, args.language)
        result = asyncio.run(run(game, players, seed, out, args.max_rounds, args.language))
        print(f"{result.path}: {result.seconds:.0f} s; {len(findings(result.text))} pattern findings")
        for line in result.counts:
            print(f"  {line}")
    if args.game is None and args.language == DEFAULT:
        # what comes after a game: its chart, a rematch, a challenge week (``after_the_game``)
        after = asyncio.run(after_the_game.run())
        print(f"{after.path}: {after.seconds:.0f} s; {len(findings(after.text))} pattern findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
