"""Where the panels of a player's board sit."""

from __future__ import annotations

W = 1400
H = 1960
GAP = 12
TITLE_H = 76
BUDGET_BOX = (GAP, 88, 700, 300)
WORKERS_BOX = (712, 88, W - GAP, 300)
TRACKS_BOX = (GAP, 312, W - GAP, 640)
FACTORY_BOX = (GAP, 652, W - GAP, 1092)
TRANSPORT_BOX = (GAP, 1104, W - GAP, 1312)
CONTRACT_BOX = (GAP, 1324, W - GAP, 1540)
ACHIEVE_BOX = (GAP, 1552, W - GAP, H - GAP)
