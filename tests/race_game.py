"""A tiny two-player race game, used only by the tests (``GAME``; the bot finds it by module name).

It exercises the engine core and the bot flow through the same seam as a real game: players
alternate, each either steps 1 or 2 spaces or rolls a die (seeded randomness); the first to reach
space 10 wins. Every 4 moves close a "lap", a checkpoint, so summaries are tested without Carnegie.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

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
    checkpoint,
    dump_state,
    load_state,
)

GOAL = 10
LAP = 4  # moves (both seats together) per lap: a checkpoint each time the total reaches a multiple

GUIDE = Guide(
    blurb="Race (test game): two players take turns to step 1 or 2 spaces or roll a die; first to 10 wins.",
    topics={
        "goal": Topic(
            title="Goal",
            body="Reach space 10 first. Each turn: step 1, step 2, or roll the die for 1-3 spaces (race-2).",
        )
    },
    help="Race: `/game play action:` with `step 1`, `step 2` or `roll`.",
)


class StepAction(BaseModel):
    kind: Literal["step"] = "step"
    spaces: int


class RollAction(BaseModel):
    kind: Literal["roll"] = "roll"


RaceAction = Annotated[StepAction | RollAction, Field(discriminator="kind")]
_ACTION = TypeAdapter(RaceAction)


class RaceState(GameState):
    positions: list[int]
    turn: int = 0
    moves: int = 0


class RaceView(BaseModel):
    positions: list[int]
    turn: int
    finished: bool


class RaceGame:
    name = "race"
    title = "Race (test game)"
    min_players = 2
    max_players = 2
    guide = GUIDE
    ai_levels: tuple[str, ...] = ("first",)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> RaceState:
        if players != 2:
            raise InvalidOptions("Race is played by exactly 2 players.")
        return RaceState(players=players, rng=Rng(seed=seed), positions=[0, 0])

    def _over(self, state: RaceState) -> bool:
        return max(state.positions) >= GOAL

    def pending(self, state: RaceState) -> Decision:
        if self._over(state):
            return Decision(seats=[], kind="over", prompt="The race is over.", finished=True)
        return Decision(seats=[state.turn], kind="move", prompt="step 1, step 2 or roll")

    def legal_actions(self, state: RaceState, seat: int) -> list[StepAction | RollAction]:
        if self._over(state) or seat != state.turn:
            return []
        return [StepAction(spaces=1), StepAction(spaces=2), RollAction()]

    def apply(self, state: RaceState, seat: int, action: StepAction | RollAction) -> Step[RaceState]:
        check_turn(self, state, seat)
        new = state.model_copy(deep=True)
        if isinstance(action, RollAction):
            spaces = new.rng.below(3) + 1
            text = f"{{p{seat}}} rolled {spaces}."
        else:
            if action.spaces not in (1, 2):
                raise IllegalAction("You may step 1 or 2 spaces.", rule="race-2")
            spaces = action.spaces
            text = f"{{p{seat}}} stepped {spaces}."
        new.positions[seat] += spaces
        new.turn = 1 - seat
        new.moves += 1
        events = [Event(kind="move", text=text, seat=seat, data={"spaces": spaces}, headline=True)]
        if new.moves % LAP == 0:
            lap = new.moves // LAP
            events.append(checkpoint(f"lap-{lap}", f"Lap {lap} is over"))
        # The game owns the barrier: a die roll draws randomness, and the turn passes to the other seat.
        barrier = isinstance(action, RollAction) or seat not in self.pending(new).seats
        return Step(state=new, events=events, barrier=barrier)

    def view(self, state: RaceState, seat: int | None) -> RaceView:
        return RaceView(positions=list(state.positions), turn=state.turn, finished=self._over(state))

    def score(self, state: RaceState) -> ScoreSheet:
        lines = [
            ScoreLine(seat=i, name=f"Seat {i + 1}", categories={"position": p}, total=p)
            for i, p in enumerate(state.positions)
        ]
        best = max(state.positions)
        return ScoreSheet(
            final=self._over(state),
            lines=lines,
            winners=[i for i, p in enumerate(state.positions) if p == best],
        )

    def glance(self, state: RaceState, seat: int | None) -> Glance:
        return Glance(stage=f"move {state.moves + 1}" if not self._over(state) else "finished", note="")

    def ai(self, seed: int, level: str | None = None) -> Player:
        if (level or self.ai_levels[0]) not in self.ai_levels:
            raise InvalidOptions(f"Race has no AI level {level!r}.")
        return FirstLegal()

    def parse_action(self, text: str) -> StepAction | RollAction:
        words = text.split()
        if words == ["roll"]:
            return RollAction()
        if len(words) == 2 and words[0] == "step" and words[1].isdigit():
            return StepAction(spaces=int(words[1]))
        raise InvalidAction(f"{text!r} is not a race action (try 'step 1', 'step 2' or 'roll').")

    def format_action(self, action: StepAction | RollAction) -> str:
        return "roll" if isinstance(action, RollAction) else f"step {action.spaces}"

    def describe_action(self, state: RaceState, seat: int, action: StepAction | RollAction) -> str:
        return "Roll the die (1-3)" if isinstance(action, RollAction) else f"Step {action.spaces}"

    def dump_state(self, state: RaceState) -> str:
        return dump_state(state)

    def load_state(self, text: str) -> RaceState:
        return load_state(RaceState, text)


RACE = RaceGame()
GAME = RACE


def parse_any(data: object) -> StepAction | RollAction:
    return _ACTION.validate_python(data)
