"""Rule tests per section of rules.md: setup and player-count differences (§3), the blueprint trade
(§4.2), taking a worker (§4.3), each of the nine actions (§4.5), refills (§4.6–4.7), consolidation (§5),
scorings and the end (§4.8, §6)."""

from __future__ import annotations

import pytest

from engine.core import CHECKPOINT, IllegalAction, InvalidOptions
from engine.nipron import GAME as G
from engine.nipron import data
from engine.nipron.rules.common import gain_vp, level
from engine.nipron.scoring import final_scoring
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
)


def colour_on(st: NipronState, space: int) -> str:
    return next(data.COLOURS[c] for c, n in enumerate(st.spaces[space - 1]) if n)


# --- §3 setup and §3.2 player-count differences --------------------------------------------------


@pytest.mark.parametrize(
    ("players", "workers", "rows", "per_column", "transport", "city_max"),
    [(4, 48, (4, 3), 6, 8, 4), (3, 42, (3, 3), 5, 6, 3), (2, 36, (2, 2), 4, 4, 2)],
)
def test_setup_3_2_player_count_differences(
    players: int, workers: int, rows: tuple[int, int], per_column: int, transport: int, city_max: int
) -> None:
    st = G.new_game(players, 7)
    assert sum(st.bag) + sum(map(sum, st.spaces)) + sum(map(sum, st.rows)) == workers
    assert all(sum(s) == 3 for s in st.spaces)
    assert (len(st.rows), st.row_size) == rows and all(sum(r) == rows[1] for r in st.rows)
    assert [sum(col) for col in st.rewards] == [per_column] * 4
    assert data.TRANSPORT_SPACES[players] == transport and data.CITY_MAX_TILES[players] == city_max
    vps = sorted(z.vp for z in st.zaibatsu)
    assert vps == list(data.START_VP[:players])
    assert st.zaibatsu[st.first].vp == 10 and st.active == st.first


def test_setup_3_1_personal_supply_and_board() -> None:
    st = G.new_game(4, 3)
    for z in st.zaibatsu:
        assert (z.yen, z.coal, z.blueprints, z.trains, z.ships) == (12_000, 2, 1, 6, 6)
        assert z.steps == {"coal": 0, "money": 0, "knowledge": 0}
        assert sorted(z.contracts) == sorted(data.CONTRACT_IDS) and sorted(z.hand) == sorted(
            data.INFLUENCE_TILES
        )
    assert sorted([*st.cities, st.boxed_city]) == sorted(data.CITY_TILES)
    assert st.marker == 1 and st.multipliers == 4 and sorted(st.supply) == sorted(data.FACTORY_IDS)
    assert G.view(st, 0).model_dump_json().find(st.boxed_city) == -1  # the 9th city tile stays unseen


def test_setup_first_player_option_and_bad_options() -> None:
    st = G.new_game(3, 1, {"first": "2"})
    assert st.active == 1 and st.zaibatsu[1].vp == 10 and st.zaibatsu[2].vp == 11 and st.zaibatsu[0].vp == 12
    for players, options in ((1, None), (5, None), (2, {"first": "3"}), (2, {"colour": "red"})):
        with pytest.raises(InvalidOptions):
            G.new_game(players, 1, options)


def test_setup_is_deterministic_from_the_seed() -> None:
    assert G.dump_state(G.new_game(3, 42)) == G.dump_state(G.new_game(3, 42))
    assert G.dump_state(G.new_game(3, 42)) != G.dump_state(G.new_game(3, 43))


# --- §4.2 blueprint trade --------------------------------------------------------------------------


def test_4_2_trade_three_blueprints_for_a_step() -> None:
    st = fresh(2)
    st.zaibatsu[0].blueprints = 7
    st, _ = play(st, "trade money", "trade knowledge")
    z = st.zaibatsu[0]
    assert (z.blueprints, z.steps["money"], z.steps["knowledge"]) == (1, 1, 1)
    with pytest.raises(IllegalAction) as err:
        play(st, "trade coal")
    assert err.value.rule == "§4.2"


