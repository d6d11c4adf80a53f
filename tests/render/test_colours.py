"""Colours that stay apart for colour-blind players (issue 18, item 5).

Every pair of region fills (Carnegie's map and tracks) and every pair of player colours (the seats,
plus Carnegie's Andrew and the neutral discs, and Nipron's seats) is simulated under deuteranopia,
protanopia and tritanopia with ColorAide's maintained filters (Brettel/Viénot for protan and deutan,
Brettel for tritan, full severity) and compared with ΔE2000.

Threshold: ``MIN_DELTA_E = 7``. A ΔE2000 of about 2.3 is the just-noticeable difference for two
patches side by side; the board puts regions and markers apart, at a glance, on a phone, so we ask for
three times that. Every pair of fills and markers also carries a second cue that needs no colour (the
regions' hatching, the markers' shapes), so 7 is the floor for colour alone, not the only safeguard.
Today's tightest pairs: the region fills at about 9.5 (West/South under protanopia), the players at
about 7.9 (Orange/Pink under tritanopia).
"""

from __future__ import annotations

import itertools

import pytest
from coloraide import Color

from render.carnegie.palette import ANDREW_STYLE, REGION_FILL
from render.common.palette import NEUTRAL_STYLE, PLAYER_STYLES, RGB
from render.nipron.palette import DISTRICT_FILL
from render.nipron.palette import PLAYER_STYLES as NIPRON_PLAYERS

MIN_DELTA_E = 7.0
DEFICIENCIES = ("deutan", "protan", "tritan")

SETS: dict[str, dict[str, RGB]] = {
    "Carnegie region fills": dict(REGION_FILL),
    "Carnegie player colours": {
        **{s.name: s.colour for s in PLAYER_STYLES},
        ANDREW_STYLE.name: ANDREW_STYLE.colour,
        NEUTRAL_STYLE.name: NEUTRAL_STYLE.colour,
    },
    "Nipron player colours": {s.name: s.colour for s in NIPRON_PLAYERS.values()},
    "Nipron district fills": {f"district {n}": rgb for n, rgb in enumerate(DISTRICT_FILL, 1)},
}


def _seen(rgb: RGB, deficiency: str | None) -> Color:
    colour = Color("srgb", [v / 255 for v in rgb])
    return colour if deficiency is None else colour.filter(deficiency, space="srgb-linear")


def closest(colours: dict[str, RGB], deficiency: str | None) -> tuple[float, str, str]:
    seen = {name: _seen(rgb, deficiency) for name, rgb in colours.items()}
    return min((seen[a].delta_e(seen[b], method="2000"), a, b) for a, b in itertools.combinations(seen, 2))


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize("name", list(SETS))
def test_no_two_colours_of_a_set_come_closer_than_the_threshold(name: str, deficiency: str | None) -> None:
    distance, a, b = closest(SETS[name], deficiency)
    assert distance >= MIN_DELTA_E, (
        f"{name}: {a} and {b} at ΔE2000 {distance:.1f} ({deficiency or 'typical'})"
    )


def test_the_check_fails_the_fills_that_issue_18_found_merging() -> None:
    """The check can fail: the region fills before issue 18 (West tan, Midwest pale green, South pale
    orange) are apart for typical vision but merge into one beige for a deuteranope."""
    before = {"West": (0xEB, 0xDD, 0xBA), "Midwest": (0xD6, 0xE6, 0xBE), "South": (0xF3, 0xD2, 0xB8)}
    assert closest(before, None)[0] >= MIN_DELTA_E
    assert closest(before, "deutan")[0] < MIN_DELTA_E / 2
