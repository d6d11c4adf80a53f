"""The map: Japan's four districts, north to south, each with its two cities (the four influence
spaces around every city tile: the good it asks for, the printed value, the influence tile on it), the
district bonus, who leads on influence, and the trains and ships built there."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.words import money, msg, msg_in
from engine.nipron.view import CityView, DistrictView, InfluenceSpaceView, NipronView
from render.common.canvas import Canvas
from render.common.language import say, t, tn
from render.common.palette import INK, INK_SOFT, WHITE
from render.common.sprites import disc, paste
from render.nipron.board.layout import MAP_BOX, Box, district_box
from render.nipron.glyphs import good_chip, influence_tile, player_marker
from render.nipron.model import Seat, district_title
from render.nipron.palette import CITY_TILE, DISTRICT_FILL, DISTRICT_INK, EMPTY_SPACE, GOOD_NAME, MUTED, SEA

SPACE_W, SPACE_H = 106, 80
TILE = 80
PAD = 4
CROSS_W = 2 * SPACE_W + TILE + 2 * PAD
CROSS_H = 2 * SPACE_H + TILE + 2 * PAD
TRAIN_INFLUENCE = 2
# Where each district's box is (0-based, north first): the board's 2 × 2 grid, or the phone's column.
BoxOf = Callable[[int], Box]
# A city tile's words, west then east.
CITY_TILE_WORDS = (msg_in("city tile", "West city"), msg_in("city tile", "East city"))
BONUS_WORDS = {
    "coal": msg("{n} coal", n=2),
    "yen": money(5000, "¥"),
    "bp": msg("{n} blueprints", n=2),
    "vp": msg("{n} VP", n=2),
}


def bonus_words(bonus: str) -> str:
    """The view's "2 coal" / "5000 yen" / "2 bp" / "2 vp" in the box's words."""
    parts = bonus.split()
    return say(BONUS_WORDS.get(parts[-1], bonus)) if parts else bonus


def influence(view: NipronView, district: int) -> tuple[dict[int, int], int]:
    """Each seat's influence in a district (its tiles, plus 2 per train when it has a tile there)
    and the foreign companies' (printed numbers of the empty spaces), as scored (rules §6.1)."""
    by_seat: dict[int, int] = {}
    foreign = 0
    for city in view.cities:
        if city.district != district:
            continue
        for sp in city.spaces:
            if sp.owner is None:
                foreign += sp.printed
            else:
                by_seat[sp.owner] = by_seat.get(sp.owner, 0) + sp.value
    trains = view.districts[district - 1].trains
    for seat in list(by_seat):
        by_seat[seat] += TRAIN_INFLUENCE * trains[seat]
    return by_seat, foreign


def draw_map_static(c: Canvas) -> None:
    c.panel(*MAP_BOX, t("Map of Japan: districts north to south"), title_size=28)


def _space_box(sp: InfluenceSpaceView, city_x: float, city_y: float) -> tuple[float, float]:
    tx, ty = city_x + SPACE_W + PAD, city_y + SPACE_H + PAD
    spots = {
        "N": (tx + TILE / 2 - SPACE_W / 2, city_y),
        "S": (tx + TILE / 2 - SPACE_W / 2, ty + TILE + PAD),
        "W": (city_x, ty + TILE / 2 - SPACE_H / 2),
        "E": (tx + TILE + PAD, ty + TILE / 2 - SPACE_H / 2),
    }
    return spots[sp.side]


def _empty_space(c: Canvas, sp: InfluenceSpaceView, x0: float, y0: float) -> None:
    x1, y1 = x0 + SPACE_W, y0 + SPACE_H
    c.d.rounded_rectangle((x0, y0, x1, y1), radius=8, fill=EMPTY_SPACE, outline=INK_SOFT, width=2)
    good_chip(c, sp.good, x0 + 3, y0 + 3, x1 - 3, y0 + 33, 22, text=_short(sp.good))
    # printed value: a grey disc (what foreign companies count while the space is empty)
    cy = y0 + 57
    paste(c.image, disc(34, (226, 226, 226), MUTED, 0.06), x0 + 24, cy)
    c.text(x0 + 24, cy + 1, str(sp.printed), 22, fill=INK_SOFT, bold=True, anchor="mm")


def _taken_space(
    c: Canvas, sp: InfluenceSpaceView, x0: float, y0: float, seats: list[Seat], covered_print: bool
) -> None:
    if sp.owner is None:
        return
    cy = y0 + 57
    c.d.rectangle((x0 + 4, y0 + 36, x0 + SPACE_W - 4, y0 + SPACE_H - 4), fill=EMPTY_SPACE)
    if covered_print:
        # the printed number under a tile no longer counts, so it is drawn small (the board only)
        paste(c.image, disc(26, (236, 236, 236), MUTED, 0.06), x0 + 18, cy)
        c.text(x0 + 18, cy + 1, str(sp.printed), 18, fill=MUTED, bold=True, anchor="mm")
    influence_tile(c, seats[sp.owner].style, sp.value, x0 + (68 if covered_print else SPACE_W / 2), cy, 44)


def _short(good: str) -> str:
    # The space is narrow: "Light bulbs" is said "Bulbs" there.
    return t("Bulbs") if good == "bulbs" else say(GOOD_NAME[good])


