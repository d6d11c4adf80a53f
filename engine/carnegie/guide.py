"""Everything Carnegie says that does not depend on a state: blurb, table options, rule topics, help.

The rule topics are reference a player can read: every component kind in the box's words, each
citing the printed rulebook's section by name (never our specification's ids, which stay in comments).
Tables (tracks, tabs, donations, connections, departments) are written from ``data`` and
``reconstructed`` so that the reference cannot drift from the rules the engine plays. ``/game rules
[topic]`` shows them.
"""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.reconstructed import TAB_SIDES, TABS
from engine.carnegie.solo import DIFFICULTIES, LAST_SPACE_VP, TILE_VP, VP_CARDS
from engine.core import Guide, OptionChoice, OptionSpec, Topic
from engine.core.words import Msg, join, money, msg

BLURB = msg(
    "Carnegie (Xavier Georges, 2022): grow a company in 19th-century America over 20 rounds. Each round "
    "one action type for everyone; move employees, build departments and projects, donate. 1 player: solo "
    "against Andrew."
)

# Andrew's difficulties (``solo.DIFFICULTIES``) in player words.
_LEVELS = {"easy": msg("easy"), "normal": msg("normal"), "hard": msg("hard"), "expert": msg("expert")}

OPTIONS: list[OptionSpec] = [
    OptionSpec(  # setup 6B
        key="tab_sides",
        name=msg("tab_sides"),
        description=msg("Project tab sides: each player chooses them, or random"),
        choices=[
            OptionChoice(value="chosen", label=msg("each player chooses")),
            OptionChoice(value="random", label=msg("random")),
        ],
    ),
    # A yes/no flag (no choices): ``new_game`` reads "yes"/"no" or True/False (setup step 2, D-5).
    OptionSpec(
        key="beginner",
        name=msg("beginner"),
        description=msg("The fixed beginner Timeline instead of a random one"),
    ),
    OptionSpec(  # R10.1.6: how many Advanced cards Andrew's deck holds
        key="difficulty",
        name=msg("difficulty"),
        description=msg("Solo only: Andrew's difficulty (default normal)"),
        choices=[OptionChoice(value=level, label=_LEVELS[level]) for level in DIFFICULTIES],
    ),
]

# --- generated parts: written from the component data, so the reference cannot drift from the engine -----


def _track_lines() -> str:
    lines = []
    for r, region in enumerate(data.REGIONS):
        spaces = data.TRACKS[r]
        steps = join(
            "; ",
            [
                msg(
                    "{number}. {level}, income {income}, costs {cost}",
                    number=i + 1,
                    level=data.LEVELS[x.level],
                    income=words.gain_text(x.income),
                    cost=x.cost,
                )
                if x.cost
                else msg(
                    "{number}. {level}, income {income}",
                    number=i + 1,
                    level=data.LEVELS[x.level],
                    income=words.gain_text(x.income),
                )
                for i, x in enumerate(spaces)
            ],
        )
        bonus = words.gain_text(spaces[-1].bonus)
        lines.append(
            msg(
                "{region}: {steps}; reaching space 5 also gives {bonus}.",
                region=region,
                steps=steps,
                bonus=bonus,
            )
        )
    return join(" ", lines)


def _side_words(t: int, side: int) -> str:
    spaces = TABS[t][side]
    pushes = [x.cost for x in spaces[1:]]
    costs = (
        msg("{cost} each", cost=pushes[0]) if min(pushes) == max(pushes) else "/".join(str(x) for x in pushes)
    )
    said = {
        "side": TAB_SIDES[side],
        "costs": costs,
        "projects": words.count(sum(1 for x in spaces[1:] if x.kind == "P"), "new project"),
        "incomes": join(", ", [words.alternatives(x.income) for x in spaces[1:] if x.income]),
        "vps": "/".join(str(x.vp) for x in spaces if x.kind == "V"),
    }
    if spaces[-1].raises_cap:
        return msg(
            "side {side}: pushes cost {costs}; {projects} (incomes {incomes}), then VP {vps}; fully pushed, "
            "it raises your donation cap by 3",
            **said,
        )
    return msg("side {side}: pushes cost {costs}; {projects} (incomes {incomes}), then VP {vps}", **said)


