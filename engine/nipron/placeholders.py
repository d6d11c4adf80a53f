"""PLACEHOLDER VALUES (rules.md §8, P1–P21): proposals, not the printed components.

Every value here is tagged [P] in the spec: no source we could find gives it. They are chosen so
that the game is playable and balanced, and they must be replaced when the printed components can
be checked. Nothing else in the engine hard-codes any of them: ``data.py`` reads them from here, and
``PLACEHOLDER_IDS`` lists which P id each name below stands for (a test checks P1–P21 are all here).
"""

from __future__ import annotations

# P1 — actions on action spaces 3 and 4 (spaces 1, 2 and 5 are sourced, see data.ACTION_SPACES).
SPACE_3_ACTIONS: tuple[str, ...] = ("mines", "machines")
SPACE_4_ACTIONS: tuple[str, ...] = ("trains", "ships")

# P2 — coal track: printed level per step (None = blank step) and star steps (rules §7.4).
COAL_PRINTED: tuple[int | None, ...] = (2, None, 3, None, 4, None, 5, 6, 7, 8)
COAL_STARS: frozenset[int] = frozenset({4, 7, 9})

# P3 — money track: yen income per step, 12,000 → 25,000 in steps of 1,000.
MONEY_INCOME: tuple[int, ...] = tuple(12_000 + 1_000 * i for i in range(14))

# P4 — knowledge track: printed level per step (None = blank) and star steps.
KNOWLEDGE_PRINTED: tuple[int | None, ...] = (1, 2, 3, None, 4, None, 5, None, 6, 7, 8)
KNOWLEDGE_STARS: frozenset[int] = frozenset({4, 8, 10})

# P5 — contracts: id -> (requirement counts, reward kind "yen"/"vp", reward amount, money steps).
# The [2,1] requirement pattern is sourced (seed example); everything else is a proposal.
CONTRACTS: dict[str, tuple[tuple[int, ...], str, int, int]] = {
    "K1": ((2,), "yen", 4_000, 0),
    "K2": ((3,), "vp", 3, 0),
    "K3": ((1, 1), "yen", 3_000, 1),
    "K4": ((2, 1), "vp", 2, 1),
    "K5": ((2, 2), "yen", 5_000, 2),
    "K6": ((1, 1, 1), "vp", 4, 1),
    "K7": ((3, 2), "vp", 5, 2),
    "K8": ((2, 2, 1), "yen", 6_000, 3),
}

# P6 — factory tiles: id -> (coal to run, storage, synergy bonus). SILK_A's coal 2 / storage 4
# are sourced (seed production example) and PAPER_A's knowledge star is [E1]; the rest is [P].
# A synergy bonus is a tuple of effects (code, *args), codes as in rules §7.3.
FACTORY_TILES: dict[str, tuple[int, int, tuple[tuple[str, ...], ...]]] = {
    "SILK_A": (2, 4, (("STEP", "money", "1"),)),
    "SILK_B": (2, 5, (("BP", "2"),)),
    "SILK_C": (1, 4, (("YEN", "5000"),)),
    "SILK_D": (1, 3, (("COAL", "2"),)),
    "PAPER_A": (2, 4, (("STAR", "knowledge"),)),
    "PAPER_B": (2, 5, (("STEP", "knowledge", "1"),)),
    "PAPER_C": (1, 4, (("STEP", "coal", "1"),)),
    "PAPER_D": (1, 3, (("VP", "2"),)),
    "BENTO_A": (3, 4, (("STEP", "coal", "2"),)),
    "BENTO_B": (3, 5, (("MACH", "1"),)),
    "BENTO_C": (2, 4, (("VP", "3"),)),
    "BENTO_D": (2, 3, (("GOODS", "2"),)),
    "LENSES_A": (3, 4, (("STEP", "knowledge", "2"),)),
    "LENSES_B": (3, 5, (("BP", "3"),)),
    "LENSES_C": (2, 4, (("YEN", "7000"),)),
    "LENSES_D": (2, 3, (("VP_PER", "any_factory", "1"),)),
    "CLOCKS_A": (4, 4, (("STEP", "money", "2"),)),
    "CLOCKS_B": (4, 5, (("VP", "5"),)),
    "CLOCKS_C": (3, 4, (("MACH", "2"),)),
    "CLOCKS_D": (3, 3, (("VP_PER", "level_2_or_3_factory", "2"),)),
    "BULBS_A": (4, 4, (("STEP", "coal", "1"), ("STEP", "money", "1"), ("STEP", "knowledge", "1"))),
    "BULBS_B": (4, 5, (("YEN", "10000"),)),
    "BULBS_C": (3, 4, (("GOODS", "3"),)),
    "BULBS_D": (3, 3, (("VP", "3"), ("STAR", "coal"))),
}

# P7 — when synergy bonuses apply: once, when the factory is built; STAR effects are ongoing.
SYNERGY_ONCE_ON_BUILD = True
SYNERGY_ONGOING_CODES: frozenset[str] = frozenset({"STAR"})

