"""Every scenario of examples.md (E01–E20 seed examples, X01–X03 reference sheet, D01–D08 derived),
one test each, named after it and citing its rule. Values tagged [P] are read from ``data``."""

from __future__ import annotations

import pytest

from engine.core import CHECKPOINT, IllegalAction
from engine.nipron import data
from engine.nipron.rules.common import level
from engine.nipron.rules.scorings import district_awards, district_influence
from engine.nipron.scoring import achievement_base, multiplier, score, tie_break
from engine.nipron.state import NOBODY, NipronState
from tests.engine.nipron.fixtures import (
    add_factory,
    empty_rows,
    fresh,
    legal,
    only_worker_on,
    place,
    play,
    set_city,
    side_of,
)

BP_DISTRICT = next(d for d, (kind, _) in enumerate(data.DISTRICT_BONUS) if kind == "bp") + 1


def test_E01_blueprints_are_counted_by_value() -> None:
    """§0.2: gaining "2 blueprints" from a district bonus adds value 2 to the one integer."""
    st = fresh(4)
    z = st.zaibatsu[0]
    assert z.blueprints == 1
    city = 2 * BP_DISTRICT - 1
    set_city(st, city, "T3", 0)
    add_factory(st, 0, "SILK_A", goods=1)
    only_worker_on(st, 5)
    st, _ = play(st, "take 5 white", "sell silk 1", f"put 1 {side_of(st, city, 'silk')}")
    assert st.zaibatsu[0].blueprints == 3


def test_E02_final_phase_exactly_three_more_turns_each() -> None:
    """§4.8: the marker reaching the first golden space gives every player exactly 3 more turns."""
    st = fresh(3)
    st.marker = data.FIRST_GOLDEN - 1
    empty_rows(st)
    only_worker_on(st, 1)
    st, events = play(st, "take 1 white", "knowledge 1")
    assert st.marker == data.FIRST_GOLDEN and st.final_seat == 0
    assert any(e.kind == CHECKPOINT and e.data["key"] == "final-turns" for e in events)
    turns = {0: 0, 1: 0, 2: 0}
    for expected_marker in (data.FIRST_GOLDEN + 1, data.FIRST_GOLDEN + 2):
        for seat in (1, 2, 0):
            assert st.active == seat
            st, _ = play(st, "consolidate")
            turns[seat] += 1
        assert st.marker == expected_marker
    # a refill with every row empty during the final phase does not move the marker [I]
    empty_rows(st)
    only_worker_on(st, 1)
    st, events = play(st, "take 1 white", "knowledge 1")
    turns[1] += 1
    assert st.marker == data.FIRST_GOLDEN + 2 and sum(st.spaces[0]) == 3
    assert any(e.kind == "refill" and e.data.get("full") for e in events)
    for seat in (2, 0):
        st, events = play(st, "consolidate")
        turns[seat] += 1
    assert st.over and turns == {0: 3, 1: 3, 2: 3}
    assert any(e.kind == CHECKPOINT and e.data["key"] == "scoring-3" for e in events)


def test_E03_local_market_only_on_the_rightmost_space() -> None:
    """§4.4 / §7.1: only space 5 offers Local Market."""
    st = fresh(4)
    add_factory(st, 0, "SILK_A", goods=2)
    for space in (1, 2, 3, 4):
        colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[space - 1]) if n)
        after, _ = play(st, f"take {space} {colour}")
        assert not any(t.startswith("sell") for t in legal(after))
        with pytest.raises(IllegalAction) as err:
            play(after, "sell silk 1")
        assert err.value.rule in ("§4.4", "§4.3")
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[4]) if n)
    after, _ = play(st, f"take 5 {colour}")
    assert "sell silk 1" in legal(after)


def test_E04_knowledge_level_between_numbers() -> None:
    """§7.4: a marker on a blank step reads the nearest printed number below (step 3 -> 3)."""
    st = fresh(2)
    st.zaibatsu[0].steps["knowledge"] = 3
    assert level(st.zaibatsu[0], "knowledge") == 3


