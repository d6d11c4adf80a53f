"""Line section: what drawing a turn line's choices costs the engine thread, on the decisions of
seeded AI games: labelling the deciding seat's choices and finding what the line carries (a row of
buttons, a menu, or the panel's first level of groups for a long list: ``bot.service.line_choices``).
The announcer runs it in the engine thread before a new line is posted (``moves.label_choices``); a
line drawn again for the same player's next step leaves a long list's groups to their panel and
labels nothing new.

Floor, measured in the same run on the same states: one decision of the same seat (``legal_actions``
and ``apply`` of its first choice), the least the engine does for any move there.
"""

from __future__ import annotations

import time
from typing import Any

from bot.service.line_choices import ON_MENU, line_choices
from bot.service.progress import progress
from engine.core import Game
from tests.perf.report import Row, median, percentile

SECTION = "line"
SEED = 20261122


class _Seats:
    """The least of a ``Table`` that ``line_choices`` reads: every seat a person's."""

    ai_seats: frozenset[int] = frozenset()

    def user_at(self, seat: int) -> int:
        return seat + 1


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    rows: list[Row] = []
    for game in games:
        if game.name not in ("carnegie", "nipron"):
            continue
        long_us: list[float] = []
        short_us: list[float] = []
        floor_us: list[float] = []
        for n in range(1 if quick else 3):
            state = game.new_game(4, SEED + n, {})
            ais = {s: game.ai(SEED + n + s, "easy") for s in range(4)}
            for _ in range(400 if quick else 4000):
                decision = game.pending(state)
                if decision.finished:
                    break
                seat = decision.seats[0]
                legal = game.legal_actions(state, seat)
                started = time.perf_counter()
                game.apply(game.load_state(game.dump_state(state)), seat, game.legal_actions(state, seat)[0])
                floor_us.append((time.perf_counter() - started) * 1e6)
                started = time.perf_counter()
                # _Seats holds the least of a Table that line_choices reads, not a whole table.
                line_choices(_Seats(), progress(game, state))  # type: ignore[arg-type]
                (long_us if len(legal) > ON_MENU else short_us).append((time.perf_counter() - started) * 1e6)
                state = game.apply(state, seat, ais[seat].choose(game, state, seat, legal)).state
        floor = median(floor_us)
        subject = f"{game.name} 4p"
        for name, samples in (("up to 25 choices", short_us), ("over 25 choices", long_us)):
            if not samples:
                continue
            for metric, value in (("median", median(samples)), ("p99", percentile(samples, 99))):
                rows.append(
                    Row(
                        SECTION,
                        subject,
                        f"a new line's choices, {name}, {metric}",
                        value,
                        "µs",
                        note=f"{len(samples)} decisions; labels and the first level of groups",
                        floor=floor,
                        floor_name="a decision (state reload, legal_actions, apply)",
                    )
                )
    return rows
