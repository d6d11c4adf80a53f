"""The end of a turn: refill (§4.6), the scoring marker and its triggers (§4.8), the final rounds and
the end of the game (§6.2)."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import msg
from engine.nipron import data
from engine.nipron.rules.common import ev
from engine.nipron.rules.refill import refill_after_take
from engine.nipron.rules.scorings import district_scoring, move_marker
from engine.nipron.scoring import final_scoring, score
from engine.nipron.state import NOBODY, NipronState


def end_turn(state: NipronState, events: list[Event], took: bool) -> None:
    """The end of a turn: refill (§4.6), the marker and its triggers (§4.8), the final rounds."""
    seat = state.active
    final_before = state.final_seat != NOBODY
    if took and refill_after_take(state, events):
        if final_before:
            # [I §4.8] in the final phase a full refill does not move the marker.
            events.append(ev("marker", msg("Final phase: the scoring marker does not move on a refill.")))
        else:
            move_marker(state, seat, events)
    state.turns += 1
    state.last_seat = seat
    # ``announce`` is consumed by the action's first event, told in this same apply (flow.announce)
    state.space, state.act, state.reps, state.used = -1, "", 0, []
    state.todo, state.district, state.good, state.cubes = 0, -1, "", 0
    if final_before and seat == state.final_seat:
        state.final_rounds += 1
        if state.final_rounds == data.FINAL_TURNS:
            end_game(state, events)
            return
        state.marker += 1
        events.append(
            ev(
                "marker",
                msg(
                    "Final round {round} is over: the marker moved to space {space}.",
                    round=state.final_rounds,
                    space=state.marker,
                ),
                marker=state.marker,
            )
        )
    state.active = (seat + 1) % state.players
    state.phase = "turn"


def end_game(state: NipronState, events: list[Event]) -> None:
    """§4.8 / §6.2: after the 3rd final round, Scoring 3 and then final scoring end the game."""
    district_scoring(state, 3, events)
    final_scoring(state, events)
    state.over = True
    state.phase = "over"
    sheet = score(state)
    winner = sheet.lines[sheet.winners[0]]
    events.append(
        ev(
            "over",
            msg("The game is over: {who} wins with {vp} VP.", who=f"{{p{winner.seat}}}", vp=winner.total),
            winner.seat,
            True,
        )
    )
