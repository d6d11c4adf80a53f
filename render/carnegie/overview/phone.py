"""The phone image: a portrait picture of the map and the players, posted with every round.

A phone shows an inline image about 400 px wide, so every text here is drawn at least
``MIN_TEXT`` px tall on a ``PHONE_W`` px wide image: 11 px once shown 400 px wide. What
needs smaller print (city VP, link values, the printed tracks, the Timeline, donations, the display)
stays on the full board, shown on demand. The map is the full board's map stretched taller (the
regions are a schematic, not a survey), so the names have room at that size.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from engine.carnegie import data
from engine.core.words import money
from render.carnegie import glyphs
from render.carnegie.glyphs import REGION_KEYS, draw_owner
from render.carnegie.icons import ICONS
from render.carnegie.mapgeo import MapFrame, city_positions, slot_offsets
from render.carnegie.model import ANDREW, NEUTRAL, AndrewCards, BoardModel, PlayerSummary
from render.carnegie.overview.map_panel import land_layer
from render.carnegie.overview.players import GOODS_HEAD
from render.carnegie.overview.tracks import LEVEL_NAME
from render.carnegie.palette import GOODS, MONEY, REGION_FILL, REGION_INK, ROAD, TITLE_BAR, VP_END
from render.carnegie.region_chips import region_chip
from render.common.canvas import Canvas
from render.common.language import current, say, t, tn
from render.common.palette import INK, INK_SOFT, PANEL_EDGE, PAPER, WHITE, hex_rgb
from render.common.sprites import disc, paste

PHONE_W = 800
SHOWN_W = 400  # the width a phone shows an inline image at
SHOWN_MIN_PX = 11  # the smallest text a reader should meet at that width
MIN_TEXT = math.ceil(SHOWN_MIN_PX * PHONE_W / SHOWN_W)

TITLE_H = 104
MAP_Y0, MAP_H = TITLE_H, 760
PHONE_FRAME = MapFrame(0, MAP_Y0, PHONE_W, MAP_Y0 + MAP_H)
# Emblems and names that would touch on the taller map are moved apart a little.
NUDGE: dict[str, tuple[float, float]] = {
    "chicago": (-12.0, 0.0),
    "pittsburgh": (10.0, 4.0),
    "reno": (-4.0, 8.0),
    "kansas-city": (6.0, 0.0),
}
PHONE_CITY_XY = tuple(
    (x + NUDGE.get(city.id, (0.0, 0.0))[0], y + NUDGE.get(city.id, (0.0, 0.0))[1])
    for city, (x, y) in zip(
        data.CITIES, city_positions(PHONE_FRAME, (96, 56, 96, 50), keep_aspect=False), strict=True
    )
)
SLOT_D, SLOT_PITCH, MARKER_D = 26, 30, 28
ROW_H = 132
ANDREW_H = 76
HEAD_H = 48

# Where a city's name goes on the phone map when "below" would collide with a neighbour.
PHONE_LABEL_SIDE: dict[str, str] = {
    "seattle": "above",
    "reno": "left",
    "phoenix": "right",
    "los-angeles": "below",
    "kansas-city": "left",
    "st-louis": "below",
    "new-orleans": "right",
    "helena": "above",
    "fargo": "above",
    "duluth": "above",
    "albany": "left",
    "boston": "above",
    "portland": "below",
    "boise": "above",
    "denver": "right",
    "omaha": "left",
    "st-paul": "above",
    "pittsburgh": "above",
    "cincinnati": "above",
    "washington": "below",
    "charleston": "right",
    "memphis": "left",
    "el-paso": "left",
    "santa-fe": "right",
    "san-antonio": "left",
    "salt-lake-city": "above",
    "dallas": "right",
}
# Region names in open country, as fractions of the map frame.
REGION_LABEL_AT: tuple[tuple[float, float], ...] = ((0.31, 0.24), (0.5, 0.06), (0.36, 0.87), (0.88, 0.3))


def city_label(i: int, city: data.City) -> tuple[float, float, str]:
    cx, cy = PHONE_CITY_XY[i]
    n = len(city.slots)
    half_h = SLOT_D / 2 + (SLOT_PITCH * 0.42 if n > 1 else 0) + 2
    half_w = SLOT_D / 2 + (SLOT_PITCH * 0.56 * (2 if n == 5 else 1) if n > 1 else 0) + 4
    side = PHONE_LABEL_SIDE.get(city.id, "below")
    if side == "above":
        return cx, cy - half_h, "md"
    if side == "left":
        return cx - half_w, cy, "rm"
    if side == "right":
        return cx + half_w, cy, "lm"
    return cx, cy + half_h, "ma"


def phone_slot_centres() -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    for i, city in enumerate(data.CITIES):
        cx, cy = PHONE_CITY_XY[i]
        for dx, dy in slot_offsets(len(city.slots), SLOT_PITCH):
            out.append((cx + dx, cy + dy))
    return tuple(out)


PHONE_SLOT_XY = phone_slot_centres()


@lru_cache(maxsize=5)
def _map_base(lang: str) -> Image.Image:
    """The phone map without discs: land, roads, cities and their names, region names."""
    c = Canvas(PHONE_W, MAP_H, PAPER, ICONS)
    c.image.paste(land_layer(MapFrame(0, 0, PHONE_W, MAP_H), _local_cities(), 2), (0, 0))
    for a, b in data.ROADS:
        pa, pb = _local(PHONE_CITY_XY[data.CITY_INDEX[a]]), _local(PHONE_CITY_XY[data.CITY_INDEX[b]])
        c.d.line([pa, pb], fill=WHITE, width=7)
        c.d.line([pa, pb], fill=ROAD, width=3)
    for region, (fx, fy) in enumerate(REGION_LABEL_AT):
        key = REGION_KEYS[region]
        c.text(
            fx * PHONE_W,
            fy * MAP_H,
            say(data.REGIONS[region]).upper(),
            MIN_TEXT + 4,
            fill=REGION_INK[key],
            bold=True,
            anchor="mm",
            stroke=WHITE,
        )
    for i, city in enumerate(data.CITIES):
        cx, cy = _local(PHONE_CITY_XY[i])
        n = len(city.slots)
        if n > 1:
            offs = slot_offsets(n, SLOT_PITCH)
            pad = SLOT_D / 2 + 3
            xs = [cx + dx for dx, _ in offs]
            ys = [cy + dy for _, dy in offs]
            c.d.rounded_rectangle(
                (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad),
                radius=SLOT_D // 2 + 3,
                fill=REGION_INK[REGION_KEYS[city.region]],
                outline=INK,
                width=2,
            )
        for k in data.CITY_SLOTS[i]:
            sx, sy = _local(PHONE_SLOT_XY[k])
            paste(c.image, disc(SLOT_D, WHITE, INK, 0.07), sx, sy)
            glyphs.project_icon(c, data.SLOT_TYPE[k], sx, sy, 18)
    for i, city in enumerate(data.CITIES):
        lx, ly, anchor = city_label(i, city)
        lx, ly = _local((lx, ly))
        c.text(lx, ly, city.name, MIN_TEXT, fill=INK, bold=True, anchor=anchor, stroke=WHITE)
    return c.image


def _local(p: tuple[float, float]) -> tuple[float, float]:
    return (p[0], p[1] - MAP_Y0)


def _local_cities() -> tuple[tuple[float, float], ...]:
    return tuple(_local(p) for p in PHONE_CITY_XY)


def _title(c: Canvas, m: BoardModel) -> None:
    c.d.rectangle((0, 0, PHONE_W, TITLE_H), fill=TITLE_BAR)
    if m.finished:
        head = t("Carnegie · game over")
        line = t("winner: {names}", names=", ".join(m.winners)) if m.winners else ""
    else:
        head = t("Carnegie · round {round} of {rounds}", round=min(m.round, m.rounds), rounds=m.rounds)
        line = say(m.phase)
    c.fit_text(
        16, 30, head, PHONE_W - 32, MIN_TEXT + 8, fill=WHITE, bold=True, anchor="lm", min_size=MIN_TEXT
    )
    if m.to_act:
        line = t("to act: {names} · {phase}", names=", ".join(m.to_act), phase=line)
    c.fit_text(
        16, 78, line, PHONE_W - 32, MIN_TEXT, fill=WHITE, anchor="lm", min_size=MIN_TEXT, ellipsis=True
    )


def _players(c: Canvas, m: BoardModel, y0: float) -> None:
    cols = ((say(m.score_label), 420), ("$", 522), (say(GOODS_HEAD), 618), (t("missions"), 736))
    for (label, cx), width in zip(cols, (100, 100, 100, 124), strict=True):
        # A column is about 100 px wide (the last one reaches the edge): a longer word is cut, never
        # drawn below the legible size.
        c.fit_text(
            cx,
            y0 + HEAD_H / 2,
            label,
            width,
            MIN_TEXT,
            fill=INK_SOFT,
            bold=True,
            anchor="mm",
            min_size=MIN_TEXT,
            ellipsis=True,
        )
    for i, (place, p) in enumerate(m.standings()):
        ry = y0 + HEAD_H + i * ROW_H
        owner = m.owner_of(p)
        if i % 2 == 0:
            c.d.rounded_rectangle((6, ry, PHONE_W - 6, ry + ROW_H - 6), radius=10, fill=hex_rgb("#F1ECE0"))
        cy = ry + 36
        x = 16.0
        if place:
            c.text(x, cy, place, MIN_TEXT + 2, bold=True, anchor="lm")
            x += 52
        draw_owner(c, owner, x + 20, cy, 38)
        name_right = cols[0][1] - 40
        if m.first_seat is not None and m.first_seat == p.seat and owner != ANDREW and not place:
            c.icon("locomotive", name_right - 18, cy, 34, INK)
            name_right -= 42
        c.fit_text(
            x + 48,
            cy,
            p.name,
            name_right - x - 48,
            MIN_TEXT + 6,
            bold=True,
            anchor="lm",
            min_size=MIN_TEXT,
            ellipsis=True,
        )
        glyphs.vp(c, cols[0][1], cy, "", 60, VP_END)
        c.text(cols[0][1], cy + 2, str(p.score), MIN_TEXT + 4, fill=WHITE, bold=True, anchor="mm")
        if owner == ANDREW:
            # Andrew has no money, goods or employees (R10.1.2).
            c.fit_text(
                cols[1][1] - 40,
                cy,
                t("solo opponent"),
                PHONE_W - cols[1][1] + 24,
                MIN_TEXT,
                fill=INK_SOFT,
                anchor="lm",
                min_size=MIN_TEXT,
                ellipsis=True,
            )
        else:
            c.text(cols[1][1], cy, say(money(p.money, "$")), MIN_TEXT + 6, fill=MONEY, bold=True, anchor="mm")
            c.icon("goods", cols[2][1] - 18, cy, 28, GOODS)
            c.text(cols[2][1] + 2, cy, str(p.goods), MIN_TEXT + 6, bold=True, anchor="lm")
            c.icon("employee", cols[3][1] - 18, cy, 28)
            c.text(cols[3][1] + 2, cy, str(sum(p.missions)), MIN_TEXT + 6, bold=True, anchor="lm")
        _track_chips(c, p, ry + 66)


def _track_chips(c: Canvas, p: PlayerSummary, y: float) -> None:
    """The player's level on each region's transport track, as a chip in the region's colours."""
    w = (PHONE_W - 32 - 3 * 8) / 4
    for region, key in enumerate(REGION_KEYS):
        x0 = 16 + region * (w + 8)
        pos = p.tracks[region]
        c.d.rounded_rectangle(
            (x0, y, x0 + w, y + 56), radius=8, fill=REGION_FILL[key], outline=REGION_INK[key], width=2
        )
        level = say(LEVEL_NAME[data.TRACKS[region][pos - 1].level]) if pos >= 1 else "—"
        c.fit_text(
            x0 + 10,
            y + 15,
            region_chip(region),
            w - 14,
            MIN_TEXT,
            bold=True,
            anchor="lm",
            min_size=MIN_TEXT,
            ellipsis=True,
        )
        c.fit_text(
            x0 + 10,
            y + 41,
            f"{level} {pos}/5",
            w - 14,
            MIN_TEXT,
            anchor="lm",
            min_size=MIN_TEXT,
            ellipsis=True,
        )


