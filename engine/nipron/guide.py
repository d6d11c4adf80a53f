"""What Nipron says about itself without a state: the blurb, the options and rule summaries in player
words (no rule ids), for the bot's help."""

from __future__ import annotations

from engine.core import Guide, OptionChoice, OptionSpec, Topic
from engine.core.words import Msg, join, msg
from engine.nipron import data, words


def _factories() -> Msg:
    lines = []
    for good in data.GOODS:
        tiles = [t for t in data.FACTORY_IDS if data.FACTORIES[t].good == good]
        level = data.FACTORIES[tiles[0]].level
        bonuses = join("; ", [words.factory_bonus(t) for t in tiles])
        lines.append(
            msg(
                "{good} (level {level}): {bonuses}.",
                good=words.GOOD_TITLE[good],
                level=level,
                bonuses=bonuses,
            )
        )
    return msg(
        "A factory needs knowledge 2, 4 or 6 for level 1, 2 or 3; blueprints cover what is missing. Each "
        "tile has its own bonus: {bonuses}",
        bonuses=join(" ", lines),
    )


def _contract(c: str) -> Msg:
    need, reward = words.contract_need_words(c), words.contract_reward(c)
    steps = data.CONTRACTS[c].money_steps
    if steps:
        return msg(
            "{need}: {reward} and +{steps}", need=need, reward=reward, steps=words.steps(steps, "money")
        )
    return join(": ", [need, reward])


def _contracts() -> Msg:
    return msg(
        "A contract is named by the goods it asks for; each number is goods of one kind. {contracts}.",
        contracts=join("; ", [_contract(c) for c in data.CONTRACT_IDS]),
    )


TOPICS: dict[str, Topic] = {
    "overview": Topic(
        title=msg("Overview"),
        body=msg(
            "You run a zaibatsu in Meiji-era Japan. On your turn you either take a worker from one of the "
            "five action spaces and do an action shown there, or you consolidate. There are no rounds: a "
            "marker advances each time the action spaces are refilled from the bag, and it triggers three "
            "district scorings. When it reaches the golden spaces everyone gets exactly three more turns, "
            "then the third scoring and the final scoring end the game. Most VP wins."
        ),
    ),
    "actions": Topic(
        title=msg("Actions"),
        body=msg(
            "Space 1: Knowledge (1/2/3 steps for ¥1,000/3,000/6,000) or Production (run 1–3 factories "
            "for their coal). Space 2: Export (fulfil 1–3 contracts with goods) or Invest (a factory for "
            "¥6,000; blueprints cover missing knowledge). Space 3: Mines (coal track, costs as Knowledge) "
            "or Machines (¥5,000 each, 1–3). Space 4: Trains or Ships (¥5,000 each, 1–3, in different "
            "districts). Space 5: Local Market (1–3 influence tiles in one district, paid with goods). "
            "Pick only an action you can carry out in full. At any time in your turn you may trade 3 "
            "blueprints for one step on your coal, money or knowledge track."
        ),
    ),
    "consolidate": Topic(
        title=msg("Consolidate"),
        body=msg(
            "Instead of taking a worker you may consolidate; with 6 workers you must. First your budget is "
            "reset to your money and coal income. Then, with 3 or more workers, take an Emperor's reward "
            "whose multiplier is at most your level (3 workers: 2x, 4: 3x, 5: 4x, 6: 5x): gain its bonus and "
            "put the multiplier on an empty achievement space. Last, pay ¥3,000 per different worker colour "
            "(2 VP lost for each colour you cannot pay) and return your workers to the bag."
        ),
    ),
    "market": Topic(
        title=msg("Local Market"),
        body=msg(
            "Discard 1–3 goods of one type to place an influence tile next to the side of a city showing "
            "that good. More goods and higher-level goods allow higher tiles. You may cover a lower tile of "
            "anyone (it goes back to its owner). With 2 or 3 players a city holds at most 2 or 3 tiles; a "
            "full city only takes a tile higher than its lowest one, which leaves. Each tile placed gains "
            "the district's bonus."
        ),
    ),
    "scoring": Topic(
        title=msg("Scoring"),
        body=msg(
            "At each of the three scorings every district ranks the players by influence: their tiles "
            "there, plus 2 per train if they have a tile there. Foreign companies rank too, with the printed "
            "numbers of empty spaces. 1st/2nd/3rd earn 10/7/5, then 15/11/8, then 20/15/11 VP; ties share "
            "and round down. Players 1st or 2nd also get 2 VP per ship they have in that district."
        ),
    ),
    "factories": Topic(title=msg("Factories and their bonuses"), body=_factories()),
    "contracts": Topic(title=msg("Contracts"), body=_contracts()),
    "achievements": Topic(
        title=msg("Achievements"),
        body=msg(
            "Each of the 9 achievement spaces scores its condition times the multiplier on it at the end: "
            "{achievements}.",
            achievements=join("; ", [words.achievement(a) for a in data.ACHIEVEMENTS]),
        ),
    ),
    "districts": Topic(
        title=msg("Districts"),
        body=msg(
            "Japan has four districts, each with a West city and an East city; influence tiles go north, "
            "east, south or west of a city. Each tile placed gains its district's bonus: {bonuses}.",
            bonuses=join(
                "; ",
                [
                    join(": ", [words.district(d), words.amount(kind, n)])
                    for d, (kind, n) in enumerate(data.DISTRICT_BONUS)
                ],
            ),
        ),
    ),
    "end": Topic(
        title=msg("End of the game"),
        body=msg(
            "After the third scoring comes the final scoring: take your money income, pay ¥3,000 per worker "
            "colour you still hold, then score the 9 achievement spaces, each worth its condition times "
            "the multiplier on it (two spaces have a printed 1x; empty others score nothing). Most VP wins; "
            "among tied players, the one who played most recently wins."
        ),
    ),
}

GUIDE = Guide(
    blurb=msg(
        "Build an industrial empire in Meiji Japan: workers, factories, contracts and district influence."
    ),
    options=[
        OptionSpec(
            key="first",
            name=msg("first"),
            description=msg("Who plays first (default: drawn at random)."),
            choices=[
                OptionChoice(value=v, label=msg("at random") if v == "random" else msg("Seat {n}", n=v))
                for v in ("random", "1", "2", "3", "4")
            ],
        )
    ],
    topics=TOPICS,
    help=msg(
        "Take a worker and do an action on its space, or consolidate. Build factories, produce goods, "
        "fulfil contracts and place influence before the three district scorings."
    ),
)
