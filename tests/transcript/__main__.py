"""``python -m tests.transcript``: without ``--players``, the 2-player, 4-player and solo games into
``docs/transcripts/``; with it, that one game (``--out`` for another file, ``--max-rounds`` to stop
early for a quick look)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from tests.transcript.patterns import findings
from tests.transcript.play import DEFAULT_SEEDS, file_name, run

DOCS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.transcript", description=__doc__)
    parser.add_argument("--game", default="carnegie")
    parser.add_argument("--players", type=int, help="1 (solo), 2, 3 or 4; default: 2, 4 and solo")
    parser.add_argument("--seed", type=int, help="the game's seed (default: one fixed seed per player count)")
    parser.add_argument("--out", type=Path, help="the file to write (only with --players)")
    parser.add_argument("--max-rounds", type=int, help="stop when this round is over")
    args = parser.parse_args(argv)
    if args.out is not None and args.players is None:
        parser.error("--out needs --players")
    for players in [args.players] if args.players is not None else [2, 4, 1]:
        seed = args.seed if args.seed is not None else DEFAULT_SEEDS[players]
        out = args.out or DOCS / file_name(args.game, players)
        result = asyncio.run(run(args.game, players, seed, out, args.max_rounds))
        print(f"{result.path}: {result.seconds:.0f} s; {len(findings(result.text))} pattern findings")
        for line in result.counts:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
