"""``CarnegieGame``: the engine protocol (engine.core.Game) for Carnegie, 1 (solo) to 4 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.carnegie import actions, data, groups, rules, score_parts
from engine.carnegie.actions import Action
from engine.carnegie.ai_search import ai_player
from engine.carnegie.describe import describe
from engine.carnegie.guide import GUIDE
from engine.carnegie.setup import new_state
from engine.carnegie.state import CarnegieState
from engine.carnegie.view import CarnegieView, build_view
from engine.carnegie.why_not import why_no_build
from engine.core import Decision, Forwarding, Glance, Player, ScoreSheet, Step
from engine.core.search import AI_LEVELS
from engine.core.words import join, money, msg, plural, quietly

# Carnegie's setup steps (rules §3: 6B tab sides, 10 Housing and reservation, 11 moves, 12 activation).
SETUP_PHASES = frozenset({"sides", "house", "reserve", "setup_moves", "setup_activate"})


class CarnegieGame(Forwarding[CarnegieState, Action]):
    name = "carnegie"
    title = "Carnegie"
    min_players = 1
    max_players = 4
    guide = GUIDE
    ai_levels: tuple[str, ...] = AI_LEVELS  # easy (the default), normal, strong, random: see AI_LEVELS

    def __init__(self) -> None:
        super().__init__(CarnegieState, actions, describe, groups.group_action)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CarnegieState:
        """Options: ``tab_sides`` = "chosen" (each player picks, setup 6B) or "random"; ``beginner`` =
        "yes"/"no" (True/False accepted): a fixed Timeline instead of a random one. One player = solo
        against Andrew (rules.md §10), option ``difficulty`` = easy / normal (default) / hard / expert."""
        return new_state(players, seed, options)

    def pending(self, state: CarnegieState) -> Decision:
        return rules.pending(state)

    def legal_actions(self, state: CarnegieState, seat: int) -> list[Action]:
        with quietly():  # the candidates' refusals are dropped unread
            return rules.legal_actions(state, seat)

    def apply(self, state: CarnegieState, seat: int, action: Action) -> Step[CarnegieState]:
        new, events = rules.apply(state, seat, action)
        # Undo must not cross a new round, a hand-over of the decision to someone else (the acting seat is
        # no longer pending), or Andrew's card being drawn or revealed (solo S1–S3: hidden information
        # comes to light). The game owns the barrier: the bot adds nothing to it.
        barrier = any(
            e.kind in ("round", "over", "andrew_card") for e in events
        ) or seat not in rules.deciding(new)
        return Step(state=new, events=events, barrier=barrier)

    def view(self, state: CarnegieState, seat: int | None) -> CarnegieView:
        return build_view(state, seat, rules.pending(state))

    def score(self, state: CarnegieState) -> ScoreSheet:
        return score_parts.score(state)

    def glance(self, state: CarnegieState, seat: int | None) -> Glance:
        """The stage ("setup" during §3 steps 6B–12, else "round N/20") and, for a seat, its money, goods
        and VP, plus the HR moves (R6.1.4) and study points (R6.4.2, R6.4.11) left when that seat alone is
        deciding (they belong to the turn in progress)."""
        stage = (
            msg("setup")
            if state.phase in SETUP_PHASES
            else msg("round {round}/{rounds}", round=state.round, rounds=data.ROUNDS)
        )
        if seat is None or not 0 <= seat < state.players:
            return Glance(stage=stage)
        # Read from the state the few numbers the view would show (``build_view``'s own expressions):
        # building the whole view cost ~1.3 ms per deciding seat on every click (tests/perf storage).
        company = state.companies[seat]
        # The score track only: the provisional total is in the summaries and /game score.
        parts: list[str] = [
            money(company.money, "$"),
            plural("{n} good", "{n} goods", company.goods),
            msg("{vp} VP on the score track", vp=company.vp),
        ]
        if rules.pending(state).seats == [seat]:
            tasks = state.tasks
            # The pools belong to the seat whose turn it is: another seat's step in the middle of it (a
            # project income's choice) shows none.
            own_turn = state.phase in ("departments", "setup_moves") and rules.current_seat(state) == seat
            spending = bool(tasks) and tasks[0].kind == "spend"
            study_points = tasks[0].a if spending else state.sp if own_turn else 0
            if state.moves and own_turn:
                parts.append(plural("{n} move left", "{n} moves left", state.moves))
            if study_points:
                parts.append(plural("{n} study point left", "{n} study points left", study_points))
        note = msg("You have {things}.", things=join(", ", parts))
        why = why_no_build(state, seat)
        if why is not None:
            note = join(" ", [note, why])  # a turn with no build button says why
        return Glance(stage=stage, note=note)

    def ai(self, seed: int, level: str | None = None) -> Player:
        """A computer player for one seat (``AI_LEVELS``, easy by default), deterministic given ``seed``."""
        return ai_player(seed, level)


GAME = CarnegieGame()