# P8 — the 9 city tiles, sides (N, E, S, W) in the tile's own frame. T3 is the seed's example.
CITY_TILES: dict[str, tuple[str, str, str, str]] = {
    "T1": ("paper", "lenses", "clocks", "bulbs"),
    "T2": ("bento", "paper", "bulbs", "lenses"),
    "T3": ("silk", "paper", "lenses", "bulbs"),
    "T4": ("silk", "clocks", "bento", "bulbs"),
    "T5": ("lenses", "silk", "clocks", "bento"),
    "T6": ("clocks", "paper", "silk", "bento"),
    "T7": ("bento", "bulbs", "lenses", "clocks"),
    "T8": ("bulbs", "silk", "paper", "clocks"),
    "T9": ("paper", "bento", "silk", "lenses"),
}

# P9 — printed influence value beside each board side of every city: N 3, E 2, S 1, W 0.
SIDE_VALUES: tuple[int, int, int, int] = (3, 2, 1, 0)

# P10 — influence tile values each player owns (10 tiles, values 1–7).
INFLUENCE_TILES: tuple[int, ...] = (1, 2, 3, 3, 4, 5, 5, 6, 7, 7)

# P11 — district bonus per district D1–D4: (kind, amount).
DISTRICT_BONUS: tuple[tuple[str, int], ...] = (("coal", 2), ("yen", 5_000), ("bp", 2), ("vp", 2))

# P12 — district VP: 1st place in Scoring 2, and all of Scoring 3.
SCORING_2_FIRST = 15
SCORING_3: tuple[int, int, int] = (20, 15, 11)

# P13 — scoring track: the marker move that triggers Scoring 1 and 2, and the first golden space.
SCORING_AT: dict[int, int] = {3: 1, 5: 2}  # marker arrives on space -> scoring number
FIRST_GOLDEN = 6

# P14 — train / ship tile k (1-based, in taking order) that fully uncovers a money icon.
TRAIN_MONEY_ICONS: frozenset[int] = frozenset({2, 4, 6})
SHIP_MONEY_ICONS: frozenset[int] = frozenset({2, 4, 6})

# P15 — train / ship tile k whose removal uncovers a star (achievements A6 / A4).
TRAIN_STARS: frozenset[int] = frozenset({2, 4, 6})
SHIP_STARS: frozenset[int] = frozenset({1, 3, 5, 6})

# P16 — achievements A5, A6, A8, A9 (conditions; their multiplier comes only from tiles).
PLACEHOLDER_ACHIEVEMENTS: tuple[str, ...] = ("A5", "A6", "A8", "A9")

# P17 — worker colour names (only "6 distinct colours" matters).
WORKER_COLOURS: tuple[str, ...] = ("white", "yellow", "orange", "green", "blue", "black")

# P18 — worker rows with 4 players: 4 rows of 3.
ROWS_4_PLAYERS: tuple[int, int] = (4, 3)

# P19 — reward tiles per stack with 4 players (12 stacks of 2 = 24 tiles).
REWARD_TILES_PER_STACK = 2

# P20 — VP never go below zero: a loss stops at 0.
VP_FLOOR = 0

# P21 — influence table entries other than clocks and paper-with-3-cubes: highest tile value by
# good and cubes discarded (1, 2, 3). The clocks row and paper[3] are sourced and repeated in
# data.INFLUENCE_TABLE, which overlays them on this one.
INFLUENCE_TABLE: dict[str, tuple[int, int, int]] = {
    "silk": (1, 2, 3),
    "paper": (1, 2, 3),
    "bento": (3, 4, 5),
    "lenses": (3, 4, 5),
    "bulbs": (5, 6, 7),
}

# Which [P] id each value above stands for (rules §8).
PLACEHOLDER_IDS: dict[str, tuple[str, ...]] = {
    "P1": ("SPACE_3_ACTIONS", "SPACE_4_ACTIONS"),
    "P2": ("COAL_PRINTED", "COAL_STARS"),
    "P3": ("MONEY_INCOME",),
    "P4": ("KNOWLEDGE_PRINTED", "KNOWLEDGE_STARS"),
    "P5": ("CONTRACTS",),
    "P6": ("FACTORY_TILES",),
    "P7": ("SYNERGY_ONCE_ON_BUILD", "SYNERGY_ONGOING_CODES"),
    "P8": ("CITY_TILES",),
    "P9": ("SIDE_VALUES",),
    "P10": ("INFLUENCE_TILES",),
    "P11": ("DISTRICT_BONUS",),
    "P12": ("SCORING_2_FIRST", "SCORING_3"),
    "P13": ("SCORING_AT", "FIRST_GOLDEN"),
    "P14": ("TRAIN_MONEY_ICONS", "SHIP_MONEY_ICONS"),
    "P15": ("TRAIN_STARS", "SHIP_STARS"),
    "P16": ("PLACEHOLDER_ACHIEVEMENTS",),
    "P17": ("WORKER_COLOURS",),
    "P18": ("ROWS_4_PLAYERS",),
    "P19": ("REWARD_TILES_PER_STACK",),
    "P20": ("VP_FLOOR",),
    "P21": ("INFLUENCE_TABLE",),
}