def _tabs() -> str:
    lines = [
        msg(
            "{kind} (builds cost {goods}): {side_a}; {side_b}.",
            kind=data.PROJECT_TYPES[t],
            goods=words.count(data.BUILD_GOODS[t], "good"),
            side_a=_side_words(t, 0),
            side_b=_side_words(t, 1),
        )
        for t in range(4)
    ]
    return msg(
        "Before round 1 you choose a side of each tab. Each push (paid in study points) exposes the next "
        "space: a project space puts a project on the tab, ready to build, and once built its income joins "
        "your project income; a VP space sets what the tab scores at the end. {tabs} Rulebook: "
        "Setup; Research "
        "and Development.",
        tabs=join(" ", lines),
    )


def _donation_table() -> str:
    rows = []
    for column, name in enumerate(data.DONATION_COLUMNS, 1):
        cells = [cond for _, col, _, cond in data.DONATION_CELLS if col == column]
        rows.append(msg("{column}: {conditions}.", column=name, conditions=join("; ", cells)))
    return msg(
        "{rows} Departments count your five starting ones; projects count your first Housing project and "
        "small towns. Rulebook: Donations.",
        rows=join(" ", rows),
    )


def _connections() -> str:
    rows = join(
        "; ",
        [
            msg("{links} links: {cart} / {coach} / {rail}", links=links, cart=cart, coach=coach, rail=rail)
            for links, (cart, coach, rail) in sorted(data.CONNECTION_TABLE.items())
        ],
    )
    majors = ", ".join(f"{c.name} {c.link}" for c in data.CITIES if c.link)
    return msg(
        "At the end, cities joined by roads where every city holds one of your projects form a network. "
        "A network with at least 2 major cities scores from the connection table by the sum of their "
        "link values ({majors}) and the lowest transport level (Cart / Stagecoach / Railroad) of your "
        "discs on the tracks of those major cities' regions: {rows}. Only your best network scores. "
        "Other players' discs neither help nor block. Rulebook: End of the Game.",
        majors=majors,
        rows=rows,
    )


_DEPT_WORDS: dict[int, Msg] = {
    data.D_HR: msg("3 moves per active employee at the start of your turn, the printed employee included"),
    data.D_TF: msg("per use +$3, +1 good, or a mission for +$6 or +2 goods"),
    data.D_SP: msg(
        "per use build a department from the display (your reserved one first) on an empty space, "
        "for 1 good if one of your employees lies there, else 2"
    ),
    data.D_CON: msg("per use a mission to a region and build a project there"),
    data.D_RD: msg("3 study points per active employee at the start of your turn"),
    1: msg("mission, then +$8 or 8 moves"),
    2: msg("4 moves (the employee stays), or a mission for 1 new employee from your supply"),
    3: msg("mission, then 1 VP per 2 active employees left (rounded up)"),
    4: msg("costs 2 goods more to build; arriving employees may lie here instead of the Lobby"),
    5: msg("mission, then +$8 or +3 goods"),
    6: msg("sell 1–3 goods for $6 each"),
    7: msg("ship 1–3 goods for $3 and 1 VP each"),
    8: msg("while staffed, move one employee from anywhere on your board into each new department"),
    9: msg("like Construction: a mission, then build a project in that region"),
    10: msg("build a project in any region for $3 more, without a mission"),
    11: msg("buy 1–3 goods for $1 each"),
    12: msg("while staffed, your donations cost $3 instead of $5 per donation made"),
    13: msg("mission, then +7 study points"),
    14: msg("4 study points per active employee at the start of your turn"),
    15: msg("mission, then donate on top of another player's donation (never twice on one)"),
    16: msg("while staffed, each transportation track step costs 1 study point less (at least 1)"),
}


def _departments(kind: int, intro: Msg, section: Msg) -> Msg:
    parts = []
    for dept, name, ty in data.START_DEPARTMENTS:
        if ty == kind:
            parts.append(msg("{name}, a starting department: {effect}", name=name, effect=_DEPT_WORDS[dept]))
    for tile in data.TILES:
        if tile.type == kind:
            wp = join(", ", [msg("free") if x == 0 else money(x, "$") for x in tile.workplaces]) or msg(
                "none"
            )
            parts.append(
                msg(
                    "{name} (workplaces {workplaces}): {effect}",
                    name=tile.name,
                    workplaces=wp,
                    effect=_DEPT_WORDS[tile.id],
                )
            )
    return msg(
        "{intro} {departments}. Rulebook: {section}.",
        intro=intro,
        departments=join(". ", parts),
        section=section,
    )


