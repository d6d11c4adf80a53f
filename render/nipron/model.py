"""What both pictures need besides the view: each seat's name and style, and the place words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import ScoreSheet
from engine.nipron.view import NipronView
from render.common.language import say, t
from render.common.palette import PlayerStyle
from render.nipron.glyphs import style


# Districts are numbered north to south (rules §7.9); the view gives no names, so the pictures say
# "District 1 (north)" and call a district's two cities by where they are drawn (west, east).
def district_title(district: int) -> str:
    """``district`` is 1-based, as in the view."""
    where = (district - 1) % 4
    if where == 0:
        return t("District {n} (north)", n=district)
    if where == 1:
        return t("District {n} (north-central)", n=district)
    if where == 2:
        return t("District {n} (south-central)", n=district)
    return t("District {n} (south)", n=district)


def city_word(city: int) -> str:
    """``city`` is 1-based, as in the view: two per district, west then east."""
    return t("West city") if (city - 1) % 2 == 0 else t("East city")


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    style: PlayerStyle


def clean_name(name: str) -> str:
    """A display name as the shipped font can draw it: emoji and other characters outside the Basic
    Multilingual Plane, variation selectors and joiners are dropped (DejaVu has no emoji)."""
    kept = "".join(
        ch for ch in name if ord(ch) <= 0xFFFF and not 0xFE00 <= ord(ch) <= 0xFE0F and ch != "\u200d"
    )
    return " ".join(kept.split())


def seats(view: NipronView, names: Sequence[str] | None) -> list[Seat]:
    out = []
    for p in view.zaibatsu:
        st = style(p.colour, p.seat)
        given = clean_name(names[p.seat]) if names is not None and p.seat < len(names) else ""
        name = given or say(st.name)
        out.append(Seat(p.seat, name, st))
    return out


def totals(view: NipronView, scores: ScoreSheet | None) -> dict[int, int]:
    """Each seat's total: the score sheet's when given, else the VP on the track."""
    if scores is None:
        return {p.seat: p.vp for p in view.zaibatsu}
    return {line.seat: line.total for line in scores.lines if line.seat is not None}


def winners(scores: ScoreSheet | None) -> set[int]:
    if scores is None or not scores.final:
        return set()
    return {s for i in scores.winners if (s := scores.lines[i].seat) is not None}


def final_turns_left(view: NipronView) -> int:
    """Turns left in the whole final phase (every seat has 3, counted from the trigger's left)."""
    if view.final_seat is None or view.active is None:
        return 0
    left = (3 - view.final_rounds) * view.players
    left -= (view.active - view.final_seat - 1) % view.players
    return left
