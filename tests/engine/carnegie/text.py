"""Plain-text dump of a Carnegie view, and player-name substitution for events: for the tests."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.carnegie.reconstructed import GRID_COLS
from engine.carnegie.view import CarnegieView

_PLACEHOLDER = re.compile(r"\{p(\d)\}")


def name_players(text: str, names: Sequence[str]) -> str:
    """Replace the ``{p0}`` … ``{p3}`` placeholders of event texts by player names."""
    return _PLACEHOLDER.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )


def _owner(o: int | None) -> str:
    if o is None:
        return "."
    return {8: "n", 9: "A"}.get(o, str(o + 1))


def dump_view(v: CarnegieView) -> str:
    """A compact multi-line picture of the table (seats written 1–4, n = neutral, A = Andrew)."""
    out = [
        f"Carnegie, {v.players} players — round {v.round}/{v.rounds}, first player {v.first_player + 1}, "
        f"phase {v.phase}"
        + (f", action {v.action_type}" if v.action_type else "")
        + (f", event {v.event}" if v.event else ""),
        f"Pending: seats {[s + 1 for s in v.pending.seats]} — {v.pending.kind}: {v.pending.prompt}",
        "Timeline:",
    ]
    for r in v.timeline:
        out.append(
            f"  {r.row:<3} tile {r.tile} {r.side:<5} marker {r.marker}{' FLIPPED' if r.flipped else ''}"
            f"{' GEAR' if r.gear else ''}  | " + " | ".join(r.events)
        )
    out.append("Tracks (position per seat) and mission areas:")
    for t in v.tracks:
        pos = {s: sp.position for sp in t.spaces for s in sp.discs}
        out.append(
            f"  {t.region:<8} "
            + " ".join(f"P{_owner(s)}@{p}" for s, p in sorted(pos.items()))
            + "  missions "
            + " ".join(f"P{s + 1}:{n}" for s, n in enumerate(t.mission_area))
        )
    out.append("Map (slot type:owner):")
    for c in v.cities:
        slots = " ".join(f"{s.type}:{_owner(s.owner)}" for s in c.slots)
        out.append(f"  {c.name:<15} {c.region:<8} {slots}")
    out.append(
        "Donations: "
        + ", ".join(f"{d.code}[{''.join(_owner(o) for o in d.discs)}]" for d in v.donations if d.discs)
    )
    out.append("Display: " + ", ".join(f"#{d.tile} {d.name} ×{d.copies}" for d in v.display))
    for co in v.companies:
        out.append(
            f"Seat {co.seat + 1}: ${co.money} goods {co.goods} VP {co.vp} | "
            f"employees supply {co.employee_supply} "
            f"active {co.active_employees} | discs {co.disc_supply} | donations {co.donations_made} "
            f"(next ${co.next_donation_cost}, cap {co.donation_cap})"
            + (f" | reserved #{co.reserved}" if co.reserved else "")
            + (" | Action Choice tile" if co.action_choice else "")
        )
        rows = []
        for cell in co.cells:
            if cell.kind == "department":
                wp = "".join(
                    "P" if w.permanent else ("U" if w.used else ("A" if w.active else "_"))
                    for w in cell.workplaces
                )
                label = f"{cell.code}[{wp}]"
            else:
                label = "LOBBY" if cell.kind == "lobby" else "--"
            rows.append(f"{label}+{cell.inactive}" if cell.inactive else label)
        for start in range(0, len(rows), GRID_COLS):
            out.append("   " + " ".join(f"{x:<12}" for x in rows[start : start + GRID_COLS]))
        out.append(
            "   tabs: "
            + "; ".join(
                f"{t.type}{t.side} ready {t.ready} vp {t.end_vp} "
                f"exposed {sum(s.exposed for s in t.spaces)}/{len(t.spaces)}"
                for t in co.tabs
            )
        )
    a = v.andrew
    if a is not None:
        face = a.current.text if a.current else f"face down, back {a.current_back}"
        out.append(
            f"Andrew ({a.difficulty}): score {a.score} | card at position {a.position} ({a.position_vp} VP): "
            f"{face} | next back {a.next_back}, {a.deck_left} left | piles {a.piles} | discs {a.discs} | "
            f"tracks {a.tracks} | tiles {a.tiles}"
        )
    return "\n".join(out)
