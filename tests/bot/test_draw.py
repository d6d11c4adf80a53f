"""``python -m bot.ops.draw``: the picture review tool plays a seeded game with the game's own AI up to a
checkpoint, a number of actions or the end, and writes every picture, the same bytes every time."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import plugins
from bot.ops.draw import main, play_to_checkpoint
from engine.core import CHECKPOINT, play


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


def test_play_to_checkpoint_stops_after_the_actions_or_at_the_end() -> None:
    game = plugins.game("nipron")
    state = play_to_checkpoint(game, 2, 3, None, "random", actions=5)
    ais = [game.ai(3 * 100 + seat, "random") for seat in range(2)]
    five, played = play(game, game.new_game(2, 3), ais, max_actions=5, strict=False)
    assert len(played) == 5
    assert game.dump_state(state) == game.dump_state(five)
    assert game.pending(play_to_checkpoint(game, 2, 3, None, "random")).finished


def test_the_review_command_plays_to_the_end_for_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["nipron", "--seed", "3", "--players", "2", "--end", "--ai", "random", "--out", str(tmp_path)]
    assert main(argv) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "board.png",
        "phone.png",
        "player-0.png",
        "player-1.png",
    ]
    said = capsys.readouterr().out.splitlines()
    assert all(line.endswith(" ms") for line in said[:-1]), "each picture with the time it took"
    assert said[-1] == "Game over"