def test_4_2_trade_at_the_top_is_refused() -> None:
    st = fresh(2)
    st.zaibatsu[0].blueprints = 3
    st.zaibatsu[0].steps["coal"] = data.TRACK_TOP["coal"]
    assert "trade coal" not in legal(st) and "trade money" in legal(st)
    with pytest.raises(IllegalAction):
        play(st, "trade coal")


def test_4_2_trade_before_the_budget_raises_the_income() -> None:
    st = fresh(2)
    st.zaibatsu[0].blueprints = 3
    st, _ = play(st, "consolidate")
    assert st.phase == "budget" and G.pending(st).done == "budget"
    st, _ = play(st, "trade money")  # no further trade possible: the budget step follows at once
    assert st.zaibatsu[0].yen == data.MONEY_LEVELS[1]


def test_4_2_trade_between_worker_and_action_only_if_the_action_stays_possible() -> None:
    """§4.2 "at any moment of the turn" [S], but the taken worker's action must stay possible (§4.3):
    a trade that spends the blueprints an Invest needs is refused."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.blueprints, z.yen = 3, 6_000
    z.steps["knowledge"] = 2  # level 3: level-2 factories need 1 blueprint
    st.supply = [t for t in st.supply if t.startswith(("BENTO", "LENSES"))]
    st, _ = play(st, f"take 2 {colour_on(st, 2)}")
    assert not any(t.startswith("trade") for t in legal(st))
    with pytest.raises(IllegalAction) as err:
        play(st, "trade money")
    assert err.value.rule == "§4.3"
    st.zaibatsu[0].blueprints = 4  # one is left after a trade: enough for the Invest
    assert "trade money" in legal(st)
    st, _ = play(st, "trade knowledge", "invest BENTO_C")
    z = st.zaibatsu[0]
    assert z.steps["knowledge"] == 3 and z.blueprints == 0 and z.factories[0].tile == "BENTO_C"


def test_4_2_trade_offered_after_the_action() -> None:
    st = fresh(2)
    st.zaibatsu[0].blueprints = 3
    st, _ = play(st, f"take 1 {colour_on(st, 1)}", "knowledge 1")
    assert "trade coal" in legal(st) and "end" in legal(st) and G.pending(st).done == "end"


# --- §4.3 take a worker ------------------------------------------------------------------------------


def test_4_3_six_workers_must_consolidate() -> None:
    st = fresh(2)
    st.zaibatsu[0].workers = [0, 0, 0, 1, 1, 1]
    assert legal(st) == ["consolidate"]
    with pytest.raises(IllegalAction) as err:
        play(st, f"take 1 {colour_on(st, 1)}")
    assert err.value.rule == "§4.3"


def test_4_3_worker_goes_to_the_player_board_and_colour_must_be_there() -> None:
    st = fresh(2)
    missing = next(data.COLOURS[c] for c, n in enumerate(st.spaces[0]) if not n)
    with pytest.raises(IllegalAction):
        play(st, f"take 1 {missing}")
    colour = colour_on(st, 1)
    after, _ = play(st, f"take 1 {colour}")
    assert after.zaibatsu[0].workers == [data.COLOURS.index(colour)]
    assert sum(after.spaces[0]) == 2 and after.phase == "action"


# --- §4.5 the nine actions ----------------------------------------------------------------------------


def test_4_5_1_one_factory_per_good_and_mandatory_machine() -> None:
    st = fresh(2)
    add_factory(st, 0, "SILK_A")
    st.zaibatsu[0].machines = 1
    st, _ = play(st, f"take 2 {colour_on(st, 2)}")
    assert "invest SILK_B" not in legal(st)
    with pytest.raises(IllegalAction):
        play(st, "invest SILK_B")
    st, _ = play(st, "invest PAPER_C")
    z = st.zaibatsu[0]
    paper = z.factory("paper")
    assert paper is not None and paper.machine == 1 and z.machines == 0
    assert z.steps["coal"] == 1  # PAPER_C synergy (P6): one coal step


def test_4_5_1_synergy_mach_feeds_the_mandatory_placement() -> None:
    """[I §10.8]: CLOCKS_C's MACH 2 goes to the supply first, then equips the new factory as +2."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.steps["knowledge"] = 8
    st, _ = play(st, f"take 2 {colour_on(st, 2)}", "invest CLOCKS_C")
    z = st.zaibatsu[0]
    clocks = z.factory("clocks")
    assert clocks is not None and clocks.machine == 2 and z.machines == 0


