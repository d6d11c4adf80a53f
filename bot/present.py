"""How a game is shown in a channel: event texts with player names, round summaries, images.

Game-agnostic defaults plus what Carnegie adds (board overview and company images drawn by
``render.carnegie``). Everything here is synchronous and pure apart from rendering, so callers run
the image functions through ``asyncio.to_thread`` after the interaction was acknowledged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core import Event, GameState, ScoreSheet, get_game

MAX_MESSAGE = 2000
MAX_IMAGE_BYTES = 1_500_000
_PLACEHOLDER = re.compile(r"\{p(\d)\}")

# Event kinds worth a line in a round summary (issue 6: income, projects, donations, scores);
# the rest (single employee moves, activations, study point steps) is in /carnegie log.
SUMMARY_KINDS = {
    "row",
    "income",
    "build_department",
    "build",
    "donate",
    "use",
    "choose",
    "pick",
    "house",
    "reserve",
    "sides",
    "convert",
    "andrew",
    "solo",
}


# Carnegie's setup steps (rules §3: 6B tab sides, 10 Housing and reservation, 11 moves, 12 activation).
SETUP_PHASES = {"sides", "house", "reserve", "setup_moves", "setup_activate"}


def name_players(text: str, names: Sequence[str]) -> str:
    """``{p0}``..``{p3}`` → display names (the engine's texts never mention Discord users)."""
    return _PLACEHOLDER.sub(lambda m: names[int(m[1])] if int(m[1]) < len(names) else m[0], text)


def event_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    return [name_players(event.text, names) for event in events if event.text]


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def finished_rounds(events: Sequence[Event]) -> list[int]:
    """The rounds these events closed, in order: "round N begins" with N ≥ 2 closes N-1 (one
    action can close several rounds when nobody had anything to decide in between)."""
    return [
        int(event.data["round"]) - 1
        for event in events
        if event.kind == "round" and int(event.data.get("round", 0)) >= 2
    ]


def round_events(log_events: Sequence[Sequence[Event]], round_no: int) -> list[Event]:
    """The events of one round, from the per-action event lists of the live log."""
    current = 0
    out: list[Event] = []
    for events in log_events:
        for event in events:
            if event.kind == "round":
                current = int(event.data.get("round", current + 1))
                continue
            if current == round_no:
                out.append(event)
    return out


def summary_text(
    title: str,
    round_no: int,
    events: Sequence[Event],
    names: Sequence[str],
    scored: Sequence[tuple[str, int]],
    before: Sequence[int] | None,
) -> str:
    """One round's summary: the events that matter and the provisional totals with their change."""
    lines = event_lines([e for e in events if e.kind in SUMMARY_KINDS], names)
    head = f"**{title} — round {round_no} is over.**"
    parts = []
    for index, (name, total) in enumerate(scored):
        delta = "" if before is None or index >= len(before) else f" ({total - before[index]:+d})"
        parts.append(f"{name} {total}{delta}")
    score = "Provisional score: " + ", ".join(parts) if parts else ""
    body: list[str] = []
    budget = MAX_MESSAGE - len(head) - len(score) - 80
    for index, line in enumerate(lines):
        if budget - len(line) - 3 < 0:
            body.append(f"…and {len(lines) - index} more (`/carnegie log`).")
            break
        body.append(f"• {line}")
        budget -= len(line) + 3
    if not body:
        body.append("• (no income, projects or donations this round)")
    return clip("\n".join([head, *body, score]))


def line_name(seat: int, name: str, names: Sequence[str]) -> str:
    """A score line's player: the seat's display name, or the sheet's own name (solo: Andrew)."""
    return names[seat] if 0 <= seat < len(names) else name


def seat_note(game_name: str, state: GameState, seat: int) -> str:
    """What a player wants in view while deciding (Carnegie: money, goods, VP, and the moves or
    study points left in this turn); empty for games without one."""
    if game_name != "carnegie" or not 0 <= seat < state.players:
        return ""
    view: Any = get_game(game_name).view(state, seat)
    company = view.companies[seat]
    parts = [f"${company.money}", f"{company.goods} goods", f"{company.vp} VP"]
    if view.pending.seats == [seat]:
        if view.moves:
            parts.append(f"{view.moves} moves left")
        if view.study_points:
            parts.append(f"{view.study_points} SP left")
    return "You have " + ", ".join(parts) + "."


def stage(game_name: str, state: GameState) -> str:
    """Where the game stands, for turn lines and panels (Carnegie: "round 9/20" or "setup")."""
    if game_name != "carnegie":
        return ""
    if str(getattr(state, "phase", "")) in SETUP_PHASES:
        return "setup"
    return f"round {int(getattr(state, 'round', 0))}/20"


def has_images(game_name: str) -> bool:
    return game_name == "carnegie"


def board_png(game_name: str, state: GameState, names: Sequence[str], scores: ScoreSheet | None) -> bytes:
    """The public board overview (Carnegie); run in a worker thread."""
    game = get_game(game_name)
    from render.carnegie import render_overview

    view: Any = game.view(state, None)
    return render_overview(view, list(names), scores)


def company_png(game_name: str, state: GameState, seat: int, names: Sequence[str]) -> bytes:
    game = get_game(game_name)
    from render.carnegie import render_company

    view: Any = game.view(state, seat)
    return render_company(view, seat, list(names))


def warm_up() -> None:
    from render.carnegie import warm_up as warm

    warm()
