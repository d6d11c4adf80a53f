"""A tiny 2–4 player test game decided at the same time: every round each player bids 1 or 2, all at
once (the turn line says who is still deciding and is edited as players finish); the round ends when
the last bid is in (a checkpoint, so a summary); after three rounds the highest total wins. Long
pauses in a thread (tests/e2e/test_idle_threads.py) play it to the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from engine.core import (
    Decision,
    Event,
    FirstLegal,
    GameOver,
    GameState,
    Glance,
    Guide,
    InvalidAction,
    InvalidOptions,
    NotYourTurn,
    Player,
    Rng,
    ScoreLine,
    ScoreSheet,
    Step,
    Topic,
    checkpoint,
    dump_state,
    load_state,
)

ROUNDS = 3
BIDS = ("bid 1", "bid 2")

GUIDE = Guide(
    blurb="Rounds (test game): 2-4 players each bid 1 or 2 at the same time, three rounds; most wins.",
    topics={"turn": Topic(title="Your turn", body="Bid 1 or 2 (rd-1).")},
    help="Rounds: `/game play action:` with `bid 1` or `bid 2`.",
)


class RoundsState(GameState):
    round: int = 1
    bids: list[int | None] = Field(default_factory=list)
    totals: list[int] = Field(default_factory=list)


class RoundsView(BaseModel):
    round: int
    totals: list[int]


class RoundsGame:
    name = "rounds"
    title = "Rounds (test game)"
    min_players = 2
    max_players = 4
    guide = GUIDE
    ai_levels: tuple[str, ...] = ("first",)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> RoundsState:
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions("Rounds is played by 2-4 players.")
        return RoundsState(players=players, rng=Rng(seed=seed), bids=[None] * players, totals=[0] * players)

    def _over(self, state: RoundsState) -> bool:
        return state.round > ROUNDS

    def pending(self, state: RoundsState) -> Decision:
        if self._over(state):
            return Decision(seats=[], kind="over", prompt="The rounds are over.", finished=True)
        waiting = [s for s, bid in enumerate(state.bids) if bid is None]
        return Decision(seats=waiting, kind="bid", prompt=f"round {state.round}: bid 1 or 2")

    def legal_actions(self, state: RoundsState, seat: int) -> list[str]:
        if self._over(state) or state.bids[seat] is not None:
            return []
        return list(BIDS)

    def apply(self, state: RoundsState, seat: int, action: str) -> Step[RoundsState]:
        if self._over(state):
            raise GameOver("The rounds are over.")
        if state.bids[seat] is not None:
            raise NotYourTurn("You have bid this round.", rule="rd-1")
        new = state.model_copy(deep=True)
        new.bids[seat] = int(action.split()[1])
        events = [Event(kind="bid", text=f"{{p{seat}}} bid.", seat=seat, headline=True)]
        if all(bid is not None for bid in new.bids):
            new.totals = [t + (b or 0) for t, b in zip(new.totals, new.bids, strict=True)]
            events.append(checkpoint(f"round-{new.round}", f"Round {new.round} is over"))
            new.round += 1
            new.bids = [None] * new.players
        return Step(state=new, events=events)

    def view(self, state: RoundsState, seat: int | None) -> RoundsView:
        return RoundsView(round=state.round, totals=list(state.totals))

    def score(self, state: RoundsState) -> ScoreSheet:
        lines = [
            ScoreLine(seat=s, name=f"Seat {s + 1}", categories={"bids": t}, total=t)
            for s, t in enumerate(state.totals)
        ]
        best = max(state.totals)
        winners = [s for s, t in enumerate(state.totals) if t == best] if self._over(state) else []
        return ScoreSheet(final=self._over(state), lines=lines, winners=winners)

    def glance(self, state: RoundsState, seat: int | None) -> Glance:
        return Glance(stage=f"round {min(state.round, ROUNDS)}", note="")

    def ai(self, seed: int, level: str | None = None) -> Player:
        return FirstLegal()

    def parse_action(self, text: str) -> str:
        if text in BIDS:
            return text
        raise InvalidAction(f"{text!r} is not a bid (bid 1 or bid 2).")

    def format_action(self, action: str) -> str:
        return action

    def describe_action(self, state: RoundsState, seat: int, action: str) -> str:
        return action.capitalize()

    def dump_state(self, state: RoundsState) -> str:
        return dump_state(state)

    def load_state(self, text: str) -> RoundsState:
        return load_state(RoundsState, text)


GAME = RoundsGame()
