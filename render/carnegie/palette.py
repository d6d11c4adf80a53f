"""Carnegie's colours: Andrew, the map, regions, project and department types, VP, money, goods, SP.

Region fills follow the box (West tan, Midwest terracotta, South green, East purple) with lightness
spread so that they stay apart under the common colour-vision deficiencies (checked by
tests/render/test_colours.py); each region also has its own hatching on the map (``REGION_HATCH``).
Department fills are pale so that player markers (saturated, outlined) always stand out on them;
the matching inks are dark enough for text and icons on white.
"""

from __future__ import annotations

from render.common.palette import RGB, PlayerStyle, hex_rgb

# Andrew, the solo rival, gets a colour and a shape no seat uses.
ANDREW_STYLE = PlayerStyle("Andrew", hex_rgb("#2B2B2B"), "star")

TITLE_BAR = hex_rgb("#2F3B4C")
SEA = hex_rgb("#DDEAF2")
ROAD = hex_rgb("#6B4F3A")
GOLD = hex_rgb("#C99A06")
TRANSPORT_INK = hex_rgb("#3F6E8C")  # calm steel blue: income, not a warning
GEAR_INK = hex_rgb("#6E6E6E")
ACTION_CHOICE_INK = hex_rgb("#5B6B7F")
DONATION_INK = hex_rgb("#B03060")

REGION_FILL: dict[str, RGB] = {
    "west": hex_rgb("#F6EACE"),
    "midwest": hex_rgb("#E28C61"),
    "south": hex_rgb("#A7CA96"),
    "east": hex_rgb("#DCD1F4"),
}
REGION_INK: dict[str, RGB] = {
    "west": hex_rgb("#7A5C1E"),
    "midwest": hex_rgb("#8A3413"),
    "south": hex_rgb("#2F5E1A"),
    "east": hex_rgb("#4D3F8F"),
}
# The second cue besides colour: each region's land is hatched its own way (none, rising, level,
# falling lines), so regions stay apart for a reader who sees no colour at all.
REGION_HATCH: dict[str, str] = {"west": "none", "midwest": "/", "south": "-", "east": "\\"}

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
