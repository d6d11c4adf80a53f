"""Printed components of Carnegie as constants (rules.md §2, §3, §8, §9, §10.6, §11).

Every table cites the rules section it transcribes. Values the sources lack (company board, starting
workplaces, project tabs) are not here but in ``reconstructed.py``. Map coordinates are fractions of the
board scan (x from the left, y from the top), copied from the shared layout file for the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.words import msg

# Regions, in the order of rules.md §0.2 ("West, Midwest, South, East"). Index = region id.
WEST, MIDWEST, SOUTH, EAST = 0, 1, 2, 3
# Player words (``msg``: each equals its English text, so lookups by name keep working).
REGIONS: tuple[str, ...] = (msg("West"), msg("Midwest"), msg("South"), msg("East"))
REGION_CODES: tuple[str, ...] = ("W", "M", "S", "E")

# Action types = Timeline rows, top to bottom (rules.md §0.2, R5.1.1). Index = row id.
HR, MGT, CON, RND = 0, 1, 2, 3
ACTION_TYPES: tuple[str, ...] = (
    msg("Human Resources"),
    msg("Management"),
    msg("Construction"),
    msg("Research and Development"),
)
ACTION_CODES: tuple[str, ...] = ("HR", "MGT", "CON", "RND")

# Project types = the four project tabs (rules.md §6.3.2, §6.4). Index = project type id.
HOUSING, COMMERCE, INDUSTRY, INFRA = 0, 1, 2, 3
PROJECT_TYPES: tuple[str, ...] = (
    msg("Housing"),
    msg("Commerce"),
    msg("Industry"),
    msg("Public Infrastructure"),
)
PROJECT_CODES: tuple[str, ...] = ("H", "C", "I", "P")
# Goods cost of building a project of each type (rules.md §6.3.2; P = 2 is D-6).
BUILD_GOODS: tuple[int, ...] = (1, 1, 2, 2)

# Transport levels (rules.md §2.5).
CART, STAGECOACH, RAILROAD = 0, 1, 2
LEVELS: tuple[str, ...] = (msg("Cart"), msg("Stagecoach"), msg("Railroad"))


@dataclass(frozen=True, slots=True)
class City:
    """One city of the map (rules.md §2.3).

    ``slots`` lists the slot types left to right (§2.3 column "Slots left→right", D-9): H, C, I, P, or T for
    the single untyped slot of a small town. ``marker`` = transport-income marker (R6.3.5); ``link`` = link
    value of a major city (R9.3.1), 0 otherwise. ``x``/``y`` = map position as fractions of the board.
    """

    id: str
    name: str
    region: int
    size: str
    slots: str
    vp: int
    marker: bool
    link: int
    x: float
    y: float


# rules.md §2.3 (32 cities: 18 small towns, 10 medium, 4 major); coordinates from layout.json.
CITIES: tuple[City, ...] = (
    City("seattle", "Seattle", WEST, "small", "T", 1, True, 0, 0.1162, 0.4211),
    City("helena", "Helena", WEST, "small", "T", 1, True, 0, 0.2174, 0.4442),
    City("portland", "Portland", WEST, "small", "T", 0, False, 0, 0.099, 0.4968),
    City("boise", "Boise", WEST, "small", "T", 0, False, 0, 0.1885, 0.5116),
    City("reno", "Reno", WEST, "small", "T", 0, False, 0, 0.1689, 0.5853),
    City("salt-lake-city", "Salt Lake City", WEST, "small", "T", 0, False, 0, 0.2288, 0.5895),
    City("phoenix", "Phoenix", WEST, "small", "T", 0, True, 0, 0.1924, 0.7537),
    City("santa-fe", "Santa Fe", WEST, "small", "T", 1, True, 0, 0.2614, 0.6968),
    City("san-francisco", "San Francisco", WEST, "major", "ICIHP", 3, False, 2, 0.0934, 0.6232),
    City("los-angeles", "Los Angeles", WEST, "medium", "HIC", 3, False, 0, 0.1217, 0.7474),
    City("denver", "Denver", WEST, "medium", "PCH", 2, False, 0, 0.3044, 0.6105),
    City("fargo", "Fargo", MIDWEST, "small", "T", 1, True, 0, 0.3695, 0.4589),
    City("duluth", "Duluth", MIDWEST, "small", "T", 1, True, 0, 0.471, 0.4547),
    City("st-paul", "St. Paul", MIDWEST, "small", "T", 1, True, 0, 0.4385, 0.5116),
    City("omaha", "Omaha", MIDWEST, "small", "T", 0, True, 0, 0.3815, 0.5432),
    City("cincinnati", "Cincinnati", MIDWEST, "small", "T", 0, True, 0, 0.5928, 0.6232),
    City("chicago", "Chicago", MIDWEST, "major", "ICIHP", 3, False, 1, 0.5602, 0.5326),
    City("kansas-city", "Kansas City", MIDWEST, "medium", "CCH", 2, False, 0, 0.4102, 0.6442),
    City("st-louis", "St. Louis", MIDWEST, "medium", "IHP", 2, False, 0, 0.5049, 0.6484),
    City("el-paso", "El Paso", SOUTH, "small", "T", 0, True, 0, 0.3044, 0.8021),
    City("dallas", "Dallas", SOUTH, "small", "T", 0, True, 0, 0.4059, 0.7705),
    City("san-antonio", "San Antonio", SOUTH, "small", "T", 0, True, 0, 0.3776, 0.8695),
    City("memphis", "Memphis", SOUTH, "small", "T", 0, False, 0, 0.5049, 0.7389),
    City("charleston", "Charleston", SOUTH, "small", "T", 1, True, 0, 0.6699, 0.7326),
    City("new-orleans", "New Orleans", SOUTH, "major", "HCHIP", 3, False, 1, 0.5641, 0.8484),
    City("houston", "Houston", SOUTH, "medium", "CPI", 3, False, 0, 0.4548, 0.8842),
    City("atlanta", "Atlanta", SOUTH, "medium", "IHC", 2, False, 0, 0.5967, 0.7347),
    City("new-york", "New York", EAST, "major", "HCICP", 3, False, 1, 0.7777, 0.5747),
    City("albany", "Albany", EAST, "medium", "HCI", 3, False, 0, 0.7227, 0.4463),
    City("boston", "Boston", EAST, "medium", "HCI", 3, False, 0, 0.8141, 0.4463),
    City("pittsburgh", "Pittsburgh", EAST, "medium", "HCI", 2, False, 0, 0.6559, 0.5221),
    City("washington", "Washington", EAST, "medium", "PHP", 2, False, 0, 0.6901, 0.64),
)
CITY_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(CITIES)}

# Slots of all cities in one flat list: SLOT_CITY[k] = city index, SLOT_TYPE[k] = "H"/"C"/"I"/"P"/"T";
# CITY_SLOTS[i] = the flat slot indices of city i, left to right.
SLOT_CITY: tuple[int, ...] = tuple(i for i, c in enumerate(CITIES) for _ in c.slots)
SLOT_TYPE: tuple[str, ...] = tuple(t for c in CITIES for t in c.slots)
CITY_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, ci in enumerate(SLOT_CITY) if ci == i) for i in range(len(CITIES))
)
N_SLOTS = len(SLOT_TYPE)

# rules.md §2.4: the 54 undirected roads.
ROADS: tuple[tuple[str, str], ...] = (
    # West
    ("seattle", "helena"),
    ("seattle", "portland"),
    ("portland", "boise"),
    ("portland", "san-francisco"),
    ("boise", "denver"),
    ("san-francisco", "reno"),
    ("san-francisco", "los-angeles"),
    ("reno", "salt-lake-city"),
    ("salt-lake-city", "denver"),
    ("denver", "santa-fe"),
    ("los-angeles", "santa-fe"),
    ("los-angeles", "phoenix"),
    ("phoenix", "santa-fe"),
    # West–Midwest, West–South
    ("helena", "fargo"),
    ("denver", "omaha"),
    ("denver", "kansas-city"),
    ("phoenix", "el-paso"),
    ("santa-fe", "el-paso"),
    # Midwest
    ("fargo", "duluth"),
    ("fargo", "st-paul"),
    ("duluth", "st-paul"),
    ("st-paul", "omaha"),
    ("st-paul", "chicago"),
    ("omaha", "chicago"),
    ("omaha", "kansas-city"),
    ("kansas-city", "chicago"),
    ("kansas-city", "st-louis"),
    ("chicago", "st-louis"),
    ("st-louis", "cincinnati"),
    # Midwest–South, Midwest–East
    ("kansas-city", "dallas"),
    ("st-louis", "memphis"),
    ("cincinnati", "atlanta"),
    ("chicago", "pittsburgh"),
    ("cincinnati", "pittsburgh"),
    ("cincinnati", "washington"),
    # East
    ("albany", "boston"),
    ("albany", "pittsburgh"),
    ("albany", "new-york"),
    ("boston", "new-york"),
    ("pittsburgh", "new-york"),
    ("pittsburgh", "washington"),
    ("washington", "new-york"),
    # East–South
    ("washington", "atlanta"),
    ("washington", "charleston"),
    # South
    ("el-paso", "dallas"),
    ("el-paso", "san-antonio"),
    ("dallas", "memphis"),
    ("dallas", "houston"),
    ("san-antonio", "houston"),
    ("houston", "new-orleans"),
    ("memphis", "atlanta"),
    ("memphis", "new-orleans"),
    ("atlanta", "new-orleans"),
    ("atlanta", "charleston"),
)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            {CITY_INDEX[b] for a, b in ROADS if a == c.id} | {CITY_INDEX[a] for a, b in ROADS if b == c.id}
        )
    )
    for c in CITIES
)


@dataclass(frozen=True, slots=True)
class Gain:
    """A bundle of resources received at once: money, goods, immediate VP, study points, new employees."""

    money: int = 0
    goods: int = 0
    vp: int = 0
    sp: int = 0
    employees: int = 0


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """One space of a transportation track (rules.md §2.5).

    ``cost`` = SP to enter it from the previous space (0 for the start space); ``income`` = transport income
    per returned employee (§5.3) and for a marked small town (R6.3.5); ``bonus`` = reward for entering space 5
    (R2.5.3).
    """

    cost: int
    level: int
    income: Gain
    bonus: Gain = Gain()


# rules.md §2.5 (and R2.5.1–R2.5.4). TRACKS[region][position - 1].
TRACKS: tuple[tuple[TrackSpace, ...], ...] = (
    (  # West
        TrackSpace(0, CART, Gain(money=1)),
        TrackSpace(2, STAGECOACH, Gain(money=3)),
        TrackSpace(1, STAGECOACH, Gain(goods=1)),
        TrackSpace(4, RAILROAD, Gain(vp=2)),
        TrackSpace(5, RAILROAD, Gain(vp=2), Gain(goods=3)),
    ),
    (  # Midwest
        TrackSpace(0, CART, Gain(money=1)),
        TrackSpace(1, STAGECOACH, Gain(money=2)),
        TrackSpace(3, RAILROAD, Gain(sp=3)),
        TrackSpace(3, RAILROAD, Gain(goods=2)),
        TrackSpace(5, RAILROAD, Gain(vp=2), Gain(money=10)),
    ),
    (  # South
        TrackSpace(0, CART, Gain(money=1)),
        TrackSpace(1, STAGECOACH, Gain(money=2)),
        TrackSpace(3, RAILROAD, Gain(money=5)),
        TrackSpace(3, RAILROAD, Gain(money=7)),
        TrackSpace(5, RAILROAD, Gain(vp=2), Gain(goods=3)),
    ),
    (  # East
        TrackSpace(0, STAGECOACH, Gain(money=1)),
        TrackSpace(3, RAILROAD, Gain(money=4)),
        TrackSpace(2, RAILROAD, Gain(employees=1)),
        TrackSpace(2, RAILROAD, Gain(vp=2)),
        TrackSpace(5, RAILROAD, Gain(vp=2), Gain(money=10)),
    ),
)
TRACK_LAST = 5

# Timeline events (rules.md §5.1, §11): a region id = Take Income in that region, DONATION = Make a Donation.
DONATION = 4
# rules.md §11.1: TIMELINE_TILES[tile - 1][side] = events of spaces 1–4; side 0 = Front, 1 = Back.
TIMELINE_TILES: tuple[tuple[tuple[int, int, int, int], tuple[int, int, int, int]], ...] = (
    ((WEST, DONATION, MIDWEST, EAST), (DONATION, EAST, WEST, MIDWEST)),
    ((SOUTH, EAST, DONATION, WEST), (SOUTH, WEST, MIDWEST, DONATION)),
    ((EAST, MIDWEST, WEST, DONATION), (EAST, SOUTH, DONATION, MIDWEST)),
    ((SOUTH, WEST, EAST, DONATION), (WEST, SOUTH, DONATION, EAST)),
    ((DONATION, SOUTH, MIDWEST, WEST), (MIDWEST, DONATION, WEST, SOUTH)),
    ((WEST, DONATION, SOUTH, MIDWEST), (DONATION, WEST, SOUTH, EAST)),
    ((MIDWEST, EAST, DONATION, SOUTH), (EAST, MIDWEST, SOUTH, DONATION)),
    ((DONATION, MIDWEST, EAST, SOUTH), (MIDWEST, DONATION, EAST, WEST)),
)
TIMELINE_SIDES: tuple[str, ...] = (msg("Front"), msg("Back"))
# rules.md §11.2 (D-4): End-tile income region of each row; every End-tile space also has a Donation.
END_TILE: tuple[int, ...] = (EAST, MIDWEST, SOUTH, WEST)
ROUNDS = 20  # rules.md §5, R5.1.3

# Beginner option: a fixed Timeline (tile number, side) per row. No recommended first-game Timeline is
# printed in any source, so this is our own fixed choice [DEC]: every region's income appears on every row
# tile with the donation spread over spaces 1–4.
BEGINNER_TIMELINE: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (5, 1), (4, 1))


@dataclass(frozen=True, slots=True)
class DepartmentTile:
    """A department (rules.md §2.6, §4.1.5, §7). ``workplaces`` = activation cost of each workplace, in $."""

    id: int
    name: str
    type: int
    workplaces: tuple[int, ...]
    kind: str  # "mission", "active", "passive", "start"


# rules.md §2.6 (tiles 1–16, two copies each in the box).
TILES: tuple[DepartmentTile, ...] = (
    DepartmentTile(1, msg("Training and Partnerships"), HR, (2,), "mission"),
    DepartmentTile(2, msg("Recruiting"), HR, (1, 1), "active"),
    DepartmentTile(3, msg("Safety and Quality"), HR, (5,), "mission"),
    DepartmentTile(4, msg("New Lobby"), HR, (), "passive"),
    DepartmentTile(5, msg("Purchasing"), MGT, (0, 0), "mission"),
    DepartmentTile(6, msg("Sales"), MGT, (1, 1), "active"),
    DepartmentTile(7, msg("Logistics"), MGT, (3, 3), "active"),
    DepartmentTile(8, msg("Property Management"), MGT, (0,), "passive"),
    DepartmentTile(9, msg("Engineering"), CON, (2, 2), "mission"),
    DepartmentTile(10, msg("Construction Outsourcing"), CON, (3,), "active"),
    DepartmentTile(11, msg("Supply Chain"), CON, (1, 1), "active"),
    DepartmentTile(12, msg("Communications"), CON, (8,), "passive"),
    DepartmentTile(13, msg("Advanced Research"), RND, (3,), "mission"),
    DepartmentTile(14, msg("Advanced Design"), RND, (3, 3, 3), "active"),
    DepartmentTile(15, msg("Charitable Giving"), RND, (3,), "mission"),
    DepartmentTile(16, msg("Telegraph Operators"), RND, (2,), "passive"),
)
TILE_COPIES = 2  # rules.md §2.1
# rules.md §3 step 4: tiles returned to the box by player count (solo = 2-player setup).
TILES_REMOVED: dict[int, int] = {1: 16, 2: 16, 3: 8, 4: 4}

# Department ids of the five starting departments (rules.md R4.1.5); tiles use their printed number 1–16.
D_HR, D_TF, D_SP, D_CON, D_RD = 17, 18, 19, 20, 21
START_DEPARTMENTS: tuple[tuple[int, str, int], ...] = (
    (D_HR, msg("Human Resources"), HR),
    (D_TF, msg("Trade and Finance"), MGT),
    (D_SP, msg("Strategic Planning"), MGT),
    (D_CON, msg("Construction"), CON),
    (D_RD, msg("Research and Development"), RND),
)
DEPT_NAMES: dict[int, str] = {t.id: t.name for t in TILES} | {d: n for d, n, _ in START_DEPARTMENTS}
DEPT_TYPES: dict[int, int] = {t.id: t.type for t in TILES} | {d: ty for d, _, ty in START_DEPARTMENTS}
DEPT_CODES: dict[int, str] = {t.id: str(t.id) for t in TILES} | {
    D_HR: "HR",
    D_TF: "TF",
    D_SP: "SP",
    D_CON: "CON",
    D_RD: "RD",
}
# Passive departments (R5.4.8): never used, effect while staffed (New Lobby: always).
NEW_LOBBY, PROPERTY_MANAGEMENT, COMMUNICATIONS, TELEGRAPH = 4, 8, 12, 16

# rules.md §3 step 6 and R4.4.6.
START_MONEY, START_GOODS = 12, 4
EMPLOYEES_ON_BOARD, EMPLOYEE_SUPPLY = 10, 5
DISC_SUPPLY = 22  # 30 − score − 4 tracks − 3 tabs
SETUP_MOVES = 6  # §3 step 11
NEUTRAL_DISCS: dict[int, int] = {1: 18, 2: 18, 3: 9, 4: 0}  # §3 step 9
ACTION_CHOICE_VP = 3  # R5.6.4

# rules.md §8.3: the 20 donation cells, row by row (row 1 first), columns Education, Human Rights, Welfare,
# Health. DONATION_CELLS[k] = (code, column 1–4, row 1–5, condition in
# player words, ``words.donation``). Scoring: §8.4.
DONATION_COLUMNS: tuple[str, ...] = (msg("Education"), msg("Human Rights"), msg("Welfare"), msg("Health"))
DONATION_CELLS: tuple[tuple[str, int, int, str], ...] = (
    ("EDU-HR", 1, 1, msg("3 VP per Human Resources department")),
    ("RIG-INFRA", 2, 1, msg("4 VP per Public Infrastructure project")),
    ("WEL-7VP", 3, 1, msg("7 VP")),
    ("HEA-EAST", 4, 1, msg("2 VP per project in the East")),
    ("EDU-MGT", 1, 2, msg("3 VP per Management department")),
    ("RIG-INDUSTRY", 2, 2, msg("3 VP per Industry project")),
    ("WEL-GOODS", 3, 2, msg("2 VP per good paid at the end, up to 6 times")),
    ("HEA-MIDWEST", 4, 2, msg("2 VP per project in the Midwest")),
    ("EDU-CON", 1, 3, msg("3 VP per Construction department")),
    ("RIG-HOUSCOM", 2, 3, msg("2 VP per Housing or Commerce project")),
    ("WEL-MONEY", 3, 3, msg("2 VP per $5 paid at the end, up to 6 times")),
    ("HEA-SOUTH", 4, 3, msg("2 VP per project in the South")),
    ("EDU-RND", 1, 4, msg("3 VP per Research and Development department")),
    ("RIG-RAIL", 2, 4, msg("3 VP per region at Railroad level")),
    ("WEL-MONEYGOODS", 3, 4, msg("4 VP per $5 + 1 good paid at the end, up to 3 times")),
    ("HEA-WEST", 4, 4, msg("2 VP per project in the West")),
    ("EDU-ALL", 1, 5, msg("1 VP per department of any type")),
    ("RIG-DONATIONS", 2, 5, msg("2 VP per donation you made")),
    ("WEL-ACTIVE", 3, 5, msg("1 VP per active employee")),
    ("HEA-SMALLTOWN", 4, 5, msg("2 VP per project in a small town")),
)
DONATION_INDEX: dict[str, int] = {code: k for k, (code, _, _, _) in enumerate(DONATION_CELLS)}
DONATION_COST, DONATION_COST_COMMUNICATIONS = 5, 3  # R8.1.1, R8.1.2 ($ × n)
DONATION_CAP, CAP_RAISE = 12, 3  # R8.5.1, R8.5.2

# rules.md §9.3: major-city connection points, CONNECTION_TABLE[links] = (Cart, Stagecoach, Railroad).
CONNECTION_TABLE: dict[int, tuple[int, int, int]] = {
    2: (3, 6, 9),
    3: (6, 12, 18),
    4: (12, 18, 27),
    5: (18, 24, 36),
}


@dataclass(frozen=True, slots=True)
class SoloCard:
    """A solo action card (rules.md §10.6); ``mgmt`` and ``rnd_region`` use the action/region ids above."""

    id: str
    donation: str
    main: int
    hr_shift: int
    mgmt: tuple[int, ...]
    cities: tuple[str, ...]
    rnd_region: int
    rnd_steps: int


def _card(
    cid: str, don: str, main: int, shift: int, mgmt: tuple[int, ...], cities: str, region: int, steps: int
) -> SoloCard:
    return SoloCard(cid, don, main, shift, mgmt, tuple(cities.split()), region, steps)


_SF, _LA, _NO, _NY = "san-francisco", "los-angeles", "new-orleans", "new-york"
# rules.md §10.6: the 40 solo action cards (N = Normal, A = Advanced). Cities are written as ids.
SOLO_CARDS: tuple[SoloCard, ...] = (
    _card("N01", "EDU-HR", HR, 4, (HR,), "salt-lake-city reno", WEST, 2),
    _card("N02", "EDU-MGT", HR, 4, (MGT,), "st-louis chicago", MIDWEST, 1),
    _card("N03", "EDU-CON", HR, 3, (CON,), "boston washington", EAST, 2),
    _card("N04", "EDU-RND", HR, 3, (RND, RND), f"{_NO} houston", SOUTH, 2),
    _card("N05", "HEA-MIDWEST", HR, 3, (HR,), f"{_SF} santa-fe", WEST, 1),
    _card("N06", "EDU-ALL", MGT, 2, (HR, HR, HR), f"{_SF} {_LA}", WEST, 1),
    _card("N07", "WEL-7VP", MGT, 1, (MGT, MGT, MGT), "fargo st-paul", MIDWEST, 2),
    _card("N08", "WEL-GOODS", MGT, 2, (CON, CON, CON), f"pittsburgh {_NY}", EAST, 2),
    _card("N09", "WEL-MONEY", MGT, 1, (RND, RND, RND), "san-antonio memphis dallas", SOUTH, 2),
    _card("N10", "HEA-SMALLTOWN", MGT, 2, (HR, CON, RND), "kansas-city chicago", MIDWEST, 2),
    _card("N11", "WEL-MONEYGOODS", CON, 2, (HR,), f"portland boise denver {_LA}", WEST, 1),
    _card("N12", "WEL-ACTIVE", CON, 2, (MGT, MGT), f"{_NY} chicago {_NO} {_SF}", WEST, 1),
    _card("N13", "RIG-INFRA", CON, 1, (CON, CON), "cincinnati duluth st-louis kansas-city", MIDWEST, 2),
    _card("N14", "RIG-INDUSTRY", CON, 1, (RND,), f"albany {_NY} washington pittsburgh", EAST, 2),
    _card("N15", "HEA-SOUTH", CON, 2, (CON,), f"{_NO} atlanta houston charleston", SOUTH, 2),
    _card("N16", "RIG-HOUSCOM", RND, 2, (HR, HR), f"{_NO} atlanta", SOUTH, 3),
    _card("N17", "RIG-RAIL", RND, 1, (MGT, MGT), f"boston {_NY}", EAST, 3),
    _card("N18", "RIG-DONATIONS", RND, 2, (CON,), "chicago omaha", MIDWEST, 3),
    _card("N19", "HEA-EAST", RND, 1, (RND,), "pittsburgh boston albany", EAST, 3),
    _card("N20", "HEA-WEST", RND, 1, (RND,), f"{_SF} denver", WEST, 3),
    _card("A01", "EDU-HR", HR, 4, (HR, HR), "salt-lake-city reno", WEST, 2),
    _card("A02", "EDU-MGT", HR, 4, (MGT, MGT), "st-louis chicago", MIDWEST, 3),
    _card("A03", "EDU-CON", HR, 4, (CON, CON), "boston washington", EAST, 2),
    _card("A04", "EDU-RND", HR, 4, (RND, RND), f"{_NO} houston", SOUTH, 2),
    _card("A05", "HEA-MIDWEST", HR, 4, (MGT,), f"{_SF} santa-fe", WEST, 3),
    _card("A06", "EDU-ALL", MGT, 2, (HR, HR, HR), f"{_SF} {_LA}", WEST, 3),
    _card("A07", "WEL-7VP", MGT, 3, (MGT, MGT, MGT), "fargo st-paul", MIDWEST, 2),
    _card("A08", "WEL-GOODS", MGT, 2, (CON, CON, CON), f"pittsburgh {_NY}", EAST, 2),
    _card("A09", "WEL-MONEY", MGT, 3, (RND, RND, RND), "san-antonio memphis dallas", SOUTH, 2),
    _card("A10", "HEA-SMALLTOWN", MGT, 2, (HR, CON, RND), "kansas-city chicago", MIDWEST, 2),
    _card("A11", "WEL-MONEYGOODS", CON, 2, (HR,), f"portland boise denver {_LA}", WEST, 3),
    _card("A12", "WEL-ACTIVE", CON, 2, (MGT, MGT), f"{_NY} chicago {_NO} {_SF}", WEST, 3),
    _card("A13", "RIG-INFRA", CON, 3, (CON, CON), "cincinnati duluth st-louis kansas-city", MIDWEST, 2),
    _card("A14", "RIG-INDUSTRY", CON, 3, (RND, RND), f"albany {_NY} washington pittsburgh", EAST, 2),
    _card("A15", "HEA-SOUTH", CON, 2, (CON,), f"{_NO} atlanta houston charleston", SOUTH, 2),
    _card("A16", "RIG-HOUSCOM", RND, 2, (HR, HR), f"{_NO} atlanta", SOUTH, 4),
    _card("A17", "RIG-RAIL", RND, 3, (MGT, MGT), f"boston {_NY}", EAST, 4),
    _card("A18", "RIG-DONATIONS", RND, 2, (CON,), "chicago omaha", MIDWEST, 4),
    _card("A19", "HEA-EAST", RND, 3, (RND,), "pittsburgh boston albany", EAST, 4),
    _card("A20", "HEA-WEST", RND, 3, (RND,), f"{_SF} denver", WEST, 4),
)
NORMAL_CARDS: tuple[SoloCard, ...] = SOLO_CARDS[:20]
