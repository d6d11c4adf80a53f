"""Carnegie images: valid PNGs within budget, deterministic, golden hashes, and every public item drawn.

Golden hashes are regenerated with ``python -m tests.render.regenerate`` (``make golden``) and reviewed
as images in ``out/golden/``.
"""

from __future__ import annotations

import dataclasses
import io
import json

import pytest
from PIL import Image, ImageChops

from engine.carnegie import data
from render.carnegie import (
    company,
    company_image,
    overview,
    overview_image,
    render_company,
    render_overview,
    render_strip,
)
from render.carnegie.adapter import board_model
from render.carnegie.model import ANDREW, NEUTRAL, BoardModel
from render.carnegie.overview import H, W, draw_overview, map_panel
from render.carnegie.overview.donations import don_cell_box
from render.carnegie.overview.layout import MAP_BOX, SLOT_XY
from render.carnegie.overview.tracks import mission_centre, track_space_box
from render.common import sprites
from render.common.palette import PLAYER_STYLES
from tests.render.golden import GOLDEN_FILE, changes, digest, render_all
from tests.render.positions import NAMES, mid_game_4p, setup_2p

MAX_OVERVIEW_BYTES = 1_500_000


@pytest.fixture(scope="module")
def mid() -> BoardModel:
    return board_model(mid_game_4p(), NAMES)