def test_E05_blueprints_cover_missing_knowledge() -> None:
    """§4.5.1: shortfall 4 − 3 = 1 is paid with 1 blueprint; knowledge is not spent."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.steps["knowledge"], z.yen, z.blueprints = 2, 6_000, 1
    vp = z.vp
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[1]) if n)
    st, _ = play(st, f"take 2 {colour}", "invest BENTO_C")
    z = st.zaibatsu[0]
    assert (z.yen, z.blueprints, z.steps["knowledge"]) == (0, 0, 2)
    assert [(f.tile, f.goods, f.machine) for f in z.factories] == [("BENTO_C", 0, 0)]
    bonus = int(data.FACTORIES["BENTO_C"].synergy[0][1])  # [P] P6
    assert z.vp == vp + bonus


def test_E05_negative_invest_needs_the_blueprints() -> None:
    """§4.5.1 / §4.3: with 0 blueprints BENTO_C is illegal; with no legal tile Invest cannot be chosen."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.steps["knowledge"], z.yen, z.blueprints = 2, 6_000, 0
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[1]) if n)
    after, _ = play(st, f"take 2 {colour}")
    with pytest.raises(IllegalAction) as err:
        play(after, "invest BENTO_C")
    assert err.value.rule == "§4.5.1"
    st.supply = [t for t in st.supply if data.FACTORIES[t].level >= 2]
    assert not any(t.startswith("take 2 ") for t in legal(st))
    with pytest.raises(IllegalAction) as err:
        play(st, f"take 2 {colour}")
    assert err.value.rule == "§4.3"


def test_E06_build_then_upgrade_a_machine() -> None:
    """§4.5.2: two improvements on one factory: place a +1, then flip it to +2."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.yen = 10_000
    add_factory(st, 0, "SILK_A")
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[2]) if n)
    st, _ = play(st, f"take 3 {colour}", "machines 2")
    z = st.zaibatsu[0]
    assert (z.yen, z.factories[0].machine, z.machines) == (0, 2, 0)


def test_E07_unplaceable_machines_go_to_the_personal_supply() -> None:
    """§4.5.2 step 3 and §4.5.1 step 6: spare machines wait, then equip the next factory as +2."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.yen = 15_000
    add_factory(st, 0, "SILK_A", machine=1)
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[2]) if n)
    st, _ = play(st, f"take 3 {colour}", "machines 3")
    z = st.zaibatsu[0]
    assert (z.yen, z.factories[0].machine, z.machines) == (0, 2, 2)
    # part 2: a later Invest (PAPER_D) takes both supply tiles as one +2 machine
    st.active, st.phase = 0, "turn"
    st.zaibatsu[0].yen = 6_000
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[1]) if n)
    st, _ = play(st, f"take 2 {colour}", "invest PAPER_D")
    z = st.zaibatsu[0]
    paper = z.factory("paper")
    assert paper is not None and paper.machine == 2
    assert z.machines == 0


def test_E08_production_limited_by_storage() -> None:
    """§4.5.3: 1 + 2 goods would be made but only 2 fit; coal 3 − 2 = 1."""
    st = fresh(2)
    st.zaibatsu[0].coal = 3
    add_factory(st, 0, "SILK_A", goods=2, machine=2)
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[0]) if n)
    taken, _ = play(st, f"take 1 {colour}")
    after, _ = play(taken, "run silk")
    z = after.zaibatsu[0]
    assert (z.coal, z.factories[0].goods) == (1, 4)
    for goods, coal in ((4, 3), (2, 1)):
        bad = taken.model_copy(deep=True)
        bad.zaibatsu[0].factories[0].goods = goods
        bad.zaibatsu[0].coal = coal
        with pytest.raises(IllegalAction) as err:
            play(bad, "run silk")
        assert err.value.rule == "§4.5.3"


def test_E09_contract_two_of_one_type_and_one_of_another() -> None:
    """§4.5.8: K4 [2,1] with silk 2 and paper 1; reward and money step from data (P5)."""
    st = fresh(2)
    add_factory(st, 0, "SILK_A", goods=2)
    add_factory(st, 0, "PAPER_A", goods=1)
    vp = st.zaibatsu[0].vp
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[1]) if n)
    st, _ = play(st, f"take 2 {colour}", "export K4")
    z = st.zaibatsu[0]
    k4 = data.CONTRACTS["K4"]
    assert [f.goods for f in z.factories] == [0, 0]
    assert z.vp == vp + k4.reward and z.steps["money"] == k4.money_steps
    assert "K4" in z.fulfilled and "K4" not in z.contracts