def _andrew_cards(c: Canvas, a: AndrewCards, y: float) -> None:
    """Solo: Andrew's deck and this round's card in two lines (the full board draws the cards)."""
    deck = t("no card left") if a.deck_left == 0 else tn("{n} card left", "{n} cards left", a.deck_left)
    if a.next_back is not None:
        deck = t("{deck}, next shows {back}", deck=deck, back=a.next_back)
    c.fit_text(
        16,
        y + 20,
        t("Andrew's deck: {deck}", deck=deck),
        PHONE_W - 32,
        MIN_TEXT,
        anchor="lm",
        min_size=MIN_TEXT,
        ellipsis=True,
    )
    if a.current_back is None:
        return
    shown = a.current_face or t("face down, its back shows {back}", back=a.current_back)
    line = t("His card, under the {vp} VP card: {card}", vp=a.vp_cards[a.position], card=shown)
    c.fit_text(16, y + 52, line, PHONE_W - 32, MIN_TEXT, anchor="lm", min_size=MIN_TEXT, ellipsis=True)


def phone_height(m: BoardModel) -> int:
    andrew = ANDREW_H if m.andrew_cards is not None else 0
    return TITLE_H + MAP_H + 12 + HEAD_H + len(m.everyone()) * ROW_H + andrew + 10


def draw_phone(m: BoardModel) -> Image.Image:
    c = Canvas(PHONE_W, phone_height(m), PAPER, ICONS)
    _title(c, m)
    c.image.paste(_map_base(current()), (0, MAP_Y0))
    for k, owner in enumerate(m.slots):
        if owner is None:
            continue
        sx, sy = PHONE_SLOT_XY[k]
        draw_owner(c, owner, sx, sy, MARKER_D)
    if NEUTRAL in m.slots:
        # The only marker no row of the table names.
        draw_owner(c, NEUTRAL, 30, MAP_Y0 + MAP_H - 30, MARKER_D)
        c.fit_text(
            52,
            MAP_Y0 + MAP_H - 30,
            t("neutral disc"),
            300,
            MIN_TEXT,
            fill=INK_SOFT,
            anchor="lm",
            min_size=MIN_TEXT,
            ellipsis=True,
        )
    y = MAP_Y0 + MAP_H
    c.d.line([(0, y), (PHONE_W, y)], fill=PANEL_EDGE, width=2)
    _players(c, m, y + 12)
    if m.andrew_cards is not None:
        _andrew_cards(c, m.andrew_cards, y + 12 + HEAD_H + len(m.everyone()) * ROW_H)
    return c.image
