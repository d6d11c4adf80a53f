"""The donations category of a score line split into its discs, each with what it counts (rules.md §8.4):
a donation's points move with goods held, employees standing or projects built elsewhere, without a
donation of their own, so a summary names the count that moved ("Welfare: 0 goods to pay, was 2")."""

from __future__ import annotations

from collections.abc import Sequence

from engine.carnegie import data, scoring
from engine.carnegie.scoring import (
    DONATIONS,
    Achievements,
    DonationScore,
    achievements,
    andrew_donation_scores,
    donation_codes,
    donation_scores,
)
from engine.carnegie.state import ANDREW, CarnegieState
from engine.carnegie.welfare import WELFARE_BOTH, WELFARE_GOODS, WELFARE_MONEY, WelfarePayment
from engine.core import ScorePart, ScoreSheet
from engine.core.words import Msg, msg, plural

_DEPARTMENT_TYPES = {"EDU-HR": data.HR, "EDU-MGT": data.MGT, "EDU-CON": data.CON, "EDU-RND": data.RND}
_PROJECT_TYPES = {"RIG-INFRA": data.INFRA, "RIG-INDUSTRY": data.INDUSTRY}


def _region_projects(region: int, n: int) -> Msg:
    # One sentence per region: "in the East" is said with a different case or preposition per region.
    if region == data.WEST:
        return plural("{n} project in the West", "{n} projects in the West", n)
    if region == data.MIDWEST:
        return plural("{n} project in the Midwest", "{n} projects in the Midwest", n)
    if region == data.SOUTH:
        return plural("{n} project in the South", "{n} projects in the South", n)
    return plural("{n} project in the East", "{n} projects in the East", n)


_HEALTH = {"HEA-WEST": data.WEST, "HEA-MIDWEST": data.MIDWEST, "HEA-SOUTH": data.SOUTH, "HEA-EAST": data.EAST}


def counted(code: str, source: Achievements, welfare: WelfarePayment) -> tuple[int, Msg]:
    """What the disc on cell ``code`` counts on ``source`` (§8.4), as a number and in words; a welfare
    payment cell counts the repetitions ``welfare`` pays (R8.4.2: from money and goods held now)."""
    if code in _DEPARTMENT_TYPES:
        n = source.departments[_DEPARTMENT_TYPES[code]]
        kind = data.ACTION_TYPES[_DEPARTMENT_TYPES[code]]
        return n, plural("{n} {kind} department", "{n} {kind} departments", n, kind=kind)
    if code in _PROJECT_TYPES:
        n = source.projects[_PROJECT_TYPES[code]]
        kind = data.PROJECT_TYPES[_PROJECT_TYPES[code]]
        return n, plural("{n} {kind} project", "{n} {kind} projects", n, kind=kind)
    if code in _HEALTH:
        n = source.regions[_HEALTH[code]]
        return n, _region_projects(_HEALTH[code], n)
    times = welfare.times.get(code, 0)
    match code:
        case "EDU-ALL":
            n = sum(source.departments)
            return n, plural("{n} department", "{n} departments", n)
        case "RIG-HOUSCOM":
            n = source.projects[data.HOUSING] + source.projects[data.COMMERCE]
            return n, plural("{n} Housing or Commerce project", "{n} Housing or Commerce projects", n)
        case "RIG-RAIL":
            n = source.railroads
            return n, plural("{n} region at Railroad level", "{n} regions at Railroad level", n)
        case "RIG-DONATIONS":
            n = source.donations
            return n, plural("{n} donation made", "{n} donations made", n)
        case "WEL-7VP":
            return 1, msg("7 VP")
        case "WEL-ACTIVE":
            n = source.active
            return n, plural("{n} active employee", "{n} active employees", n)
        case "HEA-SMALLTOWN":
            n = source.small_towns
            return n, plural("{n} project in a small town", "{n} projects in small towns", n)
    if code == WELFARE_GOODS:
        return times, plural("{n} good to pay", "{n} goods to pay", times)
    if code == WELFARE_MONEY:
        return times, plural("{n} payment of $5", "{n} payments of $5", times)
    if code == WELFARE_BOTH:
        return times, plural("{n} payment of $5 and 1 good", "{n} payments of $5 and 1 good", times)
    raise ValueError(f"unknown donation cell {code!r}")


def donation_parts(
    category: str, scores: Sequence[DonationScore], source: Achievements, welfare: WelfarePayment
) -> list[ScorePart]:
    """One part per donation disc (``scores``, scored on ``source``): its column's name ("Welfare"),
    what it counts and its VP after the cap (§8.5)."""
    parts = []
    for score in scores:
        column = data.DONATION_CELLS[data.DONATION_INDEX[score.code]][1]
        n, words = counted(score.code, source, welfare)
        parts.append(
            ScorePart(
                category=category,
                key=score.code,
                label=data.DONATION_COLUMNS[column - 1],
                counted=words,
                count=n,
                vp=score.vp,
            )
        )
    return parts


def seat_parts(state: CarnegieState, seat: int) -> list[ScorePart]:
    """The donation parts of a player's line: their discs scored on their own achievements."""
    own = achievements(state, seat)
    scores, welfare = donation_scores(state, seat, own)
    return donation_parts(DONATIONS, scores, own, welfare)


def andrew_parts(state: CarnegieState) -> list[ScorePart]:
    """Solo: Andrew's donation parts, his discs scored on the human's achievements and paid from what the
    human's own score leaves (R10.4.1, R10.4.2)."""
    human = achievements(state, 0)
    _, own = donation_scores(state, 0, human)
    his, welfare = andrew_donation_scores(
        donation_codes(state, ANDREW), human, own.money_left, own.goods_left
    )
    return donation_parts(DONATIONS, his, human, welfare)


def score(state: CarnegieState) -> ScoreSheet:
    """``scoring.score`` with each line's donation parts, the sheet the game shows."""
    sheet = scoring.score(state)
    for line in sheet.lines:
        line.parts = seat_parts(state, line.seat) if line.seat is not None else andrew_parts(state)
    return sheet
