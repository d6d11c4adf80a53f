"""A tiny 2–4 player test game for the lobby and sessions (the race game seats exactly 2).

A shared counter starts at 9; players take turns in seat order, each taking 1 or 2 (or drawing a
seeded random 1–2); whoever takes the counter to 0 wins. ``GAME`` (``COUNTDOWN``) is what the bot
loads when this module is named in ``GAME_MODULES``; ``WIDE_COUNTDOWN`` is a variant with many choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from engine.core import (
    Decision,
    Event,
    FirstLegal,
    GameState,
    Glance,
    Guide,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    Player,
    Rng,
    ScoreLine,
    ScoreSheet,
    Step,
    Topic,
    check_turn,
    dump_state,
    load_state,
)

START = 9

GUIDE = Guide(
    blurb="Countdown (test game): 2-4 players take turns to take from a counter; who takes it to 0 wins.",
    topics={
        "turn": Topic(
            title="Your turn",
            body="Take 1 or 2 (cd-3), never more than is left (cd-2), or draw 1-2 at random.",
        )
    },
    help="Countdown: `/game play action:` with `take N` or `draw`.",
)


class CountdownState(GameState):
    counter: int = START
    turn: int = 0
    winner: int | None = None


class CountdownView(BaseModel):
    counter: int
    turn: int


class CountdownGame:
    min_players = 2
    max_players = 4
    guide = GUIDE
    ai_levels: tuple[str, ...] = ("first",)

    def __init__(
        self,
        name: str = "countdown",
        title: str = "Countdown (test game)",
        *,
        max_take: int = 2,
        start: int = START,
    ) -> None:
        # A wide variant (many "take N" choices) exercises the select menus of the turn view.
        self.name, self.title, self.max_take, self.start = name, title, max_take, start

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> CountdownState:
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions("Countdown is played by 2-4 players.")
        start = int((options or {}).get("start", self.start))
        return CountdownState(players=players, rng=Rng(seed=seed), counter=start)

    def pending(self, state: CountdownState) -> Decision:
        if state.winner is not None:
            return Decision(seats=[], kind="over", prompt="The countdown is over.", finished=True)
        return Decision(
            seats=[state.turn], kind="take", prompt=f"the counter is {state.counter}; take 1 or 2"
        )

    def legal_actions(self, state: CountdownState, seat: int) -> list[str]:
        if state.winner is not None or seat != state.turn:
            return []
        takes = [f"take {n}" for n in range(1, min(self.max_take, state.counter) + 1)]
        return [*takes, "draw"]

    def apply(self, state: CountdownState, seat: int, action: str) -> Step[CountdownState]:
        check_turn(self, state, seat)
        new = state.model_copy(deep=True)
        amount = min(new.rng.below(2) + 1, new.counter) if action == "draw" else int(action.split()[1])
        if amount > new.counter:
            raise IllegalAction("You cannot take more than is left.", rule="cd-2")
        if not 1 <= amount <= self.max_take:
            raise IllegalAction(f"You may take 1 to {self.max_take}.", rule="cd-3")
        new.counter -= amount
        if new.counter == 0:
            new.winner = seat
        new.turn = (seat + 1) % new.players
        # The game owns the barrier: a draw uses randomness, and the turn passes to the next seat.
        barrier = action == "draw" or seat not in self.pending(new).seats
        return Step(
            state=new,
            events=[Event(kind="take", text=f"Seat {seat + 1} took {amount}.", seat=seat)],
            barrier=barrier,
        )

    def view(self, state: CountdownState, seat: int | None) -> CountdownView:
        return CountdownView(counter=state.counter, turn=state.turn)

    def score(self, state: CountdownState) -> ScoreSheet:
        lines = [
            ScoreLine(
                seat=i,
                name=f"Seat {i + 1}",
                categories={"won": int(state.winner == i)},
                total=int(state.winner == i),
            )
            for i in range(state.players)
        ]
        return ScoreSheet(
            final=state.winner is not None,
            lines=lines,
            winners=[] if state.winner is None else [state.winner],
        )

    def glance(self, state: CountdownState, seat: int | None) -> Glance:
        return Glance(stage=f"counter {state.counter}", note="")

    def ai(self, seed: int, level: str | None = None) -> Player:
        if (level or self.ai_levels[0]) not in self.ai_levels:
            raise InvalidOptions(f"Countdown has no AI level {level!r}.")
        return FirstLegal()

    def parse_action(self, text: str) -> str:
        words = text.split()
        if text == "draw" or (len(words) == 2 and words[0] == "take" and words[1].isdigit()):
            return text
        raise InvalidAction(f"{text!r} is not a countdown action (take N or draw).")

    def format_action(self, action: str) -> str:
        return action

    def describe_action(self, state: CountdownState, seat: int, action: str) -> str:
        return "Draw 1-2 at random" if action == "draw" else action.capitalize()

    def dump_state(self, state: CountdownState) -> str:
        return dump_state(state)

    def load_state(self, text: str) -> CountdownState:
        return load_state(CountdownState, text)


COUNTDOWN = CountdownGame()
WIDE_COUNTDOWN = CountdownGame("wide", "Wide countdown (test game)", max_take=30, start=100)
GAME = COUNTDOWN