def test_E09_negative_one_type_cannot_meet_two_types() -> None:
    st = fresh(2)
    add_factory(st, 0, "SILK_A", goods=3)
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[1]) if n)
    st, _ = play(st, f"take 2 {colour}")
    with pytest.raises(IllegalAction) as err:
        play(st, "export K4")
    assert err.value.rule == "§4.5.8"


def test_E10_city_tile_demand_and_orientation() -> None:
    """§7.5: T3 turned once: N bulbs, E silk, S paper, W lenses; values N3 E2 S1 W0 (P9)."""
    assert {data.side_good("T3", 1, s) for s in range(4)} == {"silk", "paper", "lenses", "bulbs"}
    assert [data.side_good("T3", 1, s) for s in range(4)] == ["bulbs", "silk", "paper", "lenses"]
    assert data.SIDE_VALUES == (3, 2, 1, 0)


def test_E11_silk_goes_next_to_the_silk_side() -> None:
    """§4.5.9: the only target on C1 for silk is its silk side (E); the district bonus once."""
    st = fresh(4)
    set_city(st, 1, "T3", 1)
    set_city(st, 2, "T1", 0)  # no silk on C2
    add_factory(st, 0, "SILK_A", goods=1)
    only_worker_on(st, 5)
    st, _ = play(st, "take 5 white", "sell silk 1")
    # the district of the action is the one of its first tile: targets in D1 are C1/C2 spaces
    assert [t for t in legal(st) if t.startswith("put") and t[-3:-1] in ("C1", "C2")] == ["put 1 C1E"]
    coal = st.zaibatsu[0].coal
    st, _ = play(st, "put 1 C1E")
    z = st.zaibatsu[0]
    assert z.factories[0].goods == 0 and (st.owners[1], st.values[1]) == (0, 1)
    kind, amount = data.DISTRICT_BONUS[0]
    assert kind != "coal" or z.coal == coal + amount


def test_E12_influence_table_readings() -> None:
    """§7.6: 3 paper -> up to 3; 2 clocks -> up to 6; a lower value is always allowed."""
    assert data.INFLUENCE_TABLE["paper"][2] == 3
    assert data.INFLUENCE_TABLE["clocks"][1] == 6
    st = fresh(4)
    set_city(st, 1, "T1", 0)  # clocks on the S side
    add_factory(st, 0, "CLOCKS_A", goods=2)
    only_worker_on(st, 5)
    st, _ = play(st, "take 5 white", "sell clocks 2")
    assert "put 4 C1S" in legal(st) and "put 6 C1S" in legal(st) and "put 7 C1S" not in legal(st)


def test_E13_cubes_split_across_tiles() -> None:
    """§4.5.9: 3 clocks as 1 + 2 place a 5 and a 6; the bonus is gained twice."""
    st = fresh(4)
    set_city(st, 1, "T1", 0)  # clocks S
    set_city(st, 2, "T4", 0)  # clocks E
    add_factory(st, 0, "CLOCKS_A", goods=3)
    st.zaibatsu[0].hand = [5, 6]
    only_worker_on(st, 5)
    st, _ = play(st, "take 5 white", "sell clocks 1")
    with pytest.raises(IllegalAction):
        play(st, "put 6 C1S")
    before = st.zaibatsu[0].model_copy(deep=True)
    st, events = play(st, "put 5 C1S", "sell clocks 2", "put 6 C2E")
    z = st.zaibatsu[0]
    assert z.factories[0].goods == 0 and z.hand == []
    assert sum(1 for e in events if e.kind == "bonus") == 2
    kind, amount = data.DISTRICT_BONUS[0]
    if kind == "coal":
        assert z.coal == before.coal + 2 * amount