def _andrew() -> str:
    levels = join(
        ", ",
        [
            msg("{level} {n} Advanced", level=_LEVELS[name], n=advanced)
            for name, (_, advanced) in DIFFICULTIES.items()
        ],
    )
    return msg(
        "Andrew's deck holds 20 cards, some Advanced by difficulty ({levels}). In his turn his card's "
        "donation goes on a free donation when the event is a donation; then the round's action: Human "
        "Resources moves his card right; Management takes the listed department types from the display; "
        "Construction puts his discs on the left-most free slot of each listed city; Research and "
        "Development moves his disc on the listed track. Whatever he cannot do moves the card one space "
        "right instead. At the end of the round the card goes under the VP card it reached "
        "({cards} VP). At the end he scores those cards, {tile_vp} VP per "
        "department taken, {last_vp} VP per disc on a track's last space, city VP, and his "
        "donations counted on your achievements (at most 12 each; his Welfare is paid from what you have "
        "left). The higher total wins; a tie is shared. Rulebook: Solo Mode.",
        levels=levels,
        cards="/".join(str(v) for v in VP_CARDS),
        tile_vp=TILE_VP,
        last_vp=LAST_SPACE_VP,
    )


_TOPICS: dict[str, tuple[str, str]] = {  # key: (title, body)
    "overview": (
        msg("How a round works"),
        msg(
            "20 rounds. Each round: 1. the first player chooses a Timeline row, which sets the action type "
            "for everyone and the event; 2. the event: Take Income in a region, Make a Donation, or both; "
            "3. in turn order each player uses their departments of that type; 4. everyone activates "
            "employees, then the first player passes to the left. Topics: timeline, income, donations, "
            "departments, activation, scoring. Rulebook: Playing the Game."
        ),
    ),
    "setup": (
        msg("Setup choices"),
        msg(
            "Each player chooses a side of each project tab (see tabs), unless the table chose random sides. "
            "Then, starting with the player right of the first player and going backwards, each places their "
            "first Housing project in a medium or major city and reserves a department tile: it must be the "
            "first department they build. Then, in turn order, up to 6 employee moves each, and everyone may "
            "activate employees. Rulebook: Setup."
        ),
    ),
    "timeline": (
        msg("Select Timeline and Timeline events"),
        msg(
            "The Timeline has four rows: Human Resources, Management, Construction, Research and "
            "Development. "
            "The first player picks a row: its type is the round's action type, and the row's next space is "
            "the round's event: Take Income in one region, or Make a Donation; the last space of every row "
            "(the End tile) has both. A row that is used up still gives its action type, but the event comes "
            "from the next row below that has a space left. Every round one space is used, so after "
            "20 rounds "
            "all rows are finished. Rulebook: Select Timeline."
        ),
    ),
    "income": (
        msg("Take Income"),
        msg(
            "Each player chooses how many of their employees in that region's mission area come back to the "
            "Lobby. Each returning employee pays the income of your disc's space on that region's "
            "transportation track. If at least one comes back, you also get your project income once: the "
            "incomes shown on your project tabs where a project was built. Bringing nobody back gives "
            "nothing. Rulebook: Events."
        ),
    ),
    "donations": (
        msg("Making a donation"),
        msg(
            "In a donation event each player may donate once: pay the cost and put a disc on a free space of "
            "the donation table. Your first donation costs $5, the second $10, and so on ($3, $6, … with an "
            "active employee in Communications). Charitable Giving donates on top of another player's disc. "
            "At the end each disc scores its condition (see table), at most 12 VP each; a project tab fully "
            "pushed on its B side raises that limit by 3. Rulebook: Donations."
        ),
    ),
    "table": (msg("The 20 donations and their conditions"), _donation_table()),
    "departments": (
        msg("Use Departments"),
        msg(
            "In your turn use your departments of the round's type, one department at a time, never one "
            "twice in a turn. Each use needs its own active (standing) employee. A mission sends that "
            "employee to a region's mission area; it comes back at that region's Take Income. A mission is "
            "allowed only when its whole effect is possible. Passive departments (New Lobby, Property "
            "Management, Communications, Telegraph Operators) are never used: they work while staffed. Built "
            "departments score 3 VP in the top row and 2 VP in the others. Rulebook: Use Departments."
        ),
    ),
    "hr": (
        msg("Human Resources departments"),
        _departments(
            data.HR,
            msg(
                "A move takes one employee one space up, down, left or right; a moved standing employee "
                "lies down. Moves form one pool for the turn."
            ),
            msg("Human Resources; Departments"),
        ),
    ),
    "management": (
        msg("Management departments"),
        _departments(data.MGT, msg("Money, goods and new departments."), msg("Management; Departments")),
    ),
    "construction": (
        msg("Construction departments"),
        _departments(
            data.CON,
            msg(
                "A project costs 1 good (Housing, Commerce) or 2 (Industry, Public Infrastructure) "
                "and goes on "
                "a free slot of its type in a medium or major city, or on an empty small town; small towns "
                "marked with transport income pay it at once."
            ),
            msg("Construction; Departments"),
        ),
    ),
    "research": (
        msg("Research and Development departments"),
        _departments(
            data.RND,
            msg(
                "Study points are spent in the same turn, or lost: step up a transportation track or push a "
                "project tab."
            ),
            msg("Research and Development; Departments"),
        ),
    ),
    "tracks": (
        msg("Transportation tracks"),
        msg(
            "Each space: its level, the income per returning employee, and the study points it costs to "
            "enter. {tracks} Only one disc fits on a track's last space. Rulebook: Transportation Tracks.",
            tracks=_track_lines(),
        ),
    ),
    "tabs": (msg("Project tabs: side A or side B"), _tabs()),
    "connections": (msg("Connections between major cities"), _connections()),
    "activation": (
        msg("Activate employees"),
        msg(
            "At the end of each round (and once in setup), everyone at the same time may stand employees "
            "lying in a department on its free workplaces, paying the price printed under each. Employees in "
            "the Lobby, in an empty space or on a mission cannot be activated. Rulebook: Activate Employees "
            "and End of Round."
        ),
    ),
    "goods": (
        msg("Goods for money"),
        msg(
            "At any time you may return goods to the bank for $1 each, never the other way round. Rulebook: "
            "Exchanging Goods for Money."
        ),
    ),
    "action-choice": (
        msg("Action Choice tile"),
        msg(
            "With 3 or 4 players: at the start of your department turn you may discard it to use departments "
            "of another action type this turn; the first player cannot. Unused, it scores 3 VP at the end. "
            "With 4 players everyone has one; with 3 only the third player. Rulebook: Action Choice Tiles."
        ),
    ),
    "scoring": (
        msg("Final scoring"),
        msg(
            "After round 20 each player adds to the score track: 3 VP for an unused Action Choice tile, 1 VP "
            "per active employee (not the printed one), built departments (3 VP top row, 2 VP other rows), "
            "project tabs (the farthest VP space exposed on each), major-city connections (see connections), "
            "city VP (the VP printed under each city holding your project) and donations (see table). There "
            "is no tie-breaker: tied players share the victory. Rulebook: End of the Game."
        ),
    ),
    "solo": (
        msg("Solo against Andrew"),
        msg(
            "You play against Andrew, who has no company. You choose the Timeline row in odd rounds, "
            "Andrew in "
            "even rounds with the main action of his card. Before choosing you see the back of his card and "
            "of the next one (a Normal card shows the action worth most to him). Andrew always takes "
            "his turn "
            "first: his event and his action. See andrew. Rulebook: Solo Mode."
        ),
    ),
    "andrew": (msg("Andrew's cards and score"), _andrew()),
}
TOPICS: dict[str, Topic] = {key: Topic(title=title, body=body) for key, (title, body) in _TOPICS.items()}

HELP = msg(
    "Carnegie: `/game board` shows the board overview with the provisional score; `/game player [player]` "
    "a company board (yours by default); `/game score` the score category by category; `/game log` what "
    "happened lately; `/game rules [topic]` a short rule summary naming the rulebook's section; `/game play "
    "action:` types a move (the same choices as your panel). With 1 player you play solo against Andrew."
)

GUIDE = Guide(blurb=BLURB, options=OPTIONS, topics=TOPICS, help=HELP)
