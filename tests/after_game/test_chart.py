"""The final post's chart: its golden images, its smallest text at a phone's 400 px, and the points it
draws being the game's own scores at its checkpoints."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from engine.core import CHECKPOINT
from render.common import chart, palette
from tests.after_game import chart_golden
from tests.after_game.games import finished
from tests.render.font_sizes import record_font_sizes
from tests.render.golden import changes

PHONE = 400
LEGIBLE = 11


def test_the_chart_matches_its_golden_images() -> None:
    golden = json.loads(chart_golden.GOLDEN_FILE.read_text())
    got = {name: found for name, (_, found) in chart_golden.render_all().items()}
    assert not changes(got, golden), "run `make golden` and look at out/golden/after/"


@pytest.mark.parametrize(("name", "players"), chart_golden.GAMES)
def test_every_text_is_legible_at_400_px(monkeypatch: pytest.MonkeyPatch, name: str, players: int) -> None:
    sizes = record_font_sizes(monkeypatch)
    png = chart_golden.draw(name, players, "uk")
    width = Image.open(io.BytesIO(png)).width
    assert sizes, "the chart drew no text through the canvas"
    smallest = min(sizes) * PHONE / width
    assert smallest >= LEGIBLE, f"a {min(sizes)} px text is {smallest:.1f} px when shown {PHONE} px wide"


@pytest.mark.parametrize(("name", "players"), chart_golden.GAMES)
def test_the_points_are_the_game_s_scores_at_its_checkpoints(name: str, players: int) -> None:
    f = finished(name, players, chart_golden.SEED)
    checkpoints, final = chart_golden.scores(name, players)
    # the same replay by hand: the score after every action, once per stretch of play it closed (a
    # solo action may close two rounds at once: both are drawn at the score after it)
    state = f.game.new_game(players, chart_golden.SEED, None)
    expected = []
    for seat, notation in f.moves:
        step = f.game.apply(state, seat, f.game.parse_action(notation))
        state = step.state
        closed = sum(1 for e in step.events if e.kind == CHECKPOINT)
        expected += [[line.total for line in f.game.score(state).lines]] * closed
    assert [[line.total for line in sheet.lines] for sheet in checkpoints] == expected
    assert len(expected) >= 3
    assert final.final and final.lines == f.game.score(state).lines


def test_a_rival_without_a_seat_is_drawn_apart_from_the_seats() -> None:
    checkpoints, final = chart_golden.scores("carnegie", 1)
    series = chart.series_of(checkpoints, final, ["Olena"])
    assert [s.style for s in series] == [palette.player_style(0), palette.NEUTRAL_STYLE]
    assert series[1].points[-1] == next(line.total for line in final.lines if line.seat is None)
