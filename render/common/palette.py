"""Colours and marker shapes.

Player colours are taken from the Okabe–Ito palette, which stays distinguishable under the
common colour-vision deficiencies; every player also has a distinct marker shape, so colour is
never the only cue. Neutral and Andrew discs get their own colour *and* shape.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


@dataclass(frozen=True)
class PlayerStyle:
    name: str
    colour: RGB
    shape: str  # circle | square | triangle | diamond | star | hexagon


PLAYER_STYLES: tuple[PlayerStyle, ...] = (
    PlayerStyle("Blue", hex_rgb("#0072B2"), "circle"),
    PlayerStyle("Orange", hex_rgb("#E69F00"), "square"),
    PlayerStyle("Green", hex_rgb("#009E73"), "triangle"),
    PlayerStyle("Pink", hex_rgb("#CC79A7"), "diamond"),
)
NEUTRAL_STYLE = PlayerStyle("Neutral", hex_rgb("#A8A8A8"), "hexagon")
ANDREW_STYLE = PlayerStyle("Andrew", hex_rgb("#2B2B2B"), "star")


def player_style(seat: int) -> PlayerStyle:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


INK = hex_rgb("#1E1E1E")
INK_SOFT = hex_rgb("#555555")
WHITE = (255, 255, 255)
PAPER = hex_rgb("#F7F3EA")
PANEL = hex_rgb("#FFFDF7")
PANEL_EDGE = hex_rgb("#B9AE98")
SEA = hex_rgb("#DDEAF2")
ROAD = hex_rgb("#6B4F3A")
HIGHLIGHT = hex_rgb("#D7263D")
GOLD = hex_rgb("#C99A06")

# Region fills are pale so that player markers (saturated, outlined) always stand out on them.
REGION_FILL: dict[str, RGB] = {
    "west": hex_rgb("#EBDDBA"),
    "midwest": hex_rgb("#D6E6BE"),
    "south": hex_rgb("#F3D2B8"),
    "east": hex_rgb("#D9D3EC"),
}
REGION_INK: dict[str, RGB] = {
    "west": hex_rgb("#7A5C1E"),
    "midwest": hex_rgb("#3F6B1F"),
    "south": hex_rgb("#9A4A1C"),
    "east": hex_rgb("#4D3F8F"),
}

# Project types: dark icon colours (empty slots show the icon on white).
PROJECT_INK: dict[str, RGB] = {
    "housing": hex_rgb("#2E7D32"),
    "commerce": hex_rgb("#00727C"),
    "industry": hex_rgb("#8A4B12"),
    "infrastructure": hex_rgb("#8E2470"),
    "any": hex_rgb("#777777"),
}

# Department types (company board tiles and the display).
DEPT_FILL: dict[str, RGB] = {
    "hr": hex_rgb("#F7E6A6"),
    "management": hex_rgb("#C5DCEF"),
    "construction": hex_rgb("#F4C2AE"),
    "rnd": hex_rgb("#CDE8C6"),
}
DEPT_INK: dict[str, RGB] = {
    "hr": hex_rgb("#7A5A00"),
    "management": hex_rgb("#1F4E79"),
    "construction": hex_rgb("#8B2E12"),
    "rnd": hex_rgb("#25632A"),
}
PASSIVE_EDGE = hex_rgb("#7B4FA0")

VP_IMMEDIATE = hex_rgb("#D9607A")
VP_END = hex_rgb("#2C8C8C")
VP_CITY = hex_rgb("#2F5DA8")
MONEY = hex_rgb("#3D8B37")
GOODS = hex_rgb("#B5651D")
SP = hex_rgb("#D08A1E")