def test_E14_replacing_a_lower_tile() -> None:
    """§4.5.9 (b): Blue's 7 replaces Purple's 5, which goes back to Purple's hand."""
    st = fresh(4)
    set_city(st, 1, "T1", 0)
    place(st, "C1S", 2, 5)  # Purple (seat 2)
    st.active = 3  # Blue
    add_factory(st, 3, "CLOCKS_A", goods=3)
    only_worker_on(st, 5)
    st, _ = play(st, "take 5 white", "sell clocks 3")
    with pytest.raises(IllegalAction):
        play(st, "put 5 C1S")
    st, events = play(st, "put 7 C1S")
    assert (st.owners[2], st.values[2]) == (3, 7)
    assert st.zaibatsu[2].hand.count(5) == 2
    assert st.zaibatsu[3].factories[0].goods == 0
    assert sum(1 for e in events if e.kind == "bonus") == 1


@pytest.mark.parametrize("variant", ["A", "B"])
def test_E15_two_player_city_maximum(variant: str) -> None:
    """§4.5.9 city at its maximum: a 5 on the empty side removes the lowest tile (a tie: Blue chooses)."""
    st = fresh(2)
    set_city(st, 1, "T1", 0)  # N paper, E lenses, S clocks, W bulbs
    place(st, "C1N", 1, 3)  # Red 3
    if variant == "A":
        place(st, "C1E", 1, 6)  # Red 6
    else:
        place(st, "C1E", 0, 3)  # Blue 3
    add_factory(st, 0, "CLOCKS_A", goods=3)
    only_worker_on(st, 5)
    st, _ = play(st, "take 5 white", "sell clocks 1")
    with pytest.raises(IllegalAction):
        play(st, "put 3 C1S")
    st, events = play(st, "put 5 C1S")
    if variant == "B":
        assert st.phase == "bump" and sorted(legal(st)) == ["bump C1E", "bump C1N"]
        st, more = play(st, "bump C1N")
        events += more
    assert st.owners[0] == NOBODY and 3 in st.zaibatsu[1].hand
    assert sum(1 for o in st.owners[0:4] if o != NOBODY) == 2
    assert (st.owners[2], st.values[2]) == (0, 5)
    assert sum(1 for e in events if e.kind == "bonus") == 1


def test_E16_consolidation_budget() -> None:
    """§5 step 1: yen and coal are replaced by the money and coal levels (16,000 and 5)."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.yen, z.coal, z.steps["money"], z.steps["coal"] = 2_000, 1, 4, 6
    st, _ = play(st, "consolidate")
    z = st.zaibatsu[0]
    assert (z.yen, z.coal) == (data.MONEY_LEVELS[4], data.COAL_LEVELS[6]) == (16_000, 5)


def test_E17_workforce_payment() -> None:
    """§5 step 3: 3 colours cost 9,000; all 4 workers go back to the bag."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.steps["money"] = 4
    z.workers = [0, 0, 2, 3]  # white, white, orange, green
    bag = sum(st.bag)
    st, _ = play(st, "consolidate", "reward 3 coal", "achieve A1")
    z = st.zaibatsu[0]
    assert z.yen == 7_000 and z.workers == [] and sum(st.bag) == bag + 4


def test_E17_variant_partial_payment() -> None:
    """§5 step 3 [I]: with 7,000 yen, 2 of 3 colours are paid and 2 VP are lost."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.workers = [0, 0, 2, 3]
    z.yen, z.blueprints = 7_000, 3
    st.phase = "workforce"
    vp = z.vp
    st, _ = play(st, "pay")
    z = st.zaibatsu[0]
    assert (z.yen, z.vp) == (1_000, vp - 2)


def _d1(st_players: int, tiles: list[tuple[str, int, int]]) -> NipronState:
    st = fresh(st_players)
    for code, seat, value in tiles:
        place(st, code, seat, value)
    return st


def test_E18_tie_for_first_place() -> None:
    """§6.1: Purple and Red 6 share (10 + 7) / 2 = 8; Blue 5; foreign 2 gets nothing."""
    blue, purple, red = 0, 1, 2
    st = _d1(3, [("C1N", blue, 3), ("C1E", blue, 1), ("C2N", purple, 6), ("C2E", red, 6)])
    influence, foreign = district_influence(st, 0)
    assert influence == [4, 6, 6] and foreign == 2
    awards = district_awards(st, 0, 1)
    assert awards == {purple: (1, 8, 0), red: (1, 8, 0), blue: (3, 5, 0)}
    st.ships[0][purple] = 1
    st.ships[0][blue] = 1
    awards = district_awards(st, 0, 1)
    assert awards[purple] == (1, 8, 2) and awards[blue] == (3, 5, 0)


def test_E19_foreign_first_and_trains_need_a_tile() -> None:
    """§6.1: foreign 7 ranks 1st (its VP are lost); Blue 1 + 2 trains = 5; Red's trains alone count 0."""
    blue, purple, red = 0, 1, 2
    st = _d1(3, [("C1E", purple, 4), ("C1S", purple, 2), ("C2E", blue, 1)])
    st.trains[0][blue], st.trains[0][red], st.ships[0][purple] = 2, 2, 1
    influence, foreign = district_influence(st, 0)
    assert foreign == 7 and influence == [5, 6, 0]
    awards = district_awards(st, 0, 2)
    assert awards[purple] == (2, data.SCORING_VP[2][1], 2)
    assert awards[blue] == (3, data.SCORING_VP[2][2], 0)
    assert red not in awards
    assert data.SCORING_VP[2][1] + 2 == 13 and data.SCORING_VP[2][2] == 8


