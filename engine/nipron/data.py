"""Nipron component tables (rules.md §2, §3, §7), each citing its section.

Sourced values ([S]/[E]/[I]) are written here; every placeholder ([P]) is read from
``engine.nipron.placeholders`` so that it can be swapped without touching the rules.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.words import Msg, msg
from engine.nipron import placeholders as P

# --- §1 / §2: goods, colours, counts -------------------------------------------------------------

GOODS: tuple[str, ...] = ("silk", "paper", "bento", "lenses", "clocks", "bulbs")  # §1 Good types [S]
GOOD_LEVEL: dict[str, int] = {"silk": 1, "paper": 1, "bento": 2, "lenses": 2, "clocks": 3, "bulbs": 3}
KNOWLEDGE_FOR_LEVEL: dict[int, int] = {1: 2, 2: 4, 3: 6}  # §7.3 [S]
COLOURS: tuple[str, ...] = P.WORKER_COLOURS  # §2 item 3, P17
# §1 player colours [S]; the seed lets players pick, the engine gives them in seat order.
PLAYER_COLOURS: tuple[str, ...] = ("yellow", "red", "purple", "blue")
WORKERS_PER_COLOUR = 8  # §2 [S]: 48 workers, 8 of each of 6 colours
WORKER_SPACES = 6  # §7.13 [S]
TRAINS_PER_PLAYER = 6  # §2 [S]
SHIPS_PER_PLAYER = 6  # §2 [S]
START_VP: tuple[int, ...] = (10, 11, 12, 13)  # §3.1 step 3 [S]
START_YEN = 12_000  # §3.1 step 5 [S]
START_COAL = 2  # §3.1 step 5 [S]
START_BLUEPRINTS = 1  # §3.1 step 2 [S]
MULTIPLIER_2X_TILES = 4  # §2 item 16 [S]

# --- §3.2 differences by player count --------------------------------------------------------------

WORKERS_REMOVED_PER_COLOUR: dict[int, int] = {4: 0, 3: 1, 2: 2}  # [S]
WORKER_ROWS: dict[int, tuple[int, int]] = {4: P.ROWS_4_PLAYERS, 3: (3, 3), 2: (2, 2)}  # rows × size
REWARDS_REMOVED_PER_COLUMN: dict[int, int] = {4: 0, 3: 1, 2: 2}  # [S]
TRANSPORT_SPACES: dict[int, int] = {4: 8, 3: 6, 2: 4}  # usable train/ship spaces per district [S]
CITY_MAX_TILES: dict[int, int] = {4: 4, 3: 3, 2: 2}  # influence tiles around one city [S]
SPACE_START_WORKERS = 3  # §7.1 [S]

# --- §7.1 action spaces ----------------------------------------------------------------------------

ACTION_SPACES: tuple[tuple[str, ...], ...] = (
    ("knowledge", "production"),  # space 1 [E4]
    ("export", "invest"),  # space 2 [E4]
    P.SPACE_3_ACTIONS,  # space 3 [P] P1
    P.SPACE_4_ACTIONS,  # space 4 [P] P1
    ("market",),  # space 5: Local Market only [S]
)
ACTION_NAMES: dict[str, Msg] = {
    "knowledge": msg("Knowledge"),
    "production": msg("Production"),
    "export": msg("Export"),
    "invest": msg("Invest"),
    "mines": msg("Mines"),
    "machines": msg("Machines"),
    "trains": msg("Trains"),
    "ships": msg("Ships"),
    "market": msg("Local Market"),
}


# --- §7.2 contracts --------------------------------------------------------------------------------


class Contract(NamedTuple):
    id: str
    need: tuple[int, ...]  # goods per different type, highest first
    reward_kind: str  # "yen" or "vp"
    reward: int
    money_steps: int


CONTRACTS: dict[str, Contract] = {
    cid: Contract(cid, tuple(sorted(need, reverse=True)), kind, amount, steps)
    for cid, (need, kind, amount, steps) in P.CONTRACTS.items()
}
CONTRACT_IDS: tuple[str, ...] = tuple(CONTRACTS)


# --- §7.3 factory tiles ----------------------------------------------------------------------------


class FactoryTile(NamedTuple):
    id: str
    good: str
    level: int
    coal: int
    storage: int
    synergy: tuple[tuple[str, ...], ...]


FACTORIES: dict[str, FactoryTile] = {
    tid: FactoryTile(tid, tid.split("_")[0].lower(), GOOD_LEVEL[tid.split("_")[0].lower()], coal, store, syn)
    for tid, (coal, store, syn) in P.FACTORY_TILES.items()
}
FACTORY_IDS: tuple[str, ...] = tuple(FACTORIES)

# --- §7.4 player-board tracks ----------------------------------------------------------------------

TRACKS: tuple[str, ...] = ("coal", "money", "knowledge")


def _levels(printed: tuple[int | None, ...]) -> tuple[int, ...]:
    """The level at a blank step is the nearest printed number below it [S][E10]."""
    out: list[int] = []
    for p in printed:
        out.append(p if p is not None else out[-1])
    return tuple(out)


COAL_LEVELS: tuple[int, ...] = _levels(P.COAL_PRINTED)
KNOWLEDGE_LEVELS: tuple[int, ...] = _levels(P.KNOWLEDGE_PRINTED)
MONEY_LEVELS: tuple[int, ...] = P.MONEY_INCOME
COAL_STARS: frozenset[int] = P.COAL_STARS  # P2
KNOWLEDGE_STARS: frozenset[int] = P.KNOWLEDGE_STARS  # P4
TRACK_TOP: dict[str, int] = {
    "coal": len(COAL_LEVELS) - 1,
    "money": len(MONEY_LEVELS) - 1,
    "knowledge": len(KNOWLEDGE_LEVELS) - 1,
}
TRACK_STEP_COST: dict[int, int] = {1: 1_000, 2: 3_000, 3: 6_000}  # §7.13 Knowledge / Mines [S][E4]
BLUEPRINT_TRADE = 3  # §4.2 [S]

# --- §7.5 city tiles and influence spaces ----------------------------------------------------------

CITY_TILES: dict[str, tuple[str, str, str, str]] = P.CITY_TILES  # P8
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
SIDE_VALUES: tuple[int, int, int, int] = P.SIDE_VALUES  # P9
CITIES = 8
DISTRICTS = 4


def side_good(tile: str, rotation: int, side: int) -> str:
    """The good facing board side ``side`` of a tile turned ``rotation`` quarter turns clockwise (§7.5)."""
    return CITY_TILES[tile][(side - rotation) % 4]


def city_district(city: int) -> int:
    """Cities C1–C8 (0-based 0–7) sit two per district D1–D4 (§7.9)."""
    return city // 2


# --- §7.6 influence tiles and table ----------------------------------------------------------------

INFLUENCE_TILES: tuple[int, ...] = P.INFLUENCE_TILES  # P10
INFLUENCE_TABLE: dict[str, tuple[int, int, int]] = {
    **P.INFLUENCE_TABLE,  # P21
    "clocks": (5, 6, 7),  # [S]
}
# paper with 3 cubes allows 3 [S]; the placeholder row agrees, and the sourced value wins.
INFLUENCE_TABLE["paper"] = (*INFLUENCE_TABLE["paper"][:2], 3)

# --- §7.7 Emperor's reward tiles -------------------------------------------------------------------

MULTIPLIERS: tuple[int, ...] = (2, 3, 4, 5)  # columns of the reward chart [S]
REWARD_BONUSES: tuple[str, ...] = ("bp", "coal", "yen")  # 2 blueprints, 2 coal, 5,000 yen [S]
REWARD_BONUS_AMOUNT: dict[str, int] = {"bp": 2, "coal": 2, "yen": 5_000}
REWARD_TILES_PER_STACK = P.REWARD_TILES_PER_STACK  # P19
REWARD_LEVEL_BY_WORKERS: dict[int, int] = {3: 2, 4: 3, 5: 4, 6: 5}  # §5 step 2 [I]

# --- §7.8 train and ship areas ---------------------------------------------------------------------

TRAIN_INFLUENCE = 2  # [S]
SHIP_VP = 2  # [S]
MONEY_ICONS: dict[str, frozenset[int]] = {"trains": P.TRAIN_MONEY_ICONS, "ships": P.SHIP_MONEY_ICONS}
AREA_STARS: dict[str, frozenset[int]] = {"trains": P.TRAIN_STARS, "ships": P.SHIP_STARS}
TRANSPORT_COST = 5_000  # §7.13 [S]

# --- §7.9 districts --------------------------------------------------------------------------------

DISTRICT_BONUS: tuple[tuple[str, int], ...] = P.DISTRICT_BONUS  # [S] set, [P] assignment P11

# --- §7.10 district scoring table ------------------------------------------------------------------

SCORING_VP: dict[int, tuple[int, int, int]] = {
    1: (10, 7, 5),  # [S]
    2: (P.SCORING_2_FIRST, 11, 8),  # 1st [P] P12, 2nd [I], 3rd [S]
    3: P.SCORING_3,  # [P] P12
}

# --- §7.11 achievement spaces ----------------------------------------------------------------------

ACHIEVEMENTS: tuple[str, ...] = ("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9")
ACHIEVEMENT_PRINTED: dict[str, int] = {"A2": 1, "A3": 1}  # printed 1x [E1] (A3's is [I])
ACHIEVEMENT_TEXT: dict[str, Msg] = {
    "A1": msg("1 VP per 2 fulfilled contracts"),
    "A2": msg("1 VP per ¥6,000 at the end"),
    "A3": msg("1 VP per knowledge star"),
    "A4": msg("1 VP per star above an empty ship space"),
    "A5": msg("1 VP per coal star"),
    "A6": msg("1 VP per star above an empty train space"),
    "A7": msg("1 VP per level-2 or level-3 factory"),
    "A8": msg("1 VP per factory with a +2 machine"),
    "A9": msg("1 VP per district with your influence"),
}

# --- §7.12 scoring track ---------------------------------------------------------------------------

TRACK_SPACES = 8  # [E3]
SCORING_AT: dict[int, int] = P.SCORING_AT  # P13
FIRST_GOLDEN = P.FIRST_GOLDEN  # P13
FINAL_TURNS = 3  # §4.8 [S]

# --- §7.13 fixed costs -----------------------------------------------------------------------------

INVEST_COST = 6_000  # [S]
MACHINE_COST = 5_000  # [S]
WORKFORCE_COST = 3_000  # per colour [S]
WORKFORCE_PENALTY_VP = 2  # per unpaid colour [S]
MAX_REPEATS = 3  # "1–3 times" [S]
VP_FLOOR = P.VP_FLOOR  # P20
MONEY_ACHIEVEMENT_YEN = 6_000  # A2 [E1]
