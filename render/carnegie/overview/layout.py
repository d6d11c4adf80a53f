"""Where the overview's panels sit, and where every city and map slot is drawn.

Shared by the panels: the map draws the slots at ``SLOT_XY`` and the tests look for discs there.
"""

from __future__ import annotations

from engine.carnegie import data
from render.carnegie.mapgeo import MapFrame, city_positions, slot_offsets

W, H = 2000, 1500
TITLE_H = 64
GAP = 12

MAP_BOX = (GAP, TITLE_H + GAP, 1392, 826)
TRACK_BOX = (GAP, 838, 905, H - GAP)
PLAYER_BOX = (917, 838, 1392, H - GAP)
TIMELINE_BOX = (1404, TITLE_H + GAP, W - GAP, 500)
DONATION_BOX = (1404, 512, W - GAP, 1040)
DISPLAY_BOX = (1404, 1052, W - GAP, H - GAP)
# The connection table sits in the sea south-east of the map, as on the box.
CONNECTION_BOX = (1110, 628, 1382, 816)

SLOT_D = 30  # slot circle diameter
SLOT_PITCH = 36
MARKER_D = 32

MAP_FRAME = MapFrame(MAP_BOX[0] + 2, MAP_BOX[1] + 40, MAP_BOX[2] - 2, MAP_BOX[3] - 2)
CITY_XY = city_positions(MAP_FRAME, (112, 44, 84, 50))


def slot_centres() -> tuple[tuple[float, float], ...]:
    out: list[tuple[float, float]] = []
    for i, city in enumerate(data.CITIES):
        cx, cy = CITY_XY[i]
        for dx, dy in slot_offsets(len(city.slots), SLOT_PITCH):
            out.append((cx + dx, cy + dy))
    return tuple(out)


SLOT_XY = slot_centres()
