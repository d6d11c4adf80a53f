# ruff: noqa: E501  (prose: the rule texts keep their lines as written for bot/rules_summary.py)
"""Everything Carnegie says that does not depend on a state: blurb, table options, rule topics, help.

The rule topics are short reminders for players, written from the rules specification with the rule
numbers (the bot never reads the specification at run time): each points to the exact text rather than
repeating it. ``/game rules [topic]`` shows them.
"""

from __future__ import annotations

from engine.carnegie.solo import DIFFICULTIES
from engine.core import Guide, OptionChoice, OptionSpec, Topic

BLURB = (
    "Carnegie (Xavier Georges, 2022): grow a company in 19th-century America over 20 rounds. Each round "
    "one action type for everyone; move employees, build departments and projects, donate. 1 player: solo "
    "against Andrew."
)

OPTIONS: list[OptionSpec] = [
    OptionSpec(  # setup 6B
        key="tab_sides",
        description="Project tab sides: each player chooses them, or random",
        choices=[
            OptionChoice(value="chosen", label="each player chooses"),
            OptionChoice(value="random", label="random"),
        ],
    ),
    # A yes/no flag (no choices): ``new_game`` reads "yes"/"no" or True/False (setup step 2, D-5).
    OptionSpec(key="beginner", description="The fixed beginner Timeline instead of a random one"),
    OptionSpec(  # R10.1.6: how many Advanced cards Andrew's deck holds
        key="difficulty",
        description="Solo only: Andrew's difficulty (default normal)",
        choices=[OptionChoice(value=level, label=level) for level in DIFFICULTIES],
    ),
]

_TOPICS: dict[str, tuple[str, str]] = {  # key: (title, body)
    "overview": (
        "Round overview",
        "20 rounds (R5.1.3). Each round: 1. the first player selects a Timeline row, which sets the action "
        "type (R5.2.1); 2. events: Take Income and/or Make a Donation (R5.3); 3. each player, in turn order, "
        "uses departments of that type (R5.4.1); 4. everyone activates employees, the marker advances and the "
        "first player passes (R5.5).",
    ),
    "setup": (
        "Setup choices",
        "Tab sides: each player picks a side of each project tab (setup 6B) unless the table chose random "
        "sides. In reverse turn order each player places a Housing disc in a medium or major city and reserves "
        "a department tile, which must be their first department (step 10, R3.1). Then up to 6 employee moves "
        "(step 11) and activation (step 12).",
    ),
    "timeline": (
        "Select Timeline",
        "The first player picks any row; its type is the round's action type (R5.2.1). The gear goes on the "
        "next space of that row; that space is the round's event (R5.2.2). A row at its end still gives its "
        "type but the event comes from the next row below (R5.2.3).",
    ),
    "income": (
        "Take Income",
        "Each player chooses how many employees to bring back from that region's mission area (R5.3.1). Each "
        "returned employee pays the income of your disc's space on that region's track (R5.3.2); with at least "
        "one returned you also get your project income once (R5.3.3). Returning nobody gives nothing (R5.3.4).",
    ),
    "donations": (
        "Donations",
        "In a donation event each player may donate once (R8.2.1): the n-th donation costs $5 × n, or $3 × n "
        "with an active employee in Communications (R8.1.1–R8.1.2). Each disc scores at game end by its "
        "cell's condition (R8.4), capped (R8.5).",
    ),
    "departments": (
        "Use Departments",
        "In your turn use departments of the round's type, one department at a time, never one twice "
        "(R5.4.2); each use needs its own active employee (R5.4.3). Mission options send that employee to a "
        "mission area and need their whole effect possible (R5.4.6). Nothing is compulsory (R5.4.5).",
    ),
    "hr": (
        "Human Resources",
        "Your starting HR department gives 3 moves per active employee at the start of the turn (R6.1.1). "
        "A move takes one employee to an orthogonally adjacent cell (R6.1.2); a moved active employee becomes "
        "inactive, and you choose which workplace it frees when their prices differ (R6.1.3). Moves form one "
        "pool for the turn (R6.1.4).",
    ),
    "management": (
        "Management",
        "Trade and Finance gives money or goods, or a mission for more (§6.2.1). Strategic Planning builds a "
        "department on an empty cell: 1 good if one of your employees is there, else 2 (R6.2.2); your first "
        "build is the reserved tile, never a duplicate (R6.2.3).",
    ),
    "construction": (
        "Construction",
        "Choose a project type with a disc on its tab and a region, send the employee on a mission there, pay "
        "the goods and place the tab's right-most disc on a free matching slot of a medium/major city (your "
        "choice of slot when two are free) or on a small town (§6.3.1); some small towns pay transport "
        "income at once (R6.3.5).",
    ),
    "research": (
        "Research and Development",
        "3 SP per active employee of the starting R&D department (R6.4.1); SP are spent in the same turn or "
        "lost (R6.4.2): advance on a transportation track (R6.4.3) or push a project tab to expose its next "
        "space (R6.4.5).",
    ),
    "activation": (
        "Activate employees",
        "At the end of each round, everyone at once: stand inactive employees on free workplaces of the "
        "department they are in, paying the printed cost (R5.5.1). Only then and in setup step 12 (R5.5.2).",
    ),
    "goods": (
        "Goods for money",
        "At any time you may return goods to the bank for $1 each (R5.7.1).",
    ),
    "action-choice": (
        "Action Choice tile",
        "3–4 players: at the start of your department turn you may discard it to use another action type "
        "this turn (R5.6.2); not as first player (R5.6.3); unused it scores 3 VP (R5.6.4).",
    ),
    "scoring": (
        "Final scoring",
        "After round 20 (R9.1.1): score track VP + unused Action Choice tile 3 + 1 per active employee + "
        "departments built (3 top row, 2 other rows) + tab VP + major-city connections (§9.3) + city VP + "
        "donations (§9.2). Ties share the win (R9.2.1).",
    ),
    "solo": (
        "Solo against Andrew",
        "You and Andrew alternate choosing the row: you in odd rounds, Andrew in even ones (§10.2). Andrew "
        "draws an action card each round, takes his turn before you (S3) and scores from his cards, discs "
        "and donations at the end (§10.4); the higher total wins.",
    ),
}
TOPICS: dict[str, Topic] = {key: Topic(title=title, body=body) for key, (title, body) in _TOPICS.items()}

HELP = (
    "Carnegie: `/game board` shows the board overview with the provisional score; `/game player [player]` "
    "a company board (yours by default); `/game score` the score category by category; `/game log` what "
    "happened lately; `/game rules [topic]` a short rule summary with the rule numbers; `/game play "
    "action:` types a move (the same choices as your panel). With 1 player you play solo against Andrew."
)

GUIDE = Guide(blurb=BLURB, options=OPTIONS, topics=TOPICS, help=HELP)