def test_4_5_1_synergy_vp_per_factory_counts_the_new_one() -> None:
    st = fresh(2)
    add_factory(st, 0, "SILK_A")
    add_factory(st, 0, "BENTO_A")
    st.zaibatsu[0].steps["knowledge"] = 8
    vp = st.zaibatsu[0].vp
    st, _ = play(st, f"take 2 {colour_on(st, 2)}", "invest CLOCKS_D")
    assert st.zaibatsu[0].vp == vp + 2 * 2  # BENTO_A and CLOCKS_D are level 2 or 3


def test_4_5_2_machines_with_a_choice_and_without_factories() -> None:
    st = fresh(2)
    st.zaibatsu[0].yen = 15_000
    add_factory(st, 0, "SILK_A")
    add_factory(st, 0, "PAPER_A", machine=2)
    add_factory(st, 0, "BENTO_A", machine=1)
    st, _ = play(st, f"take 3 {colour_on(st, 3)}", "machines 3")
    assert st.phase == "machine" and sorted(legal(st)) == ["machine bento", "machine silk"]
    with pytest.raises(IllegalAction):
        play(st, "machine paper")
    st, _ = play(st, "machine bento")
    z = st.zaibatsu[0]
    # the second improvement had only the silk factory left (auto), the third upgraded it
    assert [f.machine for f in z.factories] == [2, 2, 2] and z.yen == 0 and z.machines == 0
    bare = fresh(2)
    bare, _ = play(bare, f"take 3 {colour_on(bare, 3)}", "machines 2")
    assert bare.zaibatsu[0].machines == 2 and bare.zaibatsu[0].yen == 2_000


def test_4_5_3_production_each_factory_once_up_to_three() -> None:
    st = fresh(2)
    st.zaibatsu[0].coal = 20
    for tile in ("SILK_C", "PAPER_C", "BENTO_C", "LENSES_C"):
        add_factory(st, 0, tile)
    st, _ = play(st, f"take 1 {colour_on(st, 1)}", "run silk")
    assert "run silk" not in legal(st)
    with pytest.raises(IllegalAction):
        play(st, "run silk")
    st, _ = play(st, "run paper", "run bento")
    assert st.active == 1  # third run ended the turn: the action allows at most 3
    assert [f.goods for f in st.zaibatsu[0].factories] == [1, 1, 1, 0]
    assert st.zaibatsu[0].coal == 20 - 1 - 1 - 2


@pytest.mark.parametrize(("kind", "track"), [("knowledge", "knowledge"), ("mines", "coal")])
def test_4_5_4_and_4_5_5_track_steps_cost(kind: str, track: str) -> None:
    space = 1 if kind == "knowledge" else 3
    for steps, cost in ((1, 1_000), (2, 3_000), (3, 6_000)):
        st = fresh(2)
        st, _ = play(st, f"take {space} {colour_on(st, space)}", f"{kind} {steps}")
        z = st.zaibatsu[0]
        assert z.steps[track] == steps and z.yen == 12_000 - cost
    poor = fresh(2)
    poor.zaibatsu[0].yen = 2_000
    poor, _ = play(poor, f"take {space} {colour_on(poor, space)}")
    assert f"{kind} 1" in legal(poor) and f"{kind} 2" not in legal(poor)


def test_4_5_6_trains_in_different_districts_and_money_icons() -> None:
    st = fresh(4)
    st.zaibatsu[0].yen = 20_000
    st, events = play(st, f"take 4 {colour_on(st, 4)}", "train 1", "train 2")
    assert "train 1" not in legal(st) and "train 3" in legal(st)
    st, _ = play(st, "train 3")
    z = st.zaibatsu[0]
    assert z.trains == 3 and z.yen == 5_000 and [st.trains[d][0] for d in range(4)] == [1, 1, 1, 0]
    assert z.steps["money"] == sum(1 for k in (1, 2, 3) if k in data.MONEY_ICONS["trains"])
    assert any(e.kind == "train" and e.headline for e in events)


