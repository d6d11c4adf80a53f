"""Render any seeded game at any round to PNG files for review.

    python -m render carnegie --seed 7 --players 4 --round 12 --out out/

Plays moves from the start of the seeded game until the given round begins (or the game ends), then
writes ``overview.png``, ``strip.png`` and ``company-<seat>.png``. Moves come from the engine's AI
(``engine.carnegie.ai``, greedy by default, seeded per seat; a seeded pick among the legal actions if
a game has no AI), so the same command always writes the same files.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import Rng, get_game

Chooser = Callable[[Any, Any, int, list[Any]], Any]


def _ai_players(game_name: str, kind: str, seed: int, players: int) -> list[Chooser] | None:
    """The engine AI's players (``engine.<game>.ai.GreedyPlayer`` / ``RandomPlayer``), one per seat."""
    try:
        ai = importlib.import_module(f"engine.{game_name}.ai")
    except ImportError:
        return None
    cls = getattr(ai, "GreedyPlayer" if kind == "greedy" else "RandomPlayer", None)
    if cls is None:
        return None
    return [cls(seed * 100 + seat).choose for seat in range(players)]


def _seeded_random(seed: int, players: int) -> list[Chooser]:
    """Fallback: a seeded pick among the legal actions (``engine.core.Rng``, never the global random)."""
    rng = Rng(seed=seed)

    def choose(game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        del game, state, seat
        return rng.choice(legal)

    return [choose] * players


def play_to_round(
    game_name: str, players: int, seed: int, target_round: int, ai: str = "greedy", max_steps: int = 200_000
) -> tuple[Any, Any]:
    """Play a seeded game until ``target_round`` starts (or the game ends); returns (game, state)."""
    importlib.import_module(f"engine.{game_name}")  # registers the game
    game = get_game(game_name)
    state = game.new_game(players, seed)
    choosers = _ai_players(game_name, ai, seed, players) or _seeded_random(seed, players)
    for _ in range(max_steps):
        decision = game.pending(state)
        if decision.finished:
            break
        if getattr(state, "round", 0) >= target_round and getattr(state, "phase", "select") == "select":
            break
        seat = min(decision.seats)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"seat {seat} must decide ({decision.kind}) but has no legal action")
        state = game.apply(state, seat, choosers[seat](game, state, seat, legal)).state
    return game, state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["carnegie"])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--round", type=int, default=12, help="render the position when this round starts")
    parser.add_argument("--out", type=Path, default=Path("out"))
    parser.add_argument("--names", default="", help="comma-separated player names (default: colour names)")
    parser.add_argument(
        "--ai", choices=["greedy", "random"], default="greedy", help="engine AI used for every seat"
    )
    args = parser.parse_args(argv)

    from render.carnegie import render_company, render_overview, render_strip

    game, state = play_to_round(args.game, args.players, args.seed, args.round, ai=args.ai)
    view = game.view(state, None)
    names = [n.strip() for n in args.names.split(",") if n.strip()] or None
    args.out.mkdir(parents=True, exist_ok=True)
    scores = game.score(state)
    files = {
        "overview.png": render_overview(view, names, scores),
        "strip.png": render_strip(view, names, scores),
    }
    for seat in range(args.players):
        files[f"company-{seat}.png"] = render_company(view, seat, names)
    for name, png in files.items():
        (args.out / name).write_bytes(png)
        print(f"{args.out / name}  {len(png) // 1024} kB")
    print(f"round {getattr(state, 'round', '?')}, phase {getattr(state, 'phase', '?')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