def test_E20_three_way_tie() -> None:
    """§6.1: three players on 8 share 1st–3rd, each scoring their ship too."""
    blue, purple, red = 0, 1, 2
    st = _d1(
        3,
        [
            ("C1N", purple, 7),
            ("C1E", blue, 5),
            ("C1S", purple, 1),
            ("C2N", red, 6),
            ("C2S", blue, 3),
            ("C2W", red, 2),
        ],
    )
    for p in (blue, purple, red):
        st.ships[0][p] = 1
    influence, foreign = district_influence(st, 0)
    assert influence == [8, 8, 8] and foreign == 2
    for scoring in (1, 2, 3):
        share = sum(data.SCORING_VP[scoring]) // 3
        assert district_awards(st, 0, scoring) == {p: (1, share, 2) for p in (0, 1, 2)}
    assert sum(data.SCORING_VP[1]) // 3 + 2 == 9


def test_X01_contracts_achievement_without_multiplier() -> None:
    """§7.11 A1: no printed multiplier, so 6 fulfilled contracts score 0 without a tile."""
    st = fresh(2)
    st.zaibatsu[0].fulfilled = ["K1", "K2", "K3", "K4", "K5", "K6"]
    assert achievement_base(st, 0, "A1") == 3 and multiplier(st.zaibatsu[0], 0) == 0


def test_X02_money_achievement_printed_1x() -> None:
    """§7.11 A2: floor(8,000 / 6,000) × 1 = 1."""
    st = fresh(2)
    st.zaibatsu[0].yen = 8_000
    assert achievement_base(st, 0, "A2") * multiplier(st.zaibatsu[0], 1) == 1


def test_X03_ship_stars_with_a_2x_tile() -> None:
    """§7.11 A4: 5 ships taken uncover 3 stars (P15); with a 2x tile that is 6 VP."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.ships = 1
    z.achievements[3] = 2
    assert achievement_base(st, 0, "A4") * multiplier(z, 3) == 6


def test_D01_refill_from_the_topmost_non_empty_row() -> None:
    """§4.6 2(a): row 1 empty, row 2's workers move to the emptied space; the marker stays."""
    st = fresh(4)
    for c, n in enumerate(st.rows[0]):
        st.bag[c] += n
        st.rows[0][c] = 0
    row2 = list(st.rows[1])
    only_worker_on(st, 3)
    st, _ = play(st, "take 3 white", "mines 1")
    assert st.spaces[2] == row2 and sum(st.rows[1]) == 0 and st.marker == 1


def test_D02_full_refill_and_scoring_1() -> None:
    """§4.6 2(b), §4.8: every space and row is filled, the marker moves to 3 and Scoring 1 runs."""
    for players in (2, 4):
        st = fresh(players)
        st.marker = 2
        empty_rows(st)
        only_worker_on(st, 1)
        place(st, "C1N", 1, 3)
        st, events = play(st, "take 1 white", "knowledge 1")
        assert all(sum(s) == 3 for s in st.spaces)
        assert all(sum(r) == data.WORKER_ROWS[players][1] for r in st.rows)
        assert st.marker == 3 and st.scorings == 1
        keys = [e.data["key"] for e in events if e.kind == CHECKPOINT]
        assert keys == ["scoring-1"] and st.active == 1


