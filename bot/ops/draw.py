"""Draw any seeded game's pictures, at any point of the game, to PNG files for review.

    python -m bot.ops.draw GAME --seed 7 --players 4 --checkpoints 11 --out out/ [--lang uk]

Plays from the start of the seeded game until it has reached the given number of checkpoints (a
round, a scoring; 0 = the start), played ``--actions`` actions, or ends (``--end``: play it to the
end), with the game's own AI on every seat (seeded per seat), then writes every picture the game
draws: ``<picture>.png`` for the public ones and ``<picture>-<seat>.png`` per seat, each with its
size and the time it took to draw. The same command always writes the same files.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from bot import plugins
from bot.service.narrate import name_players
from engine.core import CHECKPOINT, Game, GameState, play
from render.common.language import DEFAULT, LANGUAGES


def play_to_checkpoint(
    game: Game[Any, Any],
    players: int,
    seed: int,
    checkpoints: int | None,
    level: str | None = None,
    actions: int | None = None,
) -> GameState:
    """A seeded game played by its AI until ``checkpoints`` checkpoints were reached (``None``: no
    such stop), ``actions`` actions were played, or it ended."""
    state: GameState = game.new_game(players, seed)
    ais = [game.ai(seed * 100 + seat, level) for seat in range(players)]
    reached = played_actions = 0
    while (
        (checkpoints is None or reached < checkpoints)
        and (actions is None or played_actions < actions)
        and not game.pending(state).finished
    ):
        # One action at a time, to stop right at the checkpoint.
        state, played = play(game, state, ais, max_actions=1, strict=False)
        played_actions += len(played)
        reached += sum(1 for move in played for event in move.events if event.kind == CHECKPOINT)
    return state


def main(argv: list[str] | None = None) -> int:
    names = plugins.load_all()
    parser = argparse.ArgumentParser(
        prog="python -m bot.ops.draw", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("game", choices=names)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    stop = parser.add_mutually_exclusive_group()
    stop.add_argument("--checkpoints", type=int, default=11, help="stop once this many were reached")
    stop.add_argument("--end", action="store_true", help="play to the end of the game")
    parser.add_argument("--actions", type=int, default=None, help="stop after this many actions at the most")
    parser.add_argument("--out", type=Path, default=Path("out"))
    parser.add_argument("--names", default="", help="comma-separated player names (default: seat names)")
    parser.add_argument("--lang", default=DEFAULT, choices=list(LANGUAGES), help="the pictures' language")
    parser.add_argument("--ai", default=None, help="the AI level for every seat (default: the game's first)")
    args = parser.parse_args(argv)

    found = plugins.plugin(args.game)
    game = found.rules
    if found.pictures is None:
        parser.error(f"{game.title} draws no pictures")
    if args.ai is not None and args.ai not in game.ai_levels:
        parser.error(f"--ai is one of {', '.join(game.ai_levels)}")
    checkpoints = None if args.end else args.checkpoints
    state = play_to_checkpoint(game, args.players, args.seed, checkpoints, args.ai, args.actions)
    shown = [n.strip() for n in args.names.split(",") if n.strip()]
    seat_names = shown  # empty: each game names the seats itself (e.g. by colour)
    scores = game.score(state)
    args.out.mkdir(parents=True, exist_ok=True)
    for spec in found.pictures.specs:
        seats: list[int | None] = list(range(args.players)) if spec.per_seat else [None]
        for seat in seats:
            view = game.view(state, seat)
            start = time.perf_counter()
            png = found.pictures.draw(
                spec.key, view, seat, seat_names, None if spec.per_seat else scores, lang=args.lang
            )
            ms = (time.perf_counter() - start) * 1000
            path = args.out / (f"{spec.key}.png" if seat is None else f"{spec.key}-{seat}.png")
            path.write_bytes(png)
            print(f"{path}  {len(png) // 1024} kB  {ms:.0f} ms")
    named = shown or [line.name for line in scores.lines if line.seat is not None]  # seat order
    print(name_players(game.glance(state, None).stage or "", named))
    return 0


if __name__ == "__main__":
    sys.exit(main())
