"""The final post's chart, drawn from seeded games played to the end: a 2-player and a solo Carnegie
game and a 4-player Nipron game in English, the 2-player game in every other language. Its digests
sit in ``chart_golden.json`` (``make golden`` rewrites them and writes the images to look at)."""

from __future__ import annotations

from pathlib import Path

from engine.core import ScoreSheet, replay
from engine.core.score_history import scores_by_checkpoint
from render.common.chart import chart_picture
from render.common.language import DEFAULT, LANGUAGES
from tests.after_game.games import finished
from tests.render.golden import digest

GOLDEN_FILE = Path(__file__).resolve().parent / "chart_golden.json"
NAMES = ("Olena", "Bartłomiej Wiśniewski-Kowalczyk", "Marta", "Joan")
SEED = 7
GAMES = (("carnegie", 2), ("carnegie", 1), ("nipron", 4))


def scores(name: str, players: int) -> tuple[list[ScoreSheet], ScoreSheet]:
    """The seeded game's score at each checkpoint, and at its end."""
    f = finished(name, players, SEED)
    points = scores_by_checkpoint(f.game, players, SEED, None, f.moves)
    return [p.sheet for p in points], f.game.score(replay(f.game, players, SEED, None, f.moves))


def draw(name: str, players: int, lang: str = DEFAULT) -> bytes:
    checkpoints, final = scores(name, players)
    return chart_picture(checkpoints, final, NAMES[:players], lang=lang)


def render_all() -> dict[str, tuple[bytes, dict[str, str]]]:
    out: dict[str, tuple[bytes, dict[str, str]]] = {}
    for name, players in GAMES:
        for lang in LANGUAGES if (name, players) == GAMES[0] else (DEFAULT,):
            png = draw(name, players, lang)
            out[f"chart-{name}-{players}p-{lang}"] = (png, digest(png))
    return out
