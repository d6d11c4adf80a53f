"""Final scoring (§6.3), achievements (§7.11), the winner and tie-breaker (§6.4), and the score sheet
(final, or provisional while the game runs)."""

from __future__ import annotations

from engine.core import Event, ScoreLine, ScoreSheet
from engine.core.words import Msg, listing, msg
from engine.nipron import data
from engine.nipron.rules.common import colours_held, ev, gain_vp, level, who
from engine.nipron.state import NOBODY, NipronState, Zaibatsu
from engine.nipron.words import yen

# The score sheet's columns: state.vp_by keeps the codes, the sheet says the words.
CATEGORY_WORD: dict[str, Msg] = {
    "start": msg("start"),
    "districts": msg("districts"),
    "ships": msg("ships"),
    "contracts": msg("contracts"),
    "factories": msg("factories"),
    "district bonuses": msg("district bonuses"),
    "workforce": msg("workforce"),
    "achievements": msg("achievements"),
}
CATEGORIES: tuple[str, ...] = tuple(CATEGORY_WORD)
STAR_ACHIEVEMENT = {"knowledge": "A3", "coal": "A5"}  # STAR synergy target -> achievement (§7.3, §7.11)


def _stars(track_step: int, stars: frozenset[int]) -> int:
    return sum(1 for s in stars if track_step >= s)


def _extra_stars(z: Zaibatsu, achievement: str) -> int:
    """Ongoing STAR synergies of owned factories (PAPER_A for A3, BULBS_D for A5)."""
    n = 0
    for f in z.factories:
        for code, *args in data.FACTORIES[f.tile].synergy:
            if code == "STAR" and STAR_ACHIEVEMENT.get(args[0]) == achievement:
                n += 1
    return n


def achievement_base(state: NipronState, seat: int, achievement: str) -> int:
    """The base VP of an achievement space's condition (§7.11)."""
    z = state.zaibatsu[seat]
    if achievement == "A1":
        return len(z.fulfilled) // 2
    if achievement == "A2":
        return z.yen // data.MONEY_ACHIEVEMENT_YEN
    if achievement == "A3":
        return _stars(z.steps["knowledge"], data.KNOWLEDGE_STARS) + _extra_stars(z, "A3")
    if achievement == "A4":
        return sum(1 for k in data.AREA_STARS["ships"] if k <= data.SHIPS_PER_PLAYER - z.ships)
    if achievement == "A5":
        return _stars(z.steps["coal"], data.COAL_STARS) + _extra_stars(z, "A5")
    if achievement == "A6":
        return sum(1 for k in data.AREA_STARS["trains"] if k <= data.TRAINS_PER_PLAYER - z.trains)
    if achievement == "A7":
        return sum(1 for f in z.factories if data.FACTORIES[f.tile].level >= 2)
    if achievement == "A8":
        return sum(1 for f in z.factories if f.machine == 2)
    # A9: districts holding at least one of the player's influence tiles
    return len({(s // 4) // 2 for s, owner in enumerate(state.owners) if owner == seat})


def multiplier(z: Zaibatsu, index: int) -> int:
    """The tile's number if a tile is there, else the printed 1x, else 0 (§6.3 step 3, [E1])."""
    placed = z.achievements[index]
    if placed:
        return placed
    return data.ACHIEVEMENT_PRINTED.get(data.ACHIEVEMENTS[index], 0)


def achievements_vp(state: NipronState, seat: int) -> list[int]:
    z = state.zaibatsu[seat]
    return [achievement_base(state, seat, a) * multiplier(z, i) for i, a in enumerate(data.ACHIEVEMENTS)]


def final_scoring(state: NipronState, events: list[Event]) -> None:
    """§6.3: budget, workforce, achievements for each player; no free actions [I §10.12]."""
    for seat, z in enumerate(state.zaibatsu):
        z.yen = level(z, "money")  # step 1: coal is not involved [E1]
        colours = colours_held(z)
        paid = min(colours, z.yen // data.WORKFORCE_COST)  # step 2, [I §10.7]
        z.yen -= paid * data.WORKFORCE_COST
        lost = gain_vp(z, -data.WORKFORCE_PENALTY_VP * (colours - paid), "workforce")
        parts = achievements_vp(state, seat)
        gain_vp(z, sum(parts), "achievements")
        said = {"who": who(seat), "income": yen(level(z, "money")), "vp": sum(parts), "total": z.vp}
        cost = yen(paid * data.WORKFORCE_COST)
        if colours and lost:
            text = msg(
                "Final scoring: {who} took {income}, paid {cost} for workers, "
                "lost {lost} VP for unpaid colours and scored {vp} VP for achievements ({total} VP in all).",
                cost=cost,
                lost=-lost,
                **said,
            )
        elif colours:
            text = msg(
                "Final scoring: {who} took {income}, paid {cost} for workers "
                "and scored {vp} VP for achievements ({total} VP in all).",
                cost=cost,
                **said,
            )
        else:
            text = msg(
                "Final scoring: {who} took {income} and scored {vp} VP for achievements ({total} VP in all).",
                **said,
            )
        events.append(
            ev(
                "final_scoring",
                text,
                seat,
                True,
                achievements=parts,
            )
        )


def tie_break(state: NipronState, tied: list[int]) -> int:
    """§6.4: among tied players the one who played most recently wins (counter-clockwise from the
    player who took the last turn, that player first)."""
    seat = state.last_seat if state.last_seat != NOBODY else state.active
    for k in range(state.players):
        candidate = (seat - k) % state.players
        if candidate in tied:
            return candidate
    raise AssertionError("a tied seat is always found")


def score(state: NipronState) -> ScoreSheet:
    lines = []
    for seat, z in enumerate(state.zaibatsu):
        cats: dict[str, int] = {CATEGORY_WORD[c]: z.vp_by.get(c, 0) for c in CATEGORIES}
        lines.append(ScoreLine(seat=seat, name=msg("Seat {n}", n=seat + 1), categories=cats, total=z.vp))
    best = max(line.total for line in lines)
    tied = [i for i, line in enumerate(lines) if line.total == best]
    if not state.over:
        # The provisional score is the VP earned so far; achievements and the last workforce depend on
        # tiles and money still to come, so they are not projected into it.
        note = msg("Provisional: VP so far; workforce and achievements are scored at the end.")
        return ScoreSheet(final=False, lines=lines, winners=tied, note=note)
    if len(tied) == 1:
        return ScoreSheet(final=True, lines=lines, winners=tied)
    winner = tie_break(state, tied)
    note = msg(
        "{names} tied on {vp} VP; {who} wins as the tied player who played most recently "
        "(the last turn, then counter-clockwise).",
        names=listing([who(s) for s in tied]),
        vp=best,
        who=who(winner),
    )
    return ScoreSheet(final=True, lines=lines, winners=[winner], note=note)