def test_D03_reward_choice_limits() -> None:
    """§5 step 2: level 3 with only 4x/5x tiles left takes nothing; level 5 must take one."""
    st = fresh(4)
    for col in (0, 1):
        st.rewards[col] = [0, 0, 0]
    st.zaibatsu[0].workers = [0, 1, 2, 3]
    after, events = play(st, "consolidate")
    assert not any(e.kind == "reward" for e in events) and after.zaibatsu[0].achievements == [0] * 9
    st.zaibatsu[0].workers = [0, 1, 2, 3, 4, 5]
    after, _ = play(st, "consolidate")
    assert after.phase == "reward"
    assert all(t.split()[1] in ("4", "5") for t in legal(after) if t.startswith("reward"))
    after, _ = play(after, "reward 5 yen", "achieve A3")
    assert after.zaibatsu[0].achievements[2] == 5


def test_D04_reward_tiles_exhausted() -> None:
    """§5 step 2: with the chart empty a 2x multiplier tile (no bonus) is taken."""
    st = fresh(4)
    st.rewards = [[0, 0, 0] for _ in range(4)]
    st.multipliers = 2
    st.zaibatsu[0].workers = [0, 1, 2]
    st, _ = play(st, "consolidate")
    assert st.phase == "achieve" and st.multipliers == 1
    st, _ = play(st, "achieve A4")
    assert st.zaibatsu[0].achievements[3] == 2


def test_D05_every_achievement_space_covered() -> None:
    """§5 step 2 [I §10.13]: the bonus is kept, the tile discarded."""
    st = fresh(4)
    st.rewards = [[0, 0, 0], [0, 0, 0], [0, 1, 0], [0, 0, 0]]
    z = st.zaibatsu[0]
    z.achievements = [2] * 9
    z.workers = [0, 1, 2, 3, 4]
    st, _ = play(st, "consolidate")
    z = st.zaibatsu[0]
    assert z.coal == level(z, "coal") + 2 and z.achievements == [2] * 9 and st.rewards_taken == 1


def test_D06_end_of_game_tie_breaker() -> None:
    """§6.4: A and C tied after D's last turn: C wins (counter-clockwise from D)."""
    st = fresh(4)
    st.last_seat = 3
    assert tie_break(st, [0, 2]) == 2
    assert tie_break(st, [0, 3]) == 3
    st.over = True
    for seat, vp in enumerate((50, 40, 50, 30)):
        st.zaibatsu[seat].vp = vp
    sheet = score(st)
    assert sheet.winners == [2] and "{p2}" in sheet.note


def test_D07_train_build_distribution() -> None:
    """§4.5.6: each train of an action goes to a different district; the 2nd train uncovers money."""
    st = fresh(2)
    for d in range(3):
        st.trains[d][1] = 4
    st.ships[3][1] = 2
    st.zaibatsu[0].yen = 15_000
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[3]) if n)
    st, _ = play(st, f"take 4 {colour}")
    assert [t for t in legal(st) if t.startswith("train")] == ["train 4"]
    st, _ = play(st, "train 4")
    assert st.zaibatsu[0].steps["money"] == 0
    assert st.active == 1  # no second train possible: the turn ended
    st.active, st.phase = 0, "turn"
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[3]) if n)
    st, _ = play(st, f"take 4 {colour}", "train 4")
    assert st.zaibatsu[0].steps["money"] == 1 and 2 in data.MONEY_ICONS["trains"]


def test_D08_perform_fully_on_track_actions() -> None:
    """§4.5.4: one step below the top, Knowledge 1 is legal and 2 or 3 are not."""
    st = fresh(2)
    st.zaibatsu[0].steps["knowledge"] = data.TRACK_TOP["knowledge"] - 1
    colour = next(data.COLOURS[c] for c, n in enumerate(st.spaces[0]) if n)
    st, _ = play(st, f"take 1 {colour}")
    assert [t for t in legal(st) if t.startswith("knowledge")] == ["knowledge 1"]
    for n in (2, 3):
        with pytest.raises(IllegalAction) as err:
            play(st, f"knowledge {n}")
        assert err.value.rule == "§4.5.4"
