"""A donations change names its cause (rules.md §8.4): each disc of a score line says what it counts, so
that the summary can say "donations −4 (Welfare: 3 goods to pay, was 5)" after goods were spent."""

from __future__ import annotations

from engine.carnegie import data, score_parts
from engine.carnegie.state import CarnegieState
from engine.carnegie.words import DONATIONS
from engine.core import ScoreLine, ScorePart
from tests.engine.carnegie.test_scoring import H, bare_state, build, donate


def _parts(state: CarnegieState, seat: int = 0) -> tuple[dict[str, ScorePart], ScoreLine]:
    line = score_parts.score(state).lines[seat]
    return {part.key: part for part in line.parts}, line


def test_welfare_goods_counts_the_goods_it_would_take_now() -> None:
    """R8.4.2: WEL-GOODS takes up to 6 goods held at the end; spending 2 of 5 goods takes 4 VP."""
    state = bare_state()
    company = state.companies[0]
    company.money, company.goods = 0, 5
    donate(state, 0, "WEL-GOODS")
    parts, line = _parts(state)
    goods = parts["WEL-GOODS"]
    assert (goods.count, goods.vp, str(goods.counted), str(goods.label)) == (
        5,
        10,
        "5 goods to pay",
        "Welfare",
    )
    assert goods.category == DONATIONS and line.categories[DONATIONS] == 10
    company.goods = 3
    assert _parts(state)[0]["WEL-GOODS"].count == 3


def test_every_disc_is_a_part_and_the_parts_add_up_to_the_category() -> None:
    state = bare_state()
    company = state.companies[1]
    company.money, company.goods = 12, 1
    for code in ("HEA-EAST", "RIG-HOUSCOM", "EDU-ALL", "WEL-MONEY", "WEL-7VP", "RIG-DONATIONS"):
        donate(state, 1, code)
    build(state, 1, "boston", H)
    build(state, 1, "new-york", H)
    parts, line = _parts(state, 1)
    assert set(parts) == {"HEA-EAST", "RIG-HOUSCOM", "EDU-ALL", "WEL-MONEY", "WEL-7VP", "RIG-DONATIONS"}
    assert sum(part.vp for part in parts.values()) == line.categories[DONATIONS]
    assert str(parts["HEA-EAST"].counted) == "2 projects in the East"
    assert str(parts["RIG-HOUSCOM"].counted) == "2 Housing or Commerce projects"
    assert str(parts["EDU-ALL"].counted) == "5 departments"  # R8.4: the 5 starting departments count
    assert str(parts["RIG-DONATIONS"].counted) == "6 donations made"
    assert parts["WEL-MONEY"].count == 2  # $12 pays two $5 units (R8.4.2)
    assert str(parts["WEL-7VP"].counted) == "7 VP"


def test_every_donation_cell_says_what_it_counts() -> None:
    state = bare_state()
    for code, *_ in data.DONATION_CELLS:
        donate(state, 0, code)
    parts, _ = _parts(state)
    assert set(parts) == {code for code, *_ in data.DONATION_CELLS}
    assert all(str(part.counted) and str(part.label) for part in parts.values())
