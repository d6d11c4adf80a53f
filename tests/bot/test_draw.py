"""``python -m bot.ops.draw``: the picture review tool plays a seeded game with the game's own AI up to a
checkpoint and writes every picture, the same bytes every time."""

from __future__ import annotations

from pathlib import Path

from bot import plugins
from bot.ops.draw import main, play_to_checkpoint
from engine.core import CHECKPOINT


def test_play_to_checkpoint_stops_right_after_the_checkpoint() -> None:
    game = plugins.game("carnegie")
    state = play_to_checkpoint(game, 3, 5, 1, "random")
    # Carnegie's first checkpoint closes round 1: round 2 has just begun.
    assert game.glance(state, None).stage == "round 2/20"
    assert CHECKPOINT == "checkpoint"


def test_the_review_command_writes_every_picture_and_repeats_itself(tmp_path: Path) -> None:
    argv = ["carnegie", "--seed", "5", "--players", "3", "--checkpoints", "1", "--ai", "random"]
    assert main([*argv, "--out", str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == [
        "board.png",
        "company-0.png",
        "company-1.png",
        "company-2.png",
        "phone.png",
        "strip.png",
    ]
    again = tmp_path / "again"
    main([*argv, "--out", str(again)])
    assert (again / "board.png").read_bytes() == (tmp_path / "board.png").read_bytes()
