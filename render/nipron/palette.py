"""Nipron's colours: the players (the box's yellow, red, purple and blue, taken from the Okabe–Ito
palette so they stay apart under colour-vision deficiencies, each with its own marker shape), the six
worker colours (fill and ink; each letter is the catalogues', ``render.nipron.initials``), the goods,
the districts and the panels."""

from __future__ import annotations

from engine.core.words import msg
from render.common.palette import RGB, PlayerStyle, hex_rgb

# The engine names seats by the box's colours; Okabe–Ito has a colour for each of them.
PLAYER_STYLES: dict[str, PlayerStyle] = {
    "yellow": PlayerStyle(msg("Yellow"), hex_rgb("#F0E442"), "circle"),
    "red": PlayerStyle(msg("Red"), hex_rgb("#D55E00"), "square"),
    "purple": PlayerStyle(msg("Purple"), hex_rgb("#CC79A7"), "triangle"),
    "blue": PlayerStyle(msg("Blue"), hex_rgb("#0072B2"), "diamond"),
}
FALLBACK_STYLES: tuple[PlayerStyle, ...] = tuple(PLAYER_STYLES.values())

# Workers: fill, letter colour, letter (the letter is the cue that does not depend on colour). Fills
# checked with coloraide's deuteranopia/protanopia/tritanopia filters: the closest pair under any of
# them (yellow/orange, deuteranopia) is ΔE2000 13.4; the first choice had orange/green at 5.2.
WORKER: dict[str, tuple[RGB, RGB]] = {
    "white": (hex_rgb("#FAFAFA"), hex_rgb("#1E1E1E")),
    "yellow": (hex_rgb("#F5D33B"), hex_rgb("#1E1E1E")),
    "orange": (hex_rgb("#E8852B"), hex_rgb("#1E1E1E")),
    "green": (hex_rgb("#1B6B2E"), hex_rgb("#FFFFFF")),
    "blue": (hex_rgb("#5B8FE0"), hex_rgb("#1E1E1E")),
    "black": (hex_rgb("#2A2A2A"), hex_rgb("#FFFFFF")),
}

# Goods: a pale fill behind the good's name (the name is always written).
GOOD_FILL: dict[str, RGB] = {
    "silk": hex_rgb("#F3E3F0"),
    "paper": hex_rgb("#F2EEDC"),
    "bento": hex_rgb("#F9DFC8"),
    "lenses": hex_rgb("#D8ECF5"),
    "clocks": hex_rgb("#E4E0F4"),
    "bulbs": hex_rgb("#FFF2B3"),
}
GOOD_INK: dict[str, RGB] = {
    "silk": hex_rgb("#8A2F6F"),
    "paper": hex_rgb("#6B5A2A"),
    "bento": hex_rgb("#9A4A1C"),
    "lenses": hex_rgb("#1F5A78"),
    "clocks": hex_rgb("#4D3F8F"),
    "bulbs": hex_rgb("#7A5A00"),
}
GOOD_NAME: dict[str, str] = {
    "silk": msg("Silk"),
    "paper": msg("Paper"),
    "bento": msg("Bento"),
    "lenses": msg("Lenses"),
    "clocks": msg("Clocks"),
    "bulbs": msg("Light bulbs"),
}

# Districts, north to south: light fills with a darker ink for their titles. Picked (blue, green, sand, rose
# kept) so that no two come closer than ΔE2000 9.7 under deuteranopia, protanopia or tritanopia
# (tests/render/test_colours.py); the first, paler set merged to 1.4.
DISTRICT_FILL: tuple[RGB, ...] = (
    hex_rgb("#B8E3FF"),
    hex_rgb("#E5FCAD"),
    hex_rgb("#FFEBD7"),
    hex_rgb("#FFBDD1"),
)
DISTRICT_INK: tuple[RGB, ...] = (
    hex_rgb("#1F4E79"),
    hex_rgb("#2F6B1F"),
    hex_rgb("#8A5A12"),
    hex_rgb("#8E2F4A"),
)

TITLE_BAR = hex_rgb("#3A2E3F")
SEA = hex_rgb("#D5E4EE")
CITY_TILE = hex_rgb("#5B4A3A")
EMPTY_SPACE = hex_rgb("#FFFFFF")
GOLD = hex_rgb("#C99A06")
GOLD_FILL = hex_rgb("#F6E7A8")
YEN = hex_rgb("#2E7D32")
COAL = hex_rgb("#2A2A2A")
BLUEPRINT = hex_rgb("#1F5FA8")
KNOWLEDGE = hex_rgb("#6A3FA0")
VP = hex_rgb("#B0283A")
STAR = hex_rgb("#D99A00")
MUTED = hex_rgb("#8A8A8A")
ROW_ALT = hex_rgb("#F1ECE0")
