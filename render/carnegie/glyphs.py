"""Carnegie-specific small pictures shared by the overview and the company board."""

from __future__ import annotations

from engine.carnegie import data
from engine.core.words import money
from render.carnegie.initials import region_initials
from render.carnegie.model import ANDREW, NEUTRAL, Owner
from render.carnegie.palette import (
    ANDREW_STYLE,
    DEPT_INK,
    DONATION_INK,
    GOODS,
    MONEY,
    PROJECT_INK,
    REGION_FILL,
    REGION_INK,
    SP,
    VP_IMMEDIATE,
)
from render.common.canvas import Canvas
from render.common.language import say
from render.common.palette import INK, NEUTRAL_STYLE, RGB, WHITE, PlayerStyle, player_style
from render.common.sprites import marker, paste

REGION_KEYS: tuple[str, ...] = ("west", "midwest", "south", "east")
DEPT_KEYS: tuple[str, ...] = ("hr", "management", "construction", "rnd")
PROJECT_KEYS: dict[str, str] = {
    "H": "housing",
    "C": "commerce",
    "I": "industry",
    "P": "infrastructure",
    "T": "any",
}
PROJECT_KEY_BY_ID: tuple[str, ...] = ("housing", "commerce", "industry", "infrastructure")
SHORT_ACTION: tuple[str, ...] = ("HR", "Management", "Construction", "R&D")


def owner_style(owner: Owner) -> PlayerStyle:
    if owner == NEUTRAL:
        return NEUTRAL_STYLE
    if owner == ANDREW:
        return ANDREW_STYLE
    assert isinstance(owner, int)
    return player_style(owner)


def draw_owner(c: Canvas, owner: Owner, cx: float, cy: float, size: int) -> None:
    s = owner_style(owner)
    paste(c.image, marker(s.shape, s.colour, size), cx, cy)


def vp(c: Canvas, cx: float, cy: float, value: int | str, size: int, colour: RGB) -> None:
    """A VP heptagon with its number."""
    c.icon("vp", cx, cy, size, colour)
    c.text(
        cx,
        cy + size * 0.04,
        str(value),
        max(9, round(size * 0.55)),
        fill=WHITE,
        bold=True,
        anchor="mm",
    )


def gain_parts(gain: data.Gain) -> list[tuple[str, str]]:
    """(kind, text) pieces of a Gain: kind is money, goods, vp, sp or employee."""
    parts: list[tuple[str, str]] = []
    if gain.money:
        parts.append(("money", say(money(gain.money, "$"))))
    if gain.goods:
        parts.append(("goods", str(gain.goods)))
    if gain.vp:
        parts.append(("vp", str(gain.vp)))
    if gain.sp:
        parts.append(("sp", str(gain.sp)))
    if gain.employees:
        parts.append(("employee", f"+{gain.employees}"))
    return parts


def draw_gain(c: Canvas, gain: data.Gain, x: float, cy: float, size: int) -> float:
    """Draw a gain left-aligned at x; returns the x after it."""
    for kind, text in gain_parts(gain):
        x = draw_part(c, kind, text, x, cy, size) + 6
    return x - 6


def gain_width(c: Canvas, gain: data.Gain, size: int) -> float:
    total = 0.0
    for kind, text in gain_parts(gain):
        total += part_width(c, kind, text, size) + 6
    return max(0.0, total - 6)


def part_width(c: Canvas, kind: str, text: str, size: int) -> float:
    if kind == "money":
        return c.text_width(text, size, True)
    if kind == "vp":
        return size * 1.4
    return size * 0.9 + 3 + c.text_width(text, size, True)


def draw_part(c: Canvas, kind: str, text: str, x: float, cy: float, size: int) -> float:
    if kind == "money":
        c.text(x, cy, text, size, fill=MONEY, bold=True, anchor="lm")
        return x + c.text_width(text, size, True)
    if kind == "vp":
        vp(c, x + size * 0.7, cy, text, round(size * 1.4), VP_IMMEDIATE)
        return x + size * 1.4
    icon = {"goods": "goods", "sp": "sp", "employee": "employee"}[kind]
    colour = {"goods": GOODS, "sp": SP, "employee": INK}[kind]
    isz = round(size * 0.9)
    c.icon(icon, x + isz / 2, cy, isz, colour)
    c.text(x + isz + 3, cy, text, size, fill=INK, bold=True, anchor="lm")
    return x + isz + 3 + c.text_width(text, size, True)


def draw_region_badge(c: Canvas, region: int, cx: float, cy: float, size: int, income: bool = True) -> None:
    """Take Income in a region: a region-coloured rounded square with the region code."""
    key = REGION_KEYS[region]
    h = size / 2
    c.d.rounded_rectangle(
        (cx - h, cy - h, cx + h, cy + h),
        radius=size // 5,
        fill=REGION_FILL[key],
        outline=REGION_INK[key],
        width=max(2, size // 14),
    )
    code = region_initials(region)
    if not income:
        c.text(
            cx,
            cy,
            code,
            round(size * (0.5 if len(code) == 1 else 0.38)),
            fill=INK,
            bold=True,
            anchor="mm",
        )
        return
    c.text(
        cx,
        cy - size * 0.12,
        code,
        round(size * (0.42 if len(code) == 1 else 0.34)),
        fill=INK,
        bold=True,
        anchor="mm",
    )
    c.text(cx, cy + size * 0.27, "$", round(size * 0.3), fill=MONEY, bold=True, anchor="mm")


def draw_donation_badge(c: Canvas, cx: float, cy: float, size: int) -> None:
    h = size / 2
    c.d.rounded_rectangle(
        (cx - h, cy - h, cx + h, cy + h),
        radius=size // 5,
        fill=WHITE,
        outline=DONATION_INK,
        width=max(2, size // 14),
    )
    c.icon("donation", cx, cy, round(size * 0.62), DONATION_INK)


def draw_event(c: Canvas, event: int, cx: float, cy: float, size: int) -> None:
    if event == data.DONATION:
        draw_donation_badge(c, cx, cy, size)
    else:
        draw_region_badge(c, event, cx, cy, size)


def dept_icon(
    c: Canvas,
    action_type: int,
    cx: float,
    cy: float,
    size: int,
    colour: RGB | None = None,
) -> None:
    key = DEPT_KEYS[action_type]
    c.icon(key, cx, cy, size, colour or DEPT_INK[key])


def project_icon(c: Canvas, code: str, cx: float, cy: float, size: int) -> None:
    key = PROJECT_KEYS[code]
    if key != "any":
        c.icon(key, cx, cy, size, PROJECT_INK[key])