def test_4_5_7_ships_share_the_spaces_and_score_for_first_and_second() -> None:
    st = fresh(2)
    st.trains[0][1] = 3
    st, _ = play(st, f"take 4 {colour_on(st, 4)}", "ship 1")
    assert st.zaibatsu[0].ships == 5 and st.ships[0][0] == 1
    st.phase, st.active = "turn", 0
    st, _ = play(st, f"take 4 {colour_on(st, 4)}")
    assert "ship 1" not in legal(st)  # 4 spaces with 2 players, all used


def test_4_5_8_export_up_to_three_contracts_with_a_type_choice() -> None:
    st = fresh(2)
    add_factory(st, 0, "SILK_A", goods=4)
    add_factory(st, 0, "PAPER_A", goods=4)
    add_factory(st, 0, "BENTO_A", goods=4)
    yen = st.zaibatsu[0].yen
    st, _ = play(st, f"take 2 {colour_on(st, 2)}", "export K1")
    assert st.phase == "give" and sorted(legal(st)) == ["give bento", "give paper", "give silk"]
    st, _ = play(st, "give paper")
    paper = st.zaibatsu[0].factory("paper")
    assert paper is not None and paper.goods == 2 and st.zaibatsu[0].yen == yen + 4_000
    assert "export K1" not in legal(st)
    st, _ = play(st, "export K3", "give silk", "give bento", "export K2", "give silk")
    assert st.active == 1 and sorted(st.zaibatsu[0].fulfilled) == ["K1", "K2", "K3"]


def test_4_5_9_one_district_per_action_and_at_most_three_tiles() -> None:
    st = fresh(4)
    for city in range(1, 9):
        set_city(st, city, "T1", 0)  # clocks on the S side everywhere
    add_factory(st, 0, "CLOCKS_A", goods=4)
    st, _ = play(st, f"take 5 {colour_on(st, 5)}", "sell clocks 1", "put 5 C3S")
    assert st.district == 1
    st, _ = play(st, "sell clocks 1")
    assert {t.split()[2] for t in legal(st)} == {"C4S"}
    st, _ = play(st, "put 5 C4S", "sell clocks 2")
    assert {t.split()[2] for t in legal(st)} == {"C3S", "C4S"}
    st, _ = play(st, "put 6 C3S")  # replaces the player's own 5, which returns to hand
    assert st.active == 1 and st.zaibatsu[0].hand.count(5) == 1


def test_4_5_9_own_displaced_tile_may_be_placed_again() -> None:
    """[I §10.17]: a tile returned to hand during the action can be placed later in it."""
    st = fresh(4)
    set_city(st, 1, "T1", 0)
    set_city(st, 2, "T4", 0)  # clocks E
    add_factory(st, 0, "CLOCKS_A", goods=5)
    st.zaibatsu[0].hand = [5, 7]
    st, _ = play(st, f"take 5 {colour_on(st, 5)}", "sell clocks 1", "put 5 C1S", "sell clocks 3", "put 7 C1S")
    assert st.zaibatsu[0].hand == [5]
    st, _ = play(st, "sell clocks 1", "put 5 C2E")
    assert st.owners[4 + 1] == 0 and st.zaibatsu[0].hand == []


# --- §4.6–§4.7 refills ---------------------------------------------------------------------------


def test_4_7_bag_exhaustion_leaves_a_pending_refill_finished_by_consolidation() -> None:
    """§4.6 step 3 / §4.7: the refill stops when the bag runs out and is finished, without moving the
    marker, when workers return to the bag."""
    st = fresh(4)
    empty_rows(st)
    only_worker_on(st, 1)

    def hand_out(seat: int, n: int) -> None:
        for _ in range(n):
            c = next(c for c, k in enumerate(st.bag) if k)
            st.bag[c] -= 1
            st.zaibatsu[seat].workers.append(c)

    hand_out(0, 5)
    for seat in (1, 2, 3):
        hand_out(seat, 6)
    st, events = play(st, "take 1 white", "knowledge 1")
    assert st.refill_pending and st.marker == 2 and sum(st.bag) == 0
    assert sum(map(sum, st.rows)) == 9 and sum(st.spaces[0]) == 3
    assert legal(st) == ["consolidate"]
    st, events = play(st, "consolidate", "reward 5 yen", "achieve A1")
    assert not st.refill_pending and st.marker == 2
    assert all(sum(r) == 3 for r in st.rows) and any(e.kind == "refill" for e in events)


