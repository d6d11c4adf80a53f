"""Colours and marker shapes shared by every game.

Player colours are taken from the Okabe–Ito palette, which stays distinguishable under the
common colour-vision deficiencies; every player also has a distinct marker shape, so colour is
never the only cue. Neutral discs get their own colour *and* shape. A game's own colours (its
regions, resources, rivals) live in its render package.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.words import msg

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


@dataclass(frozen=True)
class PlayerStyle:
    name: str  # a Msg: said in the picture's language
    colour: RGB
    shape: str  # circle | square | triangle | diamond | star | hexagon


PLAYER_STYLES: tuple[PlayerStyle, ...] = (
    PlayerStyle(msg("Blue"), hex_rgb("#0072B2"), "circle"),
    PlayerStyle(msg("Orange"), hex_rgb("#E69F00"), "square"),
    PlayerStyle(msg("Green"), hex_rgb("#009E73"), "triangle"),
    PlayerStyle(msg("Pink"), hex_rgb("#CC79A7"), "diamond"),
)
NEUTRAL_STYLE = PlayerStyle(msg("Neutral"), hex_rgb("#A8A8A8"), "hexagon")


def player_style(seat: int) -> PlayerStyle:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


INK = hex_rgb("#1E1E1E")
INK_SOFT = hex_rgb("#555555")
WHITE = (255, 255, 255)
PAPER = hex_rgb("#F7F3EA")
PANEL = hex_rgb("#FFFDF7")
PANEL_EDGE = hex_rgb("#B9AE98")
HIGHLIGHT = hex_rgb("#D7263D")
