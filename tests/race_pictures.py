"""The race game's one picture: the track with both runners. Proof that the pictures seam is not
shaped after one game: a tiny public picture posted with every checkpoint summary.

A runner named ``SLOW_NAME`` makes the picture never finish (a busy loop, as a pathological input
would): the render budget's test. Its drawing touches the file named by ``RACE_SLOW_MARK``, if set,
so a test knows the render process is busy with it. ``RACE_SLOW_WARM_UP`` (a file name) makes the
warm-up touch that file and then take a minute: the clean-stop test."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw
from pydantic import BaseModel

from engine.core import ScoreSheet
from render.common.fonts import font
from render.common.language import DEFAULT
from render.common.palette import player_style
from render.common.pictures import PictureSpec
from render.common.png import encode_png
from tests.race_game import GOAL, RaceView

SPACE = 40
SLOW_NAME = "Slowpoke"
# The environment these pictures read in the render process (set by a test before it starts).
READ_IN_RENDER_PROCESS = ("RACE_SLOW_MARK", "RACE_SLOW_WARM_UP", "RACE_WARMED_IN")


class RacePictures:
    specs = (PictureSpec("track", "Track", in_summaries=True),)

    def draw(
        self,
        key: str,
        view: BaseModel,
        seat: int | None,
        names: Sequence[str],
        scores: ScoreSheet | None,
        *,
        lang: str = DEFAULT,
    ) -> bytes:
        if key != "track":
            raise KeyError(key)
        if SLOW_NAME in names:
            mark = os.environ.get("RACE_SLOW_MARK")
            if mark:
                Path(mark).touch()
            while True:
                pass
        race = RaceView.model_validate(view.model_dump())
        image = Image.new("RGB", ((GOAL + 1) * SPACE + 120, 2 * SPACE + 20), "white")
        pen = ImageDraw.Draw(image)
        for space in range(GOAL + 1):
            pen.rectangle(
                (space * SPACE + 110, 10, space * SPACE + 110 + SPACE - 2, 2 * SPACE + 8), outline="grey"
            )
        for runner, position in enumerate(race.positions):
            name = names[runner] if runner < len(names) else f"Seat {runner + 1}"
            pen.text((4, 10 + runner * SPACE + 10), name[:12], fill="black", font=font(14))
            x = min(position, GOAL) * SPACE + 110 + SPACE // 2
            y = 10 + runner * SPACE + SPACE // 2
            pen.ellipse((x - 12, y - 12, x + 12, y + 12), fill=player_style(runner).colour)
        return encode_png(image)

    def warm_up(self) -> None:
        warmed_in = os.environ.get("RACE_WARMED_IN")
        if warmed_in:
            (Path(warmed_in) / str(os.getpid())).touch()
        mark = os.environ.get("RACE_SLOW_WARM_UP")
        if mark:
            Path(mark).touch()
            time.sleep(60)
        font(14)


PICTURES = RacePictures()
