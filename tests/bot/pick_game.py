"""A test game whose simultaneous phase changes one seat's choices when another seat acts: two
players each pick one prize at the same time, and a prize taken is gone for the other. Its action
texts are long, so panel buttons carry a choice's index instead (``bot/on_discord/views/ids.py``): the game
that shows an old index read against a newer list of choices (issue 17, finding 11). Its hesitant bot
decides only when a test says so, so that a person can move while the bot thinks."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
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
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    NotYourTurn,
    Player,
    Rng,
    ScoreLine,
    ScoreSheet,
    Step,
    Topic,
    dump_state,
    load_state,
)

PRIZES = ("apple", "pear", "plum")
HESITATE = "PICK_GAME_HESITATE"
# Long enough that "br:a:<game>:<version>:<seat>:<action>" passes Discord's 100 characters.
FROM = " from the long table of prizes at the far end of the great hall, next to the window"

GUIDE = Guide(
    blurb="Pick (test game): two players each pick a prize at the same time; a prize taken is gone.",
    topics={"turn": Topic(title="Your turn", body="Pick one of the prizes still on the table (pk-1).")},
    help="Pick: `/game play action:` with `pick the apple …`.",
)


def _nothing_picked() -> list[str | None]:
    return [None, None]


class PickState(GameState):
    picked: list[str | None] = Field(default_factory=_nothing_picked)


class PickView(BaseModel):
    picked: list[str | None]


def action(prize: str) -> str:
    return f"pick the {prize}{FROM}"


class PickGame:
    name = "pick"
    title = "Pick (test game)"
    min_players = 2
    max_players = 2
    guide = GUIDE
    ai_levels: tuple[str, ...] = ("first", "hesitant")

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> PickState:
        if players != 2:
            raise InvalidOptions("Pick is played by 2 players.")
        return PickState(players=players, rng=Rng(seed=seed))

    def pending(self, state: PickState) -> Decision:
        waiting = [s for s, prize in enumerate(state.picked) if prize is None]
        if not waiting:
            return Decision(seats=[], kind="over", prompt="Every prize is taken.", finished=True)
        return Decision(seats=waiting, kind="pick", prompt="pick a prize")

    def legal_actions(self, state: PickState, seat: int) -> list[str]:
        if state.picked[seat] is not None:
            return []
        return [action(p) for p in PRIZES if p not in state.picked]

    def apply(self, state: PickState, seat: int, act: str) -> Step[PickState]:
        if not any(p is None for p in state.picked):
            raise GameOver("Every prize is taken.")
        if state.picked[seat] is not None:
            raise NotYourTurn("You have picked already.", rule="pk-1")
        prize = act.split()[2]
        if prize in state.picked:
            raise IllegalAction("That prize is taken.", rule="pk-1")
        new = state.model_copy(deep=True)
        new.picked[seat] = prize
        return Step(
            state=new, events=[Event(kind="pick", text=f"Seat {seat + 1} took the {prize}.", seat=seat)]
        )

    def view(self, state: PickState, seat: int | None) -> PickView:
        return PickView(picked=list(state.picked))

    def score(self, state: PickState) -> ScoreSheet:
        lines = [
            ScoreLine(
                seat=s,
                name=f"Seat {s + 1}",
                categories={"prizes": int(p is not None)},
                total=int(p is not None),
            )
            for s, p in enumerate(state.picked)
        ]
        return ScoreSheet(final=all(p is not None for p in state.picked), lines=lines, winners=[])

    def glance(self, state: PickState, seat: int | None) -> Glance:
        return Glance(stage="picking", note="")

    def ai(self, seed: int, level: str | None = None) -> Player:
        return Hesitant() if level == "hesitant" else FirstLegal()

    def parse_action(self, text: str) -> str:
        if text in {action(p) for p in PRIZES}:
            return text
        raise InvalidAction(f"{text!r} is not a prize to pick.")

    def format_action(self, act: str) -> str:
        return act

    def describe_action(self, state: PickState, seat: int, act: str) -> str:
        return f"Pick the {act.split()[2]}"

    def dump_state(self, state: PickState) -> str:
        return dump_state(state)

    def load_state(self, text: str) -> PickState:
        return load_state(PickState, text)


class Hesitant(FirstLegal):
    """The first legal prize, chosen once the test says go: it writes ``thinking`` into the folder
    ``HESITATE`` names and waits for ``go`` there, so that a test can move while the bot thinks. It runs
    in the bot's worker process, so the folder comes through the environment."""

    def choose(self, game: Any, state: Any, seat: int, actions: Sequence[Any]) -> Any:
        folder = Path(os.environ[HESITATE])
        (folder / "thinking").touch()
        deadline = time.monotonic() + 60
        while not (folder / "go").exists():
            if time.monotonic() > deadline:
                raise TimeoutError("nobody said go")
            time.sleep(0.01)
        return super().choose(game, state, seat, actions)


GAME = PickGame()
