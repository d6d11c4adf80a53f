"""What the Carnegie board shows beyond the position (issue 18, item 4): the connection table, Andrew's
cards in solo, the departments' effects, and only the markers a game uses in the legend."""

from __future__ import annotations

import dataclasses

from PIL import Image, ImageChops

from engine.carnegie import data
from engine.carnegie.words import DEPT_EFFECTS
from render.carnegie.adapter import board_model
from render.carnegie.model import NEUTRAL
from render.carnegie.overview import draw_overview
from render.carnegie.overview.layout import CONNECTION_BOX, PLAYER_BOX
from tests.render.positions import NAMES, mid_game_4p, solo_round_6


def _differs(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = (round(v) for v in box)
    return ImageChops.difference(a.crop((x0, y0, x1, y1)), b.crop((x0, y0, x1, y1))).getbbox() is not None


def test_the_connection_table_has_every_row_and_level_of_r9_3_4() -> None:
    """R9.3.4: rows 2–5 links, columns Cart, Stagecoach, Railroad; the board draws the engine's table."""
    assert sorted(data.CONNECTION_TABLE) == [2, 3, 4, 5]
    assert all(len(points) == 3 for points in data.CONNECTION_TABLE.values())
    image = draw_overview(board_model(mid_game_4p(), NAMES))
    x0, y0, x1, y1 = (round(v) for v in CONNECTION_BOX)
    assert len(set(image.crop((x0, y0, x1, y1)).getdata())) > 20  # text and level bands, not an empty box


def test_solo_shows_andrews_deck_and_current_card_back_never_its_hidden_face() -> None:
    """R10.2.1: the player sees the backs of the deck's top card and of the current card, not the faces."""
    m = board_model(solo_round_6(), NAMES)
    cards = m.andrew_cards
    assert cards is not None and m.andrew is not None
    assert cards.deck_left == 14 and cards.position == 2 and cards.piles == (2, 1, 0, 1, 1)
    assert cards.vp_cards == (0, 1, 3, 6, 10)
    assert cards.current_face is None and cards.current_back in (
        "?",
        "HR",
        "Management",
        "Construction",
        "R&D",
    )
    # The section is drawn from the view: one card fewer in the deck changes the Players panel.
    fewer = dataclasses.replace(m, andrew_cards=dataclasses.replace(cards, deck_left=13))
    assert _differs(draw_overview(m), draw_overview(fewer), PLAYER_BOX)
    assert board_model(mid_game_4p(), NAMES).andrew_cards is None


def test_andrews_row_has_no_money_or_goods() -> None:
    """R10.1.2: Andrew has no money, goods or employees: his row does not change when those do."""
    m = board_model(solo_round_6(), NAMES)
    assert m.andrew is not None
    richer = dataclasses.replace(m, andrew=dataclasses.replace(m.andrew, money=99, goods=9))
    assert not _differs(draw_overview(m), draw_overview(richer), PLAYER_BOX)


def test_the_owner_legend_names_neutral_discs_only_when_the_game_has_some() -> None:
    m = board_model(mid_game_4p(), NAMES)
    assert NEUTRAL not in m.slots
    slots = list(m.slots)
    slots[slots.index(None)] = NEUTRAL
    with_neutral = dataclasses.replace(m, slots=tuple(slots))
    x0, _, x1, y1 = PLAYER_BOX
    assert _differs(draw_overview(m), draw_overview(with_neutral), (x0, y1 - 44, x1, y1 - 8))


def test_every_department_has_a_short_effect_line() -> None:
    ids = [t.id for t in data.TILES] + [d for d, _, _ in data.START_DEPARTMENTS]
    assert all(0 < len(DEPT_EFFECTS[d]) <= 60 for d in ids)
