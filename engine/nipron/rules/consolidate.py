"""Consolidate (§5): budget, Emperor's reward, workforce, then a pending refill (§4.7)."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import Msg, msg, plural
from engine.nipron import data, words
from engine.nipron.rules.common import colours_held, ev, gain, gain_vp, level, who
from engine.nipron.rules.refill import finish_pending
from engine.nipron.state import NipronState, Zaibatsu
from engine.nipron.words import yen

RULE = "§5"


def do_budget(state: NipronState, seat: int, events: list[Event]) -> None:
    """Step 1: yen and coal go back; take the money level and the coal level."""
    z = state.zaibatsu[seat]
    z.yen = level(z, "money")
    z.coal = level(z, "coal")
    text = msg(
        "{who} took their budget: {yen} and {coal}.",
        who=who(seat),
        yen=yen(z.yen),
        coal=words.amount("coal", z.coal),
    )
    events.append(ev("budget", text, seat))


def reward_level(z: Zaibatsu) -> int:
    """Step 2: the level above the rightmost occupied worker space (0 below 3 workers) [I]."""
    return data.REWARD_LEVEL_BY_WORKERS.get(len(z.workers), 0)


def reward_choices(state: NipronState, z: Zaibatsu) -> list[tuple[int, str]]:
    """(multiplier, bonus) tiles the player may take; (2, "none") is a 2x multiplier tile."""
    lvl = reward_level(z)
    if not lvl:
        return []
    if any(n for column in state.rewards for n in column):
        return [
            (mult, bonus)
            for c, mult in enumerate(data.MULTIPLIERS)
            if mult <= lvl
            for b, bonus in enumerate(data.REWARD_BONUSES)
            if state.rewards[c][b]
        ]
    # No reward tiles remain at all: a 2x multiplier tile instead, if one is left.
    return [(2, "none")] if state.multipliers else []


def check_reward(state: NipronState, z: Zaibatsu, mult: int, bonus: str) -> tuple[Msg, str] | None:
    if (mult, bonus) not in reward_choices(state, z):
        return (
            msg(
                "You may not take a {mult}x reward with {bonus} now (reward level {level}).",
                mult=mult,
                bonus=words.REWARD_WORDS.get(bonus, bonus),
                level=reward_level(z),
            ),
            RULE,
        )
    return None


def do_reward(state: NipronState, seat: int, mult: int, bonus: str, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    if bonus == "none":
        state.multipliers -= 1
        text = msg(
            "{who} took a ×2 multiplier tile (no bonus): it will multiply one achievement at the end.",
            who=who(seat),
        )
    else:
        state.rewards[data.MULTIPLIERS.index(mult)][data.REWARD_BONUSES.index(bonus)] -= 1
        state.rewards_taken += 1
        got = gain(z, bonus, data.REWARD_BONUS_AMOUNT[bonus], "rewards")
        text = msg(
            "{who} took the Emperor's reward: {got} and a ×{mult} multiplier for one achievement at the end.",
            who=who(seat),
            got=got,
            mult=mult,
        )
    events.append(ev("reward", text, seat, True, mult=mult, bonus=bonus))
    state.reward_mult = mult


def empty_achievements(z: Zaibatsu) -> list[str]:
    return [a for i, a in enumerate(data.ACHIEVEMENTS) if not z.achievements[i]]


def do_achieve(state: NipronState, seat: int, space: str, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    z.achievements[data.ACHIEVEMENTS.index(space)] = state.reward_mult
    events.append(
        ev(
            "achieve",
            msg(
                "{who} put the ×{mult} multiplier tile on the achievement “{achievement}”.",
                who=who(seat),
                mult=state.reward_mult,
                achievement=words.achievement(space),
            ),
            seat,
            space=space,
        )
    )
    state.reward_mult = 0


def discard_reward(state: NipronState, seat: int, events: list[Event]) -> None:
    """[I §10.13] every achievement space is covered: the bonus stays, the tile is discarded."""
    text = msg("{who} has no empty achievement space; the tile was discarded.", who=who(seat))
    events.append(ev("achieve", text, seat))
    state.reward_mult = 0


def do_workforce(state: NipronState, seat: int, events: list[Event]) -> None:
    """Step 3: 3,000 yen per colour held, 2 VP per colour left unpaid [I §10.7]; workers go back to
    the bag, then a pending refill is finished [I §10.15]."""
    z = state.zaibatsu[seat]
    colours = colours_held(z)
    paid = min(colours, z.yen // data.WORKFORCE_COST)
    z.yen -= paid * data.WORKFORCE_COST
    lost = gain_vp(z, -data.WORKFORCE_PENALTY_VP * (colours - paid), "workforce")
    for colour in z.workers:
        state.bag[colour] += 1
    cost = yen(paid * data.WORKFORCE_COST)
    workers = plural("{n} worker", "{n} workers", len(z.workers))
    if colours and lost:
        text = msg(
            "{who} paid {cost} for {colours}, lost {lost} VP for unpaid colours, "
            "and returned {workers} to the bag.",
            who=who(seat),
            cost=cost,
            colours=plural("{n} worker colour", "{n} worker colours", colours),
            lost=-lost,
            workers=workers,
        )
    elif colours:
        text = msg(
            "{who} paid {cost} for {colours} and returned {workers} to the bag.",
            who=who(seat),
            cost=cost,
            colours=plural("{n} worker colour", "{n} worker colours", colours),
            workers=workers,
        )
    else:
        text = msg("{who} had no workers to pay for.", who=who(seat))
    events.append(ev("workforce", text, seat))
    z.workers = []
    finish_pending(state, events)
