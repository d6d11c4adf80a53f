"""Seeded random self-play for 2, 3 and 4 players, checking invariants after every action.

Checked on every game: it ends (§4.8, §6.2) with the three scorings and the final turns as
checkpoints; workers (48 less the §3.2 removal), influence tiles (10 each), trains and ships (6 each),
factory tiles (24), reward tiles (24, §3.1 step 8) and contracts (8 each) are conserved; nothing is
negative (P20 for VP); goods fit their storage; cities and districts respect the player-count limits
(§3.2); ``apply`` never mutates its input; every listed action round-trips through its notation
(≤ 90 characters) and has a label (≤ 80); at most 100 actions are listed; actions not listed are
refused with a rule and change nothing; replaying the log from the seed gives the identical state.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import (
    CHECKPOINT,
    MAX_CHOICES,
    MAX_LABEL,
    MAX_NOTATION,
    EngineError,
    IllegalAction,
    NotYourTurn,
    RandomPlayer,
    replay,
)
from engine.nipron import GAME as G
from engine.nipron import data
from engine.nipron.state import NOBODY, NipronState

SEEDS = range(10)
PROBES = (
    "take 1 white",
    "take 5 black",
    "consolidate",
    "knowledge 3",
    "mines 1",
    "run silk",
    "run bulbs",
    "invest CLOCKS_A",
    "invest SILK_A",
    "machines 3",
    "machine paper",
    "train 1",
    "ship 4",
    "export K8",
    "export K1",
    "give lenses",
    "sell clocks 3",
    "sell silk 1",
    "put 7 C1N",
    "put 1 C8W",
    "bump C2S",
    "budget",
    "pay",
    "reward 5 yen",
    "reward 2 none",
    "achieve A9",
    "end",
    "trade knowledge",
    "trade coal",
)


def check_invariants(st: NipronState) -> None:
    n = st.players
    per_colour = data.WORKERS_PER_COLOUR - data.WORKERS_REMOVED_PER_COLOUR[n]
    held = Counter(c for z in st.zaibatsu for c in z.workers)
    for c in range(len(data.COLOURS)):
        on_board = sum(s[c] for s in st.spaces) + sum(r[c] for r in st.rows)
        assert st.bag[c] + on_board + held[c] == per_colour
        assert st.bag[c] >= 0
    assert all(sum(s) <= data.SPACE_START_WORKERS for s in st.spaces)
    owned = [f.tile for z in st.zaibatsu for f in z.factories]
    assert sorted(owned + st.supply) == sorted(data.FACTORY_IDS)
    assert sum(map(sum, st.rewards)) + sum(map(sum, st.boxed_rewards)) + st.rewards_taken == 24
    assert 0 <= st.multipliers <= data.MULTIPLIER_2X_TILES
    for seat, z in enumerate(st.zaibatsu):
        placed = [st.values[i] for i, o in enumerate(st.owners) if o == seat]
        assert sorted(z.hand + placed) == sorted(data.INFLUENCE_TILES)
        assert z.trains + sum(st.trains[d][seat] for d in range(4)) == data.TRAINS_PER_PLAYER
        assert z.ships + sum(st.ships[d][seat] for d in range(4)) == data.SHIPS_PER_PLAYER
        assert sorted(z.contracts + z.fulfilled) == sorted(data.CONTRACT_IDS)
        assert min(z.yen, z.coal, z.blueprints, z.vp, z.machines, z.trains, z.ships) >= 0
        assert len(z.workers) <= data.WORKER_SPACES
        assert sum(z.vp_by.values()) == z.vp
        assert len({data.FACTORIES[f.tile].good for f in z.factories}) == len(z.factories)
        for f in z.factories:
            assert 0 <= f.goods <= data.FACTORIES[f.tile].storage and 0 <= f.machine <= 2
        assert all(0 <= s <= data.TRACK_TOP[t] for t, s in z.steps.items())
    for city in range(data.CITIES):
        around = sum(1 for s in range(4) if st.owners[city * 4 + s] != NOBODY)
        # while the active player chooses which lowest tile leaves a full city, the new one is already there
        choosing = st.phase == "bump" and st.bump_space // 4 == city
        assert around <= data.CITY_MAX_TILES[n] + choosing
    for d in range(data.DISTRICTS):
        assert sum(st.trains[d]) + sum(st.ships[d]) <= data.TRANSPORT_SPACES[n]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_selfplay(players: int, seed: int) -> None:
    st = G.new_game(players, seed)
    ais = [RandomPlayer(seed * 10 + i) for i in range(players)]
    moves: list[tuple[int, str]] = []
    takes = told = 0
    keys: list[str] = []
    for step_no in range(5_000):
        decision = G.pending(st)
        if decision.finished:
            break
        seat = decision.seats[0]
        acts = G.legal_actions(st, seat)
        assert 0 < len(acts) <= MAX_CHOICES
        texts = [G.format_action(a) for a in acts]
        assert all(
            len(t) <= MAX_NOTATION and G.parse_action(t) == a for t, a in zip(texts, acts, strict=True)
        )
        assert decision.done is None or decision.done in texts
        if step_no % 5 == 0:
            assert all(len(G.describe_action(st, seat, a)) <= MAX_LABEL for a in acts)
            before = G.dump_state(st)
            for probe in PROBES:
                if probe in texts:
                    continue
                with pytest.raises(EngineError) as err:
                    G.apply(st, seat, G.parse_action(probe))
                assert isinstance(err.value, IllegalAction) and err.value.rule
            other = (seat + 1) % players
            assert G.legal_actions(st, other) == []
            with pytest.raises(NotYourTurn):
                G.apply(st, other, acts[0])
            assert G.dump_state(st) == before
        action = ais[seat].choose(G, st, seat, acts)
        before = G.dump_state(st)
        step = G.apply(st, seat, action)
        assert G.dump_state(st) == before  # apply never mutates its input
        if step.state.active != st.active:
            assert step.barrier
        keys += [e.data["key"] for e in step.events if e.kind == CHECKPOINT]
        assert all(
            e.seat is None or f"{{p{e.seat}}}" in e.text or e.kind == CHECKPOINT
            for e in step.events
            if e.kind in ("take", "invest", "export", "influence")
        )
        moves.append((seat, G.format_action(action)))
        takes += action.kind == "take"
        told += sum(1 for e in step.events if "worker from space" in e.text)
        st = step.state
        check_invariants(st)
    assert G.pending(st).finished and st.over
    assert takes == told  # every worker taken is told with its action, once
    assert keys == ["scoring-1", "scoring-2", "final-turns", "scoring-3"]
    sheet = G.score(st)
    assert sheet.final and len(sheet.winners) == 1
    assert all(line.total == sum(line.categories.values()) for line in sheet.lines)
    assert G.dump_state(replay(G, players, seed, None, moves)) == G.dump_state(st)
    assert G.dump_state(G.load_state(G.dump_state(st))) == G.dump_state(st)