def _changed(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> bool:
    left, top, right, bottom = (round(v) for v in box)
    region = (left, top, right, bottom)
    return ImageChops.difference(a.crop(region), b.crop(region)).getbbox() is not None


def test_overview_is_a_png_of_the_board_size_within_budget() -> None:
    png = render_overview(mid_game_4p(), NAMES)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == (W, H)
    assert len(png) <= MAX_OVERVIEW_BYTES


def test_company_boards_and_strip_are_pngs() -> None:
    view = mid_game_4p()
    for seat in range(4):
        image = Image.open(io.BytesIO(render_company(view, seat, NAMES)))
        assert image.format == "PNG" and image.size == (company.W, company.H) == (1600, 1076)
    strip = Image.open(io.BytesIO(render_strip(view, NAMES)))
    assert strip.format == "PNG" and strip.width < 600


def test_same_view_gives_identical_bytes_even_with_cold_caches() -> None:
    view = mid_game_4p()
    first = render_overview(view, NAMES), render_company(view, 2, NAMES)
    sprites.icon.cache_clear()
    sprites.marker.cache_clear()
    sprites.disc.cache_clear()
    overview._base.cache_clear()
    map_panel._map_picture.cache_clear()
    second = render_overview(mid_game_4p(), NAMES), render_company(mid_game_4p(), 2, NAMES)
    assert first == second


@pytest.mark.slow
def test_golden_hashes_match() -> None:
    """If this fails after an intended drawing change: ``python -m tests.render.regenerate``, look at the
    images in out/golden/, then commit tests/render/golden.json."""
    golden = json.loads(GOLDEN_FILE.read_text())
    actual = {name: d for name, (_, d) in render_all().items()}
    changed = changes(actual, golden)
    assert not changed, "images changed:\n" + "\n".join(changed)


def test_digest_separates_png_bytes_from_pixels() -> None:
    png = render_strip(setup_2p())
    d = digest(png)
    assert set(d) == {"png", "pixels", "size", "regions"} and d["png"] != d["pixels"]


def test_a_golden_failure_names_the_region_that_changed() -> None:
    """A changed picture is reported with the box around what changed, not only its name."""
    image = overview_image(setup_2p(), NAMES)
    before = digest(_png(image))
    x, y = 1500, 700
    image.putpixel((x, y), (255, 0, 255))
    after = digest(_png(image))
    width, height = image.size
    col, row = (
        next(c for c in range(8) if x < (c + 1) * width // 8),
        next(r for r in range(8) if y < (r + 1) * height // 8),
    )
    box = f"x {col * width // 8}–{(col + 1) * width // 8}, y {row * height // 8}–{(row + 1) * height // 8}"
    assert changes({"setup-overview": after}, {"setup-overview": before}) == [
        f"setup-overview: pixels changed in 1 of 64 regions, within {box} (of {width} × {height})"
    ]
    assert changes({"setup-overview": before}, {"setup-overview": before}) == []


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_a_built_disc_changes_the_pixels_at_its_slot(mid: BoardModel) -> None:
    free = [k for k, owner in enumerate(mid.slots) if owner is None]
    before = draw_overview(mid)
    for owner in (0, 1, 2, 3, NEUTRAL, ANDREW):
        k = free[0]
        slots = list(mid.slots)
        slots[k] = owner
        # A small town: the project built there is known for a player's or Andrew's disc, not a neutral one.
        projects = list(mid.slot_projects)
        projects[k] = None if owner == NEUTRAL else "H"
        after = draw_overview(dataclasses.replace(mid, slots=tuple(slots), slot_projects=tuple(projects)))
        x, y = SLOT_XY[k]
        assert _changed(before, after, (x - 16, y - 16, x + 16, y + 16)), owner
        # On the map only that slot changed: the marker, and the badge naming the project built under it.
        on_map = ImageChops.difference(before.crop(MAP_BOX), after.crop(MAP_BOX)).getbbox()
        badge = 12 + map_panel.PROJECT_BADGE / 2 if projects[k] else 16
        assert on_map == pytest.approx(
            (
                x - 16 - MAP_BOX[0],
                y - 16 - MAP_BOX[1],
                x + badge + 1 - MAP_BOX[0],
                y + badge + 1 - MAP_BOX[1],
            ),
            abs=3,
        )


def test_every_owner_has_a_distinct_marker_shape_and_colour() -> None:
    shapes = {s.shape for s in PLAYER_STYLES}
    colours = {s.colour for s in PLAYER_STYLES}
    assert len(shapes) == len(colours) == 4
    masks = {s.shape: sprites.marker(s.shape, s.colour, 32).getchannel("A").tobytes() for s in PLAYER_STYLES}
    assert len(set(masks.values())) == 4


def test_track_positions_are_drawn_in_their_space(mid: BoardModel) -> None:
    p = mid.players[0]
    moved = dataclasses.replace(p, tracks=(5, p.tracks[1], p.tracks[2], p.tracks[3]))
    after = draw_overview(dataclasses.replace(mid, players=(moved, *mid.players[1:])))
    before = draw_overview(mid)
    assert _changed(before, after, track_space_box(data.WEST, 5))
    assert _changed(before, after, track_space_box(data.WEST, p.tracks[0]))


def test_mission_counts_are_drawn_in_the_mission_area(mid: BoardModel) -> None:
    p = mid.players[3]
    more = dataclasses.replace(p, missions=(p.missions[0], p.missions[1], p.missions[2], p.missions[3] + 1))
    after = draw_overview(dataclasses.replace(mid, players=(*mid.players[:3], more)))
    x, y = mission_centre(data.EAST)
    assert _changed(draw_overview(mid), after, (x - 76, y - 60, x + 76, y + 60))


def test_donation_discs_are_drawn_on_their_cell(mid: BoardModel) -> None:
    k = data.DONATION_INDEX["HEA-WEST"]
    assert not mid.donations[k]
    donations = list(mid.donations)
    donations[k] = (1,)
    after = draw_overview(dataclasses.replace(mid, donations=tuple(donations)))
    assert _changed(draw_overview(mid), after, don_cell_box(k))


def test_display_counts_and_timeline_markers_are_drawn(mid: BoardModel) -> None:
    before = draw_overview(mid)
    display = dict(mid.display)
    display[16] = 0
    assert _changed(
        before, draw_overview(dataclasses.replace(mid, display=display)), (1404, 1052, 1988, 1488)
    )
    t = dataclasses.replace(mid.timeline, positions=(4, *mid.timeline.positions[1:]))
    assert _changed(before, draw_overview(dataclasses.replace(mid, timeline=t)), (1404, 76, 1988, 500))


def test_title_names_round_and_player_to_act(mid: BoardModel) -> None:
    before = draw_overview(mid)
    assert _changed(before, draw_overview(dataclasses.replace(mid, round=13)), (0, 0, W, 64))
    assert _changed(before, draw_overview(dataclasses.replace(mid, to_act=("Dana",))), (0, 0, W, 64))


def test_in_solo_even_rounds_the_board_marks_andrew_as_selecting_the_row() -> None:
    """R10.2 / R10.1.7: the player selects the row in odd rounds, Andrew in even ones; the locomotive
    (title and Players panel) marks the player only when it is theirs."""
    from engine.carnegie import GAME
    from tests.engine.carnegie.test_solo import finish_round, solo_started

    odd = solo_started()
    even = finish_round(odd)
    assert (odd.round, even.round) == (1, 2)
    assert board_model(GAME.view(odd, None)).first_seat == 0
    marked = board_model(GAME.view(even, None))
    assert marked.first_seat is None
    # Drawn: the player's locomotive is not in the title of an even round.
    wrong = draw_overview(dataclasses.replace(marked, first_seat=0))
    assert _changed(draw_overview(marked), wrong, (0, 0, W, 64))


def test_company_board_shows_employees_and_tabs() -> None:
    view = mid_game_4p()
    before = company_image(view, 3, NAMES)
    comp = view.companies[3]
    # Views share their cells and tab spaces (frozen): a changed one is a copy put in this view's lists.
    at = next(i for i, c in enumerate(comp.cells) if c.code == "HR")
    hr = comp.cells[at]
    workplaces = list(hr.workplaces)
    free = next(k for k, w in enumerate(workplaces) if not w.active)
    workplaces[free] = workplaces[free].model_copy(update={"active": True})
    comp.cells[at] = hr.model_copy(update={"workplaces": workplaces})
    assert ImageChops.difference(before, company_image(view, 3, NAMES)).getbbox() is not None
    tab = comp.tabs[1]
    hidden = next(k for k, s in enumerate(tab.spaces) if not s.exposed)
    tab.spaces[hidden] = tab.spaces[hidden].model_copy(update={"exposed": True})
    assert ImageChops.difference(before, company_image(view, 3, NAMES)).getbbox() is not None


def test_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError):
        render_company(setup_2p(), 2)


def test_default_names_are_the_colour_names() -> None:
    m = board_model(setup_2p())
    assert [p.name for p in m.players] == [PLAYER_STYLES[0].name, PLAYER_STYLES[1].name]
    assert NEUTRAL in m.slots


def test_a_score_sheet_replaces_the_track_vp_and_names_the_winner() -> None:
    from engine.core import ScoreLine, ScoreSheet

    view = mid_game_4p()
    lines = [ScoreLine(seat=s, name=NAMES[s], categories={"track": 50 + s}, total=50 + s) for s in range(4)]
    sheet = ScoreSheet(final=True, lines=lines, winners=[3])
    m = board_model(view, NAMES, sheet)
    assert [p.score for p in m.players] == [50, 51, 52, 53]
    assert m.score_label == "final" and m.winners == ()  # the game is not over: no winner in the title
    over = view.model_copy(update={"phase": "over"})
    assert board_model(over, NAMES, sheet).winners == ("Dana",)
    assert overview_image(view, NAMES, sheet).tobytes() != overview_image(view, NAMES).tobytes()
