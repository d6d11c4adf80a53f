"""Setup (rules.md §3.1 steps 1–12, with §3.2's player-count differences), drawn from the state's Rng."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import InvalidOptions, Rng
from engine.core.words import msg
from engine.nipron import data
from engine.nipron.rules.refill import draw
from engine.nipron.state import NOBODY, NipronState, Zaibatsu

FIRST_CHOICES: tuple[str, ...] = ("random", "1", "2", "3", "4")


def read_options(players: int, options: Mapping[str, Any] | None) -> dict[str, str]:
    if not 2 <= players <= 4:
        raise InvalidOptions(msg("Nipron is played by 2 to 4 players."))
    out = {"first": "random"}
    for key, value in (options or {}).items():
        if key != "first":
            raise InvalidOptions(msg("Unknown Nipron option “{key}” (known: first).", key=key))
        text = str(value).lower()
        if text not in FIRST_CHOICES or (text != "random" and int(text) > players):
            raise InvalidOptions(msg("Option first must be random or a seat from 1 to {n}.", n=players))
        out[key] = text
    return out


def new_state(players: int, seed: int, options: Mapping[str, Any] | None = None) -> NipronState:
    opts = read_options(players, options)
    rng = Rng(seed=seed)
    # §3.1 step 3: the seed only says "choose a first player"; the engine draws one unless the table
    # names one. Seats then play clockwise (seat order) from that player.
    first = rng.below(players) if opts["first"] == "random" else int(opts["first"]) - 1
    zaibatsu = []
    for seat in range(players):
        place = (seat - first) % players  # 0 for the first player: starting VP 10/11/12/13 [S]
        vp = data.START_VP[place]
        zaibatsu.append(
            Zaibatsu(
                yen=data.START_YEN,
                coal=data.START_COAL,
                blueprints=data.START_BLUEPRINTS,
                vp=vp,
                vp_by={"start": vp},
                trains=data.TRAINS_PER_PLAYER,
                ships=data.SHIPS_PER_PLAYER,
                contracts=list(data.CONTRACT_IDS),
                hand=list(data.INFLUENCE_TILES),
            )
        )
    # §3.1 step 8: reward stacks by multiplier × bonus; with 3 / 2 players remove 1 / 2 random tiles
    # from each multiplier column, unseen.
    rewards = [[data.REWARD_TILES_PER_STACK] * len(data.REWARD_BONUSES) for _ in data.MULTIPLIERS]
    boxed = [[0] * len(data.REWARD_BONUSES) for _ in data.MULTIPLIERS]
    for col in range(len(data.MULTIPLIERS)):
        for _ in range(data.REWARDS_REMOVED_PER_COLUMN[players]):
            column = [b for b, n in enumerate(rewards[col]) for _ in range(n)]
            b = column[rng.below(len(column))]
            rewards[col][b] -= 1
            boxed[col][b] += 1
    # §3.1 step 9: shuffle the 9 city tiles, one per city space in a random orientation, 9th boxed.
    tiles = rng.shuffled(list(data.CITY_TILES))
    rotations = [rng.below(4) for _ in range(data.CITIES)]
    # §3.1 step 10: the bag, less 1 / 2 workers of each colour with 3 / 2 players.
    per_colour = data.WORKERS_PER_COLOUR - data.WORKERS_REMOVED_PER_COLOUR[players]
    bag = [per_colour] * len(data.COLOURS)
    # §3.1 step 11: 3 workers on each action space, then the rows (rows × size by player count).
    n_rows, size = data.WORKER_ROWS[players]
    spaces = [[0] * len(data.COLOURS) for _ in data.ACTION_SPACES]
    for space in spaces:
        for _ in range(data.SPACE_START_WORKERS):
            space[draw(bag, rng)] += 1
    rows = [[0] * len(data.COLOURS) for _ in range(n_rows)]
    for row in rows:
        for _ in range(size):
            row[draw(bag, rng)] += 1
    return NipronState(
        players=players,
        rng=rng,
        first=first,
        zaibatsu=zaibatsu,
        bag=bag,
        spaces=spaces,
        rows=rows,
        row_size=size,
        cities=tiles[: data.CITIES],
        rotations=rotations,
        boxed_city=tiles[data.CITIES],
        owners=[NOBODY] * (data.CITIES * 4),
        values=[0] * (data.CITIES * 4),
        trains=[[0] * players for _ in range(data.DISTRICTS)],
        ships=[[0] * players for _ in range(data.DISTRICTS)],
        supply=list(data.FACTORY_IDS),
        rewards=rewards,
        boxed_rewards=boxed,
        multipliers=data.MULTIPLIER_2X_TILES,
        active=first,
    )
