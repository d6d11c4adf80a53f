"""What a renderer draws: everything public (all of Nipron except the bag's order and the components
boxed unseen at setup, §0.2)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core.words import Said
from engine.nipron import data
from engine.nipron.rules import pending
from engine.nipron.rules.common import level
from engine.nipron.rules.transport import free_spaces
from engine.nipron.scoring import achievements_vp
from engine.nipron.state import NOBODY, NipronState


class FactoryView(BaseModel):
    tile: str
    good: str
    level: int
    coal: int
    storage: int
    goods: int
    machine: int


class PlayerView(BaseModel):
    seat: int
    colour: str
    vp: int
    yen: int
    coal: int
    blueprints: int
    steps: dict[str, int]
    levels: dict[str, int]
    trains_left: int
    ships_left: int
    machines: int
    factories: list[FactoryView]
    contracts: list[str]
    fulfilled: list[str]
    hand: list[int]
    workers: list[str]
    achievements: list[int]  # multiplier tile on each space, 0 = none
    achievements_if_now: list[int]  # what each space would score with the current position


class InfluenceSpaceView(BaseModel):
    code: str
    side: str
    good: str
    printed: int
    owner: int | None
    value: int


class CityView(BaseModel):
    city: int
    district: int
    tile: str
    rotation: int
    spaces: list[InfluenceSpaceView]


class DistrictView(BaseModel):
    district: int
    bonus: str
    trains: list[int]
    ships: list[int]
    free_spaces: int


class NipronView(BaseModel):
    players: int
    seat: int | None
    active: int | None
    phase: str
    prompt: Said
    marker: int
    scorings: int
    final_seat: int | None
    final_rounds: int
    turns: int
    spaces: list[list[str]]
    space_actions: list[list[Said]]
    rows: list[list[str]]
    bag: int
    refill_pending: bool
    supply: list[str]
    rewards: dict[str, dict[str, int]]
    multipliers: int
    cities: list[CityView]
    districts: list[DistrictView]
    zaibatsu: list[PlayerView]
    over: bool


def _colours(counts: list[int]) -> list[str]:
    return [data.COLOURS[c] for c, n in enumerate(counts) for _ in range(n)]


def build_view(state: NipronState, seat: int | None) -> NipronView:
    players = []
    for s, z in enumerate(state.zaibatsu):
        players.append(
            PlayerView(
                seat=s,
                colour=data.PLAYER_COLOURS[s],
                vp=z.vp,
                yen=z.yen,
                coal=z.coal,
                blueprints=z.blueprints,
                steps=dict(z.steps),
                levels={t: level(z, t) for t in data.TRACKS},
                trains_left=z.trains,
                ships_left=z.ships,
                machines=z.machines,
                factories=[
                    FactoryView(
                        tile=f.tile,
                        good=data.FACTORIES[f.tile].good,
                        level=data.FACTORIES[f.tile].level,
                        coal=data.FACTORIES[f.tile].coal,
                        storage=data.FACTORIES[f.tile].storage,
                        goods=f.goods,
                        machine=f.machine,
                    )
                    for f in z.factories
                ],
                contracts=list(z.contracts),
                fulfilled=list(z.fulfilled),
                hand=list(z.hand),
                workers=[data.COLOURS[c] for c in z.workers],
                achievements=list(z.achievements),
                achievements_if_now=achievements_vp(state, s),
            )
        )
    cities = []
    for c in range(data.CITIES):
        spaces = []
        for side in range(4):
            i = c * 4 + side
            spaces.append(
                InfluenceSpaceView(
                    code=f"C{c + 1}{data.SIDES[side]}",
                    side=data.SIDES[side],
                    good=data.side_good(state.cities[c], state.rotations[c], side),
                    printed=data.SIDE_VALUES[side],
                    owner=None if state.owners[i] == NOBODY else state.owners[i],
                    value=state.values[i],
                )
            )
        cities.append(
            CityView(
                city=c + 1,
                district=data.city_district(c) + 1,
                tile=state.cities[c],
                rotation=state.rotations[c],
                spaces=spaces,
            )
        )
    districts = [
        DistrictView(
            district=d + 1,
            bonus=f"{data.DISTRICT_BONUS[d][1]} {data.DISTRICT_BONUS[d][0]}",
            trains=list(state.trains[d]),
            ships=list(state.ships[d]),
            free_spaces=free_spaces(state, d),
        )
        for d in range(data.DISTRICTS)
    ]
    rewards = {
        f"{m}x": {b: state.rewards[i][j] for j, b in enumerate(data.REWARD_BONUSES)}
        for i, m in enumerate(data.MULTIPLIERS)
    }
    decision = pending(state)
    return NipronView(
        players=state.players,
        seat=seat,
        active=None if state.over else state.active,
        phase=state.phase,
        prompt=decision.prompt,
        marker=state.marker,
        scorings=state.scorings,
        final_seat=None if state.final_seat == NOBODY else state.final_seat,
        final_rounds=state.final_rounds,
        turns=state.turns,
        spaces=[_colours(s) for s in state.spaces],
        space_actions=[[data.ACTION_NAMES[n] for n in names] for names in data.ACTION_SPACES],
        rows=[_colours(r) for r in state.rows],
        bag=sum(state.bag),
        refill_pending=state.refill_pending,
        supply=list(state.supply),
        rewards=rewards,
        multipliers=state.multipliers,
        cities=cities,
        districts=districts,
        zaibatsu=players,
        over=state.over,
    )
