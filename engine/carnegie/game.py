"""``CarnegieGame``: the engine protocol (engine.core.Game) for Carnegie, 1 (solo) to 4 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.carnegie import actions, rules
from engine.carnegie.actions import Action
from engine.carnegie.describe import describe
from engine.carnegie.setup import new_state
from engine.carnegie.state import CarnegieState
from engine.carnegie.view import CarnegieView, build_view
from engine.core import Decision, ScoreSheet, Step, dump_state, load_state


class CarnegieGame:
    name = "carnegie"
    title = "Carnegie"
    min_players = 1
    max_players = 4

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CarnegieState:
        """Options: ``tab_sides`` = "chosen" (each player picks, setup 6B) or "random"; ``beginner`` =
        "yes"/"no" (True/False accepted): a fixed Timeline instead of a random one. One player = solo
        against Andrew (rules.md §10), option ``difficulty`` = easy / normal (default) / hard / expert."""
        return new_state(players, seed, options)

    def pending(self, state: CarnegieState) -> Decision:
        return rules.pending(state)

    def legal_actions(self, state: CarnegieState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: CarnegieState, seat: int, action: Action) -> Step[CarnegieState]:
        new, events = rules.apply(state, seat, action)
        # Undo must not cross a new round, a hand-over of the decision to someone else, or Andrew's card
        # being drawn or revealed (solo S1–S3: hidden information comes to light).
        barrier = (
            any(e.kind in ("round", "over", "andrew_card") for e in events)
            or seat not in rules.pending(new).seats
        )
        return Step(state=new, events=events, barrier=barrier)

    def view(self, state: CarnegieState, seat: int | None) -> CarnegieView:
        return build_view(state, seat, rules.pending(state))

    def score(self, state: CarnegieState) -> ScoreSheet:
        from engine.carnegie import scoring  # written separately; imported lazily

        return scoring.score(state)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def format_action(self, action: Action) -> str:
        return actions.format_action(action)

    def describe_action(self, state: CarnegieState, seat: int, action: Action) -> str:
        return describe(state, seat, action)

    def dump_state(self, state: CarnegieState) -> str:
        return dump_state(state)

    def load_state(self, text: str) -> CarnegieState:
        return load_state(CarnegieState, text)


CARNEGIE = CarnegieGame()
