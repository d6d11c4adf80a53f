"""The Nipron game state.

Model (plain ints, strings and short lists, so that ``clone`` is cheap and JSON stays small):

- ``Zaibatsu`` is one player's board and supplies: budget (yen, coal), blueprints as one value
  (§0.2), VP and where they came from, the three track steps (§7.4), train and ship tiles still on
  the board, personal machine supply, factories, face-up and face-down contracts, influence tiles in
  hand, workers held (colour indexes, left to right) and the multiplier on each achievement space
  (0 = no tile).
- ``NipronState`` is the shared table: action spaces, worker rows and the bag as colour counts
  (the bag's order does not exist until a draw, so nothing hidden is stored), city tiles, influence
  spaces (owner and value per city side), trains and ships per district and seat, the factory
  supply, the reward chart, the scoring marker, and the progress of the current turn (``phase`` and
  its working fields).

Phases (who decides is always ``active``):

- ``turn``: choose a worker (``take``), ``consolidate`` or a blueprint trade (§4.1, §4.2);
- ``action``: the worker is taken; choose one of its space's actions (its first repetition);
- ``more``: the action is under way or done; repeat it, trade, or ``end`` the turn;
- ``give``: Export, choose the good type for the next cube of the contract;
- ``place``: Local Market, choose tile value and space for the cubes just chosen;
- ``bump``: Local Market on a full city, choose which lowest tile leaves;
- ``machine``: Machines, choose the factory for the next improvement;
- ``budget`` / ``reward`` / ``achieve`` / ``workforce``: the consolidation steps (§5);
- ``over``: the game has ended.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.core.fast import trusted

NOBODY = -1


class Factory(BaseModel):
    """A factory tile in front of a player: goods in storage and its machine (0, +1 or +2)."""

    tile: str
    goods: int = 0
    machine: int = 0

    def clone(self) -> Factory:
        return trusted(Factory, dict(self.__dict__), self.__pydantic_fields_set__)


class Zaibatsu(BaseModel):
    yen: int
    coal: int
    blueprints: int
    vp: int
    vp_by: dict[str, int] = Field(default_factory=dict)
    steps: dict[str, int] = Field(default_factory=lambda: {"coal": 0, "money": 0, "knowledge": 0})
    trains: int = 6
    ships: int = 6
    machines: int = 0
    factories: list[Factory] = Field(default_factory=list)
    contracts: list[str] = Field(default_factory=list)
    fulfilled: list[str] = Field(default_factory=list)
    hand: list[int] = Field(default_factory=list)
    workers: list[int] = Field(default_factory=list)
    achievements: list[int] = Field(default_factory=lambda: [0] * 9)

    def clone(self) -> Zaibatsu:
        d = dict(self.__dict__)
        d["vp_by"] = dict(self.vp_by)
        d["steps"] = dict(self.steps)
        d["factories"] = [f.clone() for f in self.factories]
        for key in ("contracts", "fulfilled", "hand", "workers", "achievements"):
            d[key] = list(d[key])
        return trusted(Zaibatsu, d, self.__pydantic_fields_set__)

    def factory(self, good: str) -> Factory | None:
        for f in self.factories:
            if f.tile.split("_")[0].lower() == good:
                return f
        return None


class NipronState(GameState):
    first: int = 0
    zaibatsu: list[Zaibatsu]
    bag: list[int]  # workers per colour
    spaces: list[list[int]]  # 5 action spaces × colour counts
    rows: list[list[int]]  # worker rows × colour counts (row 1 first)
    row_size: int
    cities: list[str]  # city tile on C1..C8
    rotations: list[int]
    boxed_city: str  # the 9th tile, unseen (§3.1 step 9)
    owners: list[int]  # 32 influence spaces (city * 4 + side): seat or NOBODY
    values: list[int]  # tile value on each influence space (0 when empty)
    trains: list[list[int]]  # district × seat
    ships: list[list[int]]  # district × seat
    supply: list[str]  # factory tiles not yet built
    rewards: list[list[int]]  # multiplier column (2x..5x) × bonus row (bp, coal, yen): tiles left
    boxed_rewards: list[list[int]]  # removed at setup, unseen (§3.1 step 8b)
    rewards_taken: int = 0  # reward tiles players have taken (on achievement spaces or discarded)
    multipliers: int = 4  # 2x multiplier tiles beside the board
    marker: int = 1
    refill_pending: bool = False
    scorings: int = 0
    final_seat: int = NOBODY  # T, the player whose turn started the final phase (§4.8)
    final_rounds: int = 0
    active: int = 0
    turns: int = 0  # completed turns
    last_seat: int = NOBODY  # who took the last completed turn (tie-breaker §6.4)
    phase: str = "turn"
    # working fields of the current turn
    space: int = -1  # action space the worker came from (0-based)
    announce: str = ""  # the worker taken, "3 blue" (space, colour), told with the action's first event
    act: str = ""  # the action chosen
    reps: int = 0  # repetitions done
    used: list[str] = Field(default_factory=list)  # factories run, districts built in this action
    todo: int = 0  # Machines: improvements still to place
    district: int = -1  # Local Market: the district of this action
    good: str = ""  # Local Market / Export: the good chosen for the step under way
    cubes: int = 0  # Local Market: cubes chosen
    contract: str = ""  # Export: contract being fulfilled
    given: list[str] = Field(default_factory=list)  # Export: good chosen for each cube so far
    bump_space: int = -1  # Local Market on a full city: the empty space being taken
    reward_mult: int = 0  # Emperor's reward just taken, waiting for its achievement space
    over: bool = False

    def clone(self) -> NipronState:
        d = dict(self.__dict__)
        d["rng"] = self.rng.model_copy()
        d["zaibatsu"] = [z.clone() for z in self.zaibatsu]
        for key in ("bag", "cities", "rotations", "owners", "values", "supply", "used", "given"):
            d[key] = list(d[key])
        for key in ("spaces", "rows", "trains", "ships", "rewards", "boxed_rewards"):
            d[key] = [list(x) for x in d[key]]
        return trusted(NipronState, d, self.__pydantic_fields_set__)
