"""``NipronGame``: the engine protocol (engine.core.Game) for Nipron, 2 to 4 players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Decision, Forwarding, Glance, Player, ScoreSheet, Step
from engine.core.search import AI_LEVELS
from engine.core.words import Msg, join, msg, plural, quietly
from engine.nipron import actions, data, groups, rules, words
from engine.nipron.actions import Action
from engine.nipron.ai import ai_player
from engine.nipron.describe import describe
from engine.nipron.guide import GUIDE
from engine.nipron.rules.common import who
from engine.nipron.scoring import score
from engine.nipron.setup import new_state
from engine.nipron.state import NipronState
from engine.nipron.view import NipronView, build_view


class NipronGame(Forwarding[NipronState, Action]):
    name = "nipron"
    title = "Nipron"
    min_players = 2
    max_players = 4
    guide = GUIDE
    ai_levels: tuple[str, ...] = AI_LEVELS  # easy (the default), normal, strong, random: see AI_LEVELS

    def __init__(self) -> None:
        super().__init__(NipronState, actions, describe, groups.group_action)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> NipronState:
        """Option ``first``: "random" (default) or the seat (1–4) who plays first (§3.1 step 3)."""
        return new_state(players, seed, options)

    def pending(self, state: NipronState) -> Decision:
        return rules.pending(state)

    def legal_actions(self, state: NipronState, seat: int) -> list[Action]:
        with quietly():  # the candidates' refusals are dropped unread
            return rules.legal_actions(state, seat)

    def apply(self, state: NipronState, seat: int, action: Action) -> Step[NipronState]:
        new, events = rules.apply(state, seat, action)
        # Undo must not cross a draw from the bag, a hand-over of the decision, or the end of the game.
        barrier = new.rng.draws != state.rng.draws or new.active != state.active or new.over
        return Step(state=new, events=events, barrier=barrier)

    def view(self, state: NipronState, seat: int | None) -> NipronView:
        return build_view(state, seat)

    def score(self, state: NipronState) -> ScoreSheet:
        return score(state)

    def glance(self, state: NipronState, seat: int | None) -> Glance:
        return Glance(stage=stage(state), note="" if seat is None else note(state, seat))

    def ai(self, seed: int, level: str | None = None) -> Player:
        return ai_player(seed, level)


def stage(state: NipronState) -> Msg:
    if state.over:
        return msg("Game over")
    if state.final_seat >= 0:
        # turns left in the whole final phase: every seat has 3, counted from the trigger's left
        left = (data.FINAL_TURNS - state.final_rounds) * state.players
        left -= (state.active - state.final_seat - 1) % state.players
        # A plural, where the English reads the same: "1 left" and "2 left" agree differently elsewhere.
        return plural(
            "Final turns: {n} left; {scores}",
            "Final turns: {n} left; {scores}",
            left,
            scores=running_scores(state),
        )
    upcoming = state.scorings + 1
    return msg(
        "Next: Scoring {n} (scoring track {space}/8); {scores}",
        n=upcoming,
        space=state.marker,
        scores=running_scores(state),
    )


def running_scores(state: NipronState) -> Msg:
    """The VP so far, leader first: between two scorings some 40 turns pass, and the turn line is
    where the table sees the race (§6: VP come from scorings, contracts and factory bonuses)."""
    order = sorted(range(state.players), key=lambda seat: -state.zaibatsu[seat].vp)
    return msg(
        "VP so far: {scores}",
        scores=join(", ", [join(" ", [who(seat), str(state.zaibatsu[seat].vp)]) for seat in order]),
    )


def note(state: NipronState, seat: int) -> Msg:
    z = state.zaibatsu[seat]
    goods = sum(f.goods for f in z.factories)
    return msg(
        "You have {yen}, {coal}, {blueprints}, {goods}, {workers} and {vp} VP.",
        yen=words.yen(z.yen),
        coal=words.amount("coal", z.coal),
        blueprints=words.amount("bp", z.blueprints),
        goods=words.amount("goods", goods),
        workers=plural("{n} worker", "{n} workers", len(z.workers)),
        vp=z.vp,
    )


GAME = NipronGame()
