"""Consolidate (§5): budget, Emperor's reward, workforce, then a pending refill (§4.7)."""

from __future__ import annotations

from engine.core import Event
from engine.nipron import data, words
from engine.nipron.rules.common import colours_held, ev, gain, gain_vp, level, plural, yen
from engine.nipron.rules.refill import finish_pending
from engine.nipron.state import NipronState, Zaibatsu

RULE = "§5"


def do_budget(state: NipronState, seat: int, events: list[Event]) -> None:
    """Step 1: yen and coal go back; take the money level and the coal level."""
    z = state.zaibatsu[seat]
    z.yen = level(z, "money")
    z.coal = level(z, "coal")
    events.append(ev("budget", f"{{p{seat}}} took their budget: {yen(z.yen)} and {z.coal} coal.", seat))


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


def check_reward(state: NipronState, z: Zaibatsu, mult: int, bonus: str) -> tuple[str, str] | None:
    if (mult, bonus) not in reward_choices(state, z):
        return f"You may not take a {mult}x {bonus} reward now (reward level {reward_level(z)}).", RULE
    return None


def do_reward(state: NipronState, seat: int, mult: int, bonus: str, events: list[Event]) -> None:
    z = state.zaibatsu[seat]
    if bonus == "none":
        state.multipliers -= 1
        text = f"{{p{seat}}} took a 2x multiplier tile (no bonus)."
    else:
        state.rewards[data.MULTIPLIERS.index(mult)][data.REWARD_BONUSES.index(bonus)] -= 1
        state.rewards_taken += 1
        got = gain(z, bonus, data.REWARD_BONUS_AMOUNT[bonus], "rewards")
        text = f"{{p{seat}}} took the Emperor's reward: {got} and a {mult}x multiplier."
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
            f"{{p{seat}}} put the {state.reward_mult}x tile on the achievement “{words.achievement(space)}”.",
            seat,
            space=space,
        )
    )
    state.reward_mult = 0


def discard_reward(state: NipronState, seat: int, events: list[Event]) -> None:
    """[I §10.13] every achievement space is covered: the bonus stays, the tile is discarded."""
    events.append(ev("achieve", f"{{p{seat}}} has no empty achievement space; the tile was discarded.", seat))
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
    if colours:
        text = f"{{p{seat}}} paid {yen(paid * data.WORKFORCE_COST)} for {plural(colours, 'worker colour')}"
        if lost:
            text += f", lost {-lost} VP for unpaid colours,"
        text += f" and returned {plural(len(z.workers), 'worker')} to the bag."
    else:
        text = f"{{p{seat}}} had no workers to pay for."
    events.append(ev("workforce", text, seat))
    z.workers = []
    finish_pending(state, events)