def _city(c: Canvas, city: CityView, x0: float, y0: float) -> None:
    tx, ty = x0 + SPACE_W + PAD, y0 + SPACE_H + PAD
    c.d.rounded_rectangle((tx, ty, tx + TILE, ty + TILE), radius=10, fill=CITY_TILE)
    # "West city" on two lines, its first word in bold; the tile's own words (a language may shorten
    # them, "Зах. місто") so that each stays at the phone's readable size on an 80 px tile.
    first, _, rest = say(CITY_TILE_WORDS[(city.city - 1) % 2]).partition(" ")
    c.fit_text(tx + TILE / 2, ty + TILE / 2 - 12, first, TILE - 2, 22, fill=WHITE, bold=True, anchor="mm")
    c.fit_text(tx + TILE / 2, ty + TILE / 2 + 16, rest, TILE - 2, 22, fill=WHITE, anchor="mm")
    for sp in city.spaces:
        _empty_space(c, sp, *_space_box(sp, x0, y0))


def _city_origins(view: NipronView, district: int, box_of: BoxOf) -> list[tuple[CityView, float, float]]:
    x0, y0, x1, _ = box_of(district - 1)
    cities = [city for city in view.cities if city.district == district][:2]
    span = (x1 - x0 - 2 * CROSS_W) / 3
    return [(city, x0 + span + k * (CROSS_W + span), y0 + 50) for k, city in enumerate(cities)]


def game_key(view: NipronView) -> tuple[object, ...]:
    """What the map layer depends on: fixed for a whole game (city tiles, their turns, the bonuses)."""
    return (
        view.players,
        tuple(
            (city.city, city.district, tuple((sp.side, sp.good, sp.printed) for sp in city.spaces))
            for city in view.cities
        ),
        tuple((d.district, d.bonus) for d in view.districts),
    )


def draw_map_game(c: Canvas, view: NipronView, box_of: BoxOf = district_box) -> None:
    """The map as set up for this game: districts, bonuses, city tiles, empty influence spaces."""
    for d in view.districts:
        i = d.district - 1
        box = box_of(i)
        x0, y0, x1, _ = box
        c.d.rounded_rectangle(box, radius=12, fill=DISTRICT_FILL[i], outline=DISTRICT_INK[i], width=3)
        title = district_title(d.district)
        c.text(x0 + 14, y0 + 24, title, 26, fill=DISTRICT_INK[i], bold=True, anchor="lm")
        bonus = t("bonus {bonus}", bonus=bonus_words(d.bonus))
        room = x1 - x0 - 28 - c.text_width(title, 26, True) - 16
        c.fit_text(
            x1 - 14, y0 + 24, bonus, room, 24, fill=DISTRICT_INK[i], bold=True, anchor="rm", min_size=16
        )
        for city, cx, cy in _city_origins(view, d.district, box_of):
            _city(c, city, cx, cy)


def _standings(c: Canvas, view: NipronView, d: DistrictView, box: Box, y: float, seats: list[Seat]) -> None:
    x0 = box[0]
    by_seat, foreign = influence(view, d.district)
    label = t("Influence:")
    c.text(x0 + 14, y, label, 22, fill=INK_SOFT, bold=True, anchor="lm")
    x = x0 + 14 + c.text_width(label, 22, True) + 12
    ranked = sorted(by_seat.items(), key=lambda kv: (-kv[1], kv[0]))
    for seat, value in ranked:
        player_marker(c, seats[seat].style, x + 15, y, 30)
        c.text(x + 34, y, str(value), 24, bold=True, anchor="lm")
        x += 34 + c.text_width(str(value), 24, True) + 18
    if not ranked:
        nobody = t("none yet")
        c.text(x, y, nobody, 22, fill=INK_SOFT, anchor="lm")
        x += c.text_width(nobody, 22) + 18
    c.text(x, y, t("foreign {n}", n=foreign), 22, fill=INK_SOFT, anchor="lm")


def _transport(c: Canvas, d: DistrictView, box: Box, y: float, seats: list[Seat]) -> None:
    x0, _, x1, _ = box
    x = x0 + 14
    for kind, counts in (("train", d.trains), ("ship", d.ships)):
        c.icon(kind, x + 18, y, 36, INK)
        x += 42
        built = [(s, n) for s, n in enumerate(counts) if n]
        if not built:
            nothing = t("none")
            c.text(x, y, nothing, 22, fill=INK_SOFT, anchor="lm")
            x += c.text_width(nothing, 22) + 26
            continue
        for seat, n in built:
            player_marker(c, seats[seat].style, x + 14, y, 28)
            c.text(x + 31, y, f"×{n}", 24, bold=True, anchor="lm")
            x += 31 + c.text_width(f"×{n}", 24, True) + 14
        x += 14
    free = tn("{n} free space", "{n} free spaces", d.free_spaces)
    if x + c.text_width(free, 22) + 10 < x1 - 14:  # omitted when the district is crowded
        c.text(x1 - 14, y, free, 22, fill=INK_SOFT, anchor="rm")


def draw_map(
    c: Canvas, view: NipronView, seats: list[Seat], box_of: BoxOf = district_box, covered_print: bool = True
) -> None:
    """The position on the map: influence tiles, who leads each district, trains and ships.
    ``covered_print=False`` leaves out the small printed number under a tile (the phone image)."""
    for d in view.districts:
        box = box_of(d.district - 1)
        for city, cx, cy in _city_origins(view, d.district, box_of):
            for sp in city.spaces:
                _taken_space(c, sp, *_space_box(sp, cx, cy), seats, covered_print)
        _standings(c, view, d, box, box[3] - 76, seats)
        _transport(c, d, box, box[3] - 30, seats)


def draw_sea(c: Canvas) -> None:
    x0, y0, x1, y1 = MAP_BOX
    c.d.rounded_rectangle((x0 + 4, y0 + 44, x1 - 4, y1 - 4), radius=10, fill=SEA)
