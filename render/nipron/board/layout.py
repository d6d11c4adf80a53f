"""Where the board overview's panels sit. The width is fixed; the height grows with the players."""

from __future__ import annotations

W = 1400
TITLE_H = 76
GAP = 12
Box = tuple[float, float, float, float]

ACTIONS_BOX: Box = (GAP, TITLE_H + GAP, W - GAP, 330)
ROWS_BOX: Box = (GAP, 342, W - GAP, 448)
MAP_BOX: Box = (GAP, 460, W - GAP, 1360)
TRACK_BOX: Box = (GAP, 1372, 800, 1632)
REWARDS_BOX: Box = (812, 1372, W - GAP, 1632)
VP_BOX: Box = (GAP, 1644, W - GAP, 1804)
PLAYERS_Y = 1816
PLAYER_ROW = 84


SUPPLY_H = 412


def players_bottom(players: int) -> int:
    return PLAYERS_Y + 64 + players * PLAYER_ROW + 16


def height(players: int) -> int:
    return players_bottom(players) + GAP + SUPPLY_H + GAP


def players_box(players: int) -> Box:
    return (GAP, PLAYERS_Y, W - GAP, players_bottom(players))


def supply_box(players: int) -> Box:
    top = players_bottom(players) + GAP
    return (GAP, top, W - GAP, top + SUPPLY_H)


# District boxes: a 2 × 2 grid inside the map panel, north-west first.
DISTRICT_W = (W - 3 * GAP - 2 * GAP) / 2
DISTRICT_H = 412


def district_box(d: int) -> Box:
    x0 = MAP_BOX[0] + GAP + (d % 2) * (DISTRICT_W + GAP)
    y0 = MAP_BOX[1] + 48 + (d // 2) * (DISTRICT_H + GAP)
    return (x0, y0, x0 + DISTRICT_W, y0 + DISTRICT_H)
