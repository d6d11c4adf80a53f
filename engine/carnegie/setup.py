"""Setup (rules.md §3) for 1–4 players (solo: the 2-player setup plus Andrew, §10.1); the decisions of
steps 6B and 10–12 are taken through actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.carnegie import data, solo
from engine.carnegie.reconstructed import LOBBY, N_CELLS, PERMANENT_WORKPLACE, START_LAYOUT, TABS
from engine.carnegie.state import (
    ACTIVE,
    FREE,
    NEUTRAL,
    NO_OWNER,
    NO_PROJECT,
    CarnegieState,
    Company,
    workplace_costs,
)
from engine.core import InvalidOptions, Rng
from engine.core.words import msg

OPTION_VALUES: dict[str, tuple[str, ...]] = {
    "tab_sides": ("chosen", "random"),
    "beginner": ("no", "yes"),
}


# Solo only (rules.md R10.1.6): how many Advanced cards Andrew's deck holds.
SOLO_OPTION_VALUES: dict[str, tuple[str, ...]] = {"difficulty": tuple(solo.DIFFICULTIES)}


def read_options(players: int, options: Mapping[str, Any] | None) -> dict[str, str]:
    if not 1 <= players <= 4:
        raise InvalidOptions(msg("Carnegie is played by 1 (solo, against Andrew) to 4 players."))
    out = {"tab_sides": "chosen", "beginner": "no"}
    known = dict(OPTION_VALUES)
    if players == 1:
        out["difficulty"] = solo.DEFAULT_DIFFICULTY
        known |= SOLO_OPTION_VALUES
    for key, value in (options or {}).items():
        if key in SOLO_OPTION_VALUES and players > 1:
            raise InvalidOptions(msg("Option {option} is for the solo game (1 player) only.", option=key))
        if key not in known:
            raise InvalidOptions(
                msg(
                    "Unknown Carnegie option {option} (known: {known}).",
                    option=repr(key),
                    known=", ".join(known),
                )
            )
        text = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else str(value)
        if key in SOLO_OPTION_VALUES:
            text = str(text).lower()
        if text not in known[key]:
            raise InvalidOptions(
                msg("Option {option} must be one of {values}.", option=key, values=", ".join(known[key]))
            )
        out[key] = text
    return out


def _company(sides: list[int], action_choice: bool) -> Company:
    staff: list[list[int]] = []
    idle = [0] * N_CELLS
    for cell, content in enumerate(START_LAYOUT):
        if content > 0:
            wps = [FREE] * len(workplace_costs(content))
            if content == data.D_HR:
                wps[PERMANENT_WORKPLACE] = ACTIVE
            # §3 step 6C: one standing employee per starting department, on its first free workplace (D-18).
            wps[wps.index(FREE)] = ACTIVE
            staff.append(wps)
        else:
            staff.append([])
        if content == LOBBY:
            idle[cell] = data.EMPLOYEES_ON_BOARD - 5
    return Company(
        cells=list(START_LAYOUT),
        staff=staff,
        idle=idle,
        missions=[0, 0, 0, 0],
        supply=data.EMPLOYEE_SUPPLY,
        discs=data.DISC_SUPPLY,
        money=data.START_MONEY,
        goods=data.START_GOODS,
        vp=0,
        tracks=[1, 1, 1, 1],
        tab_side=sides,
        tab_pos=[0, 0, 0, 0],
        tab_built=[0, 0, 0, 0],
        action_choice=action_choice,
    )


# §3 step 9, spec decision D17 overridden: the neutral discs come from all 40 solo action cards,
# Normal and Advanced. The Ukrainian and Russian rulebooks shuffle "the solo-mode action cards" ("карти дій
# соло-режиму", "карты действий для одиночного режима": the 40 of their component lists) and the solo
# helper app shuffles all 40; only the Polish rulebook reads "the basic action cards" ("Potasujcie
# podstawowe karty akcji do wariantu solo" = the 20 Normal ones), which the spec had followed. A Normal card
# and its Advanced twin list the same donation cell and cities, so both may be drawn: the second finds the
# cell taken and puts its discs on the next free slots of the same cities. Solo uses this same step (R10.1.1:
# the 2-player setup), the cards then go back to the pool for Andrew's deck.
NEUTRAL_DISC_CARDS: tuple[data.SoloCard, ...] = data.SOLO_CARDS


def place_neutral_discs(state: CarnegieState, rng: Rng, count: int) -> list[str]:
    """§3 step 9: reveal solo action cards (all 40, see above); a disc on the card's donation cell, then on
    the left-most free slot of each listed city, until ``count`` discs are placed (a full cell or city takes
    none [DEC]). Returns the ids of the cards that placed at least one disc, in order."""
    placed = 0
    used: list[str] = []
    for card in rng.shuffled(NEUTRAL_DISC_CARDS):
        if placed == count:
            break
        before = placed
        cell = data.DONATION_INDEX[card.donation]
        if not state.donation_discs[cell]:
            state.donation_discs[cell].append(NEUTRAL)
            placed += 1
        for cid in card.cities:
            if placed == count:
                break
            for k in data.CITY_SLOTS[data.CITY_INDEX[cid]]:
                if state.slot_owner[k] == NO_OWNER:
                    state.slot_owner[k] = NEUTRAL
                    placed += 1
                    break
        if placed > before:
            used.append(card.id)
    return used


def new_state(players: int, seed: int, options: Mapping[str, Any] | None) -> CarnegieState:
    opts = read_options(players, options)
    rng = Rng(seed=seed)
    # Step 2: 4 of the 8 Timeline tiles, random sides, randomly assigned to rows (D-5).
    if opts["beginner"] == "yes":
        timeline = [list(t) for t in data.BEGINNER_TIMELINE]
    else:
        timeline = [[tile, rng.below(2)] for tile in rng.shuffled(range(1, 9))[:4]]
    # Step 4: department tiles, 2 copies each, some returned to the box.
    box = rng.shuffled([t.id for t in data.TILES for _ in range(data.TILE_COPIES)])
    display = [0] * (len(data.TILES) + 1)
    for tile in box[data.TILES_REMOVED[players] :]:
        display[tile] += 1
    # Step 6B with the "random" option: each tab's side at random; "chosen": players choose (phase sides).
    random_sides = opts["tab_sides"] == "random"
    first = 0  # step 7: seat 0 starts; the bot orders seats as the players agreed
    companies = []
    for seat in range(players):
        sides = [rng.below(2) for _ in range(4)] if random_sides else [0, 0, 0, 0]
        # Step 8: every player with 4, only the third in turn order with 3, none with 2.
        has_tile = players == 4 or (players == 3 and seat == (first + 2) % 3)
        companies.append(_company(sides, has_tile))
    state = CarnegieState(
        players=players,
        rng=rng,
        companies=companies,
        timeline=timeline,
        markers=[0, 0, 0, 0],
        first=first,
        start_first=first,
        display=display,
        slot_owner=[NO_OWNER] * data.N_SLOTS,
        slot_project=[NO_PROJECT] * data.N_SLOTS,
        donation_discs=[[] for _ in data.DONATION_CELLS],
        phase="house" if random_sides else "sides",
        done=[False] * players,
        sides_chosen=[4 if random_sides else 0] * players,
        options=opts,
    )
    # Step 9: neutral discs with 2 and 3 players, and solo (R10.1.1).
    place_neutral_discs(state, state.rng, data.NEUTRAL_DISCS[players])
    if players == 1:
        # R10.1.2–R10.1.7: Andrew's discs, tracks and deck; the human selects the row in round 1.
        state.andrew = solo.new_andrew(state.rng, opts["difficulty"])
    assert len(TABS) == 4
    return state
