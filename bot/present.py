"""How a game is shown in a channel: event texts with player names, round summaries, images.

Game-agnostic defaults plus what Carnegie adds (board overview and company images drawn by
``render.carnegie``). Everything here is synchronous and pure apart from rendering, so callers run
the image functions through ``asyncio.to_thread`` after the interaction was acknowledged.

The images themselves are drawn in a separate render process (``_renderer``): drawing is mostly
Python holding the GIL, so in a thread of the bot's process it slowed every acknowledgement while a
board was drawn (tests/perf bot section, 100 games: acknowledgement p99 210 ms, 395 ms while boards
rendered). The calling thread only waits for the bytes.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import re
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine.core import Event, GameState, ScoreSheet, UnknownGame, get_game

log = logging.getLogger(__name__)

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
    # Read from the state the few numbers the engine's view would show (``build_view``'s own
    # expressions): building the whole view here cost ~1.3 ms per deciding seat on every click,
    # half of a durable action (tests/perf storage section).
    carnegie: Any = state
    company = carnegie.companies[seat]
    parts = [f"${company.money}", f"{company.goods} goods", f"{company.vp} VP"]
    if get_game(game_name).pending(state).seats == [seat]:
        tasks = carnegie.tasks
        study_points = tasks[0].a if tasks and tasks[0].kind == "spend" else carnegie.sp
        if carnegie.moves:
            parts.append(f"{carnegie.moves} moves left")
        if study_points:
            parts.append(f"{study_points} SP left")
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
    """The public board overview (Carnegie); run in a worker thread (it waits for the render process)."""
    snapshot = get_game(game_name).dump_state(state)
    return _render(_draw_board, game_name, snapshot, list(names), scores)


def company_png(game_name: str, state: GameState, seat: int, names: Sequence[str]) -> bytes:
    snapshot = get_game(game_name).dump_state(state)
    return _render(_draw_company, game_name, snapshot, seat, list(names))


def warm_up() -> None:
    """Start the render process and build its cached layers (about a second) before the first image."""
    _render(_warm_up)


# --------------------------------------------------------------------------------- render process

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def _render_workers() -> int:
    # One process on a 2-core machine: the event loop keeps the other core.
    return max(1, min(2, (os.cpu_count() or 2) - 1))


def _renderer() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            # spawn: a fork of a process running discord.py's threads and aiosqlite is not safe.
            _pool = ProcessPoolExecutor(
                _render_workers(),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(),),
            )
        return _pool


def _render(fn: Any, *args: Any) -> Any:
    global _pool
    try:
        return _renderer().submit(fn, *args).result()
    except BrokenProcessPool:
        # The render process died (killed, out of memory): draw this one here, start afresh next time.
        log.exception("the render process died; drawing in the bot process")
        with _pool_lock:
            _pool = None
        return fn(*args)


def _worker_start(parent: int) -> None:
    # Ctrl-C in a terminal reaches the whole process group; the bot shuts the pool down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Images may wait; acknowledgements and game moves may not: on a small machine the event loop
    # gets the CPU first.
    with contextlib.suppress(OSError):
        os.nice(10)

    def orphaned() -> None:
        # A bot killed with SIGKILL cannot stop its pool; do not outlive it.
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, name="render-parent-watch", daemon=True).start()


def _game_here(game_name: str) -> Any:
    try:
        return get_game(game_name)
    except UnknownGame:
        importlib.import_module(f"engine.{game_name}")  # registers itself on import
        return get_game(game_name)


def _draw_board(game_name: str, snapshot: str, names: list[str], scores: ScoreSheet | None) -> bytes:
    from render.carnegie import render_overview

    game = _game_here(game_name)
    view: Any = game.view(game.load_state(snapshot), None)
    return render_overview(view, names, scores)


def _draw_company(game_name: str, snapshot: str, seat: int, names: list[str]) -> bytes:
    from render.carnegie import render_company

    game = _game_here(game_name)
    view: Any = game.view(game.load_state(snapshot), seat)
    return render_company(view, seat, names)


def _warm_up() -> None:
    from render.carnegie import warm_up as warm

    warm()