def test_4_8_scoring_2_at_the_second_symbol_and_checkpoints() -> None:
    st = fresh(2)
    st.marker = 4
    empty_rows(st)
    only_worker_on(st, 1)
    place(st, "C1N", 0, 7)
    place(st, "C2N", 0, 7)  # 14 against the foreign companies' 6
    vp = st.zaibatsu[0].vp
    st, events = play(st, "take 1 white", "knowledge 1")
    assert st.marker == 5 and st.scorings == 2
    assert [e.data["key"] for e in events if e.kind == CHECKPOINT] == ["scoring-2"]
    assert st.zaibatsu[0].vp == vp + data.SCORING_VP[2][0]
    assert any(e.kind == "scoring" and e.headline for e in events)


# --- §5 consolidate ---------------------------------------------------------------------------------


def test_5_reward_level_by_workers_and_bonus() -> None:
    st = fresh(4)
    st.zaibatsu[0].workers = [0, 1, 2, 3, 4]  # level 4
    st, _ = play(st, "consolidate")
    rewards = [t for t in legal(st) if t.startswith("reward")]
    assert {int(t.split()[1]) for t in rewards} == {2, 3, 4}
    st, _ = play(st, "reward 4 bp", "achieve A7")
    z = st.zaibatsu[0]
    assert z.blueprints == 3 and z.achievements[6] == 4
    assert st.phase == "workforce" and G.pending(st).done == "pay"  # 3 blueprints: a trade window
    vp = st.zaibatsu[0].vp
    st, _ = play(st, "pay")
    z = st.zaibatsu[0]
    # ¥12,000 pays 4 of the 5 colours; the fifth costs 2 VP [I §10.7]
    assert z.yen == level(z, "money") - 4 * data.WORKFORCE_COST and z.vp == vp - 2 and z.workers == []


def test_P20_vp_never_below_zero() -> None:
    st = fresh(2)
    z = st.zaibatsu[0]
    z.vp = 1
    assert gain_vp(z, -4, "workforce") == -1 and z.vp == 0


# --- §6 scoring and the end -----------------------------------------------------------------------


def test_6_3_final_scoring_budget_workforce_achievements() -> None:
    st = fresh(2)
    z = st.zaibatsu[0]
    z.steps["money"] = 6  # 18,000
    z.yen, z.coal = 0, 9
    z.workers = [0, 1]
    z.fulfilled = ["K1", "K2", "K3", "K4"]
    z.achievements[0] = 3  # A1 x3
    vp = z.vp
    final_scoring(st, [])
    # 18,000 − 6,000 = 12,000 -> A2 2 × 1; A1 2 × 3; A3 0 stars
    assert z.yen == 12_000 and z.vp == vp + 2 + 6


def test_6_4_score_sheet_tie_note_and_provisional() -> None:
    st = fresh(3)
    provisional = G.score(st)
    assert not provisional.final and "Provisional" in provisional.note
    assert [provisional.lines[i].total for i in provisional.winners] == [12]
    st.over, st.last_seat = True, 0
    for z in st.zaibatsu:
        z.vp = 30
    sheet = G.score(st)
    assert sheet.winners == [0] and sheet.note


def test_6_1_zero_influence_participants_are_not_ranked() -> None:
    st = fresh(4)
    for city in (0, 1):
        for side in range(4):
            st.owners[city * 4 + side] = 0
            st.values[city * 4 + side] = 1
    st.zaibatsu[0].hand = [7, 7]
    from engine.nipron.rules.scorings import district_awards, district_influence

    influence, foreign = district_influence(st, 0)
    assert foreign == 0 and influence[0] == 8
    assert district_awards(st, 0, 1) == {0: (1, 10, 0)}
    assert st.owners[8] == NOBODY


