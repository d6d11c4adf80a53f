"""Review images: ``python -m render.nipron --seed S --players N [--turn T] --out DIR``.

Plays a seeded game with the engine's AI up to turn T (to the end without ``--turn``) and writes the
board, the phone image and every player board there, with the render time and size of each.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from render.nipron.images import render_board, render_phone, render_player
from render.nipron.positions import position

NAMES = ("Ada", "Bram", "Chidi", "Dana")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m render.nipron", description=__doc__)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--turn", type=int, default=None, help="stop after this many turns (default: the end)")
    ap.add_argument("--out", type=Path, default=Path("out/nipron"))
    args = ap.parse_args(argv)
    public, own, scores = position(args.players, args.seed, args.turn)
    names = NAMES[: args.players]
    args.out.mkdir(parents=True, exist_ok=True)
    stem = f"nipron-s{args.seed}-p{args.players}-t{args.turn if args.turn is not None else 'end'}"
    jobs: list[tuple[str, int | None]] = [("board", None), ("phone", None)]
    jobs += [(f"player{s + 1}", s) for s in range(args.players)]
    for name, seat in jobs:
        start = time.perf_counter()
        if seat is not None:
            png = render_player(own[seat], seat, names)
        else:
            png = (render_phone if name == "phone" else render_board)(public, names, scores)
        ms = (time.perf_counter() - start) * 1000
        path = args.out / f"{stem}-{name}.png"
        path.write_bytes(png)
        print(f"{path}  {len(png) / 1024:.0f} kB  {ms:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