@pytest.mark.parametrize(("players", "usable"), [(2, 4), (3, 6), (4, 8)])
def test_3_2_usable_train_ship_spaces_by_player_count(players: int, usable: int) -> None:
    st = fresh(players)
    st.trains[0][1] = usable - 1
    st, _ = play(st, f"take 4 {colour_on(st, 4)}")
    assert "train 1" in legal(st)
    st.ships[0][1] = 1
    assert "train 1" not in legal(st) and "ship 1" not in legal(st)


@pytest.mark.parametrize(("players", "city_max"), [(2, 2), (3, 3), (4, 4)])
def test_3_2_influence_tiles_around_one_city_by_player_count(players: int, city_max: int) -> None:
    st = fresh(players)
    set_city(st, 1, "T1", 0)  # N paper, E lenses, S clocks, W bulbs
    set_city(st, 2, "T3", 0)  # no clocks on C2
    others = ("C1N", "C1E", "C1W")
    for code, value in zip(others[: city_max - 1], (6, 7, 7), strict=False):
        place(st, code, 1, value)
    add_factory(st, 0, "CLOCKS_A", goods=3)
    st, _ = play(st, f"take 5 {colour_on(st, 5)}", "sell clocks 1")
    # below the maximum any allowed value may go on the empty clocks space
    assert [t for t in legal(st) if t.endswith("C1S")] == [f"put {v} C1S" for v in (1, 2, 3, 4, 5)]
    if city_max < 4:
        # at the maximum only a value above the lowest tile there (3) may take the empty space
        place(st, others[city_max - 1], 1, 3)
        assert [t for t in legal(st) if t.endswith("C1S")] == ["put 4 C1S", "put 5 C1S"]


def test_7_11_achievement_conditions() -> None:
    """§7.11 A1–A9 base VP, including the STAR synergies of PAPER_A (A3) and BULBS_D (A5)."""
    from engine.nipron.scoring import achievement_base

    st = fresh(2)
    z = st.zaibatsu[0]
    z.fulfilled = ["K1", "K2", "K3"]
    z.yen = 13_000
    z.steps["knowledge"] = 8  # stars at steps 4 and 8 reached (P4)
    z.steps["coal"] = 9  # all three coal stars (P2)
    z.ships, z.trains = 3, 2  # 3 ships taken (stars 1, 3), 4 trains taken (stars 2, 4) (P15)
    add_factory(st, 0, "PAPER_A")
    add_factory(st, 0, "BULBS_D", machine=2)
    add_factory(st, 0, "BENTO_A", machine=1)
    place(st, "C1N", 0, 1)
    place(st, "C8W", 0, 2)
    bases = {a: achievement_base(st, 0, a) for a in data.ACHIEVEMENTS}
    assert bases == {"A1": 1, "A2": 2, "A3": 3, "A4": 2, "A5": 4, "A6": 2, "A7": 2, "A8": 1, "A9": 2}


def test_4_5_1_synergy_goods_fill_the_new_factory_up_to_storage() -> None:
    st = fresh(2)
    z = st.zaibatsu[0]
    z.steps["knowledge"], z.blueprints = 4, 0
    st, _ = play(st, f"take 2 {colour_on(st, 2)}", "invest BENTO_D")
    bento = st.zaibatsu[0].factory("bento")
    assert bento is not None and bento.goods == 2
    st = fresh(2)
    st.zaibatsu[0].steps["knowledge"] = 8
    st, _ = play(st, f"take 2 {colour_on(st, 2)}", "invest BULBS_C")
    f = st.zaibatsu[0].factory("bulbs")
    assert f is not None and f.goods == min(3, data.FACTORIES["BULBS_C"].storage)


def test_5_no_reward_and_no_multiplier_left_skips_the_step() -> None:
    st = fresh(4)
    st.rewards = [[0, 0, 0] for _ in range(4)]
    st.multipliers = 0
    st.zaibatsu[0].workers = [0, 1, 2]
    st, events = play(st, "consolidate")
    assert not any(e.kind == "reward" for e in events) and st.active == 1


def test_4_3_no_usable_space_leaves_only_consolidation() -> None:
    """§4.3: with no legal worker take the player must consolidate."""
    st = fresh(2)
    z = st.zaibatsu[0]
    z.yen, z.coal = 0, 0
    z.contracts = []
    assert legal(st) == ["consolidate"]
