"""CarnegieGame as the bot sees it through the seam (engine.core.Game): facts, guide, AI levels, glance,
Decision.done, headline events and round checkpoints, the score sheet's rival line and tie note; plus the
Carnegie-specific protocol checks (views, errors, event placeholders, long random games).

The checks every game passes (notation round-trip and length, purity, replay, dump/load, limits) are in
``tests/engine/test_conformance.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine.carnegie
from engine.carnegie import GAME as G
from engine.carnegie import data, scoring
from engine.carnegie.actions import parse_action
from engine.carnegie.ai import GreedyPlayer
from engine.carnegie.game import CarnegieGame
from engine.carnegie.guide import GUIDE
from engine.carnegie.state import CarnegieState, Task, active_employees, tab_discs
from engine.carnegie.view import CarnegieView
from engine.core import CHECKPOINT, InvalidAction, InvalidOptions, NotYourTurn, RandomPlayer, Rng, play
from engine.core.search import RolloutPlayer
from tests.engine.carnegie.fixtures import department_turn, legal_texts, started
from tests.engine.carnegie.text import dump_view, name_players

# The event kinds the bot summarised before the seam (bot/present.py SUMMARY_KINDS), now marked by the
# engine with ``Event.headline``, and since issue 14 Research and Development's track steps and tab pushes;
# then what did not happen (no income, no donation, no build, and why).
HEADLINE_KINDS = {"row", "income", "build_department", "build", "donate", "use", "choose", "pick", "house",
                  "reserve", "sides", "convert", "andrew", "track", "push",
                  "no_income", "no_donation", "no_build"}  # fmt: skip


def test_the_package_exposes_its_game_and_registers_nothing() -> None:
    assert isinstance(engine.carnegie.GAME, CarnegieGame)
    assert (G.name, G.title, G.min_players, G.max_players) == ("carnegie", "Carnegie", 1, 4)


PACKAGE = Path(engine.carnegie.__file__).resolve().parent


def _imported(path: Path) -> tuple[set[str], list[int]]:
    """(modules imported at module level, lines of imports made anywhere else)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    top = {id(node) for node in tree.body}
    names: set[str] = set()
    nested: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            if id(node) not in top:
                nested.append(node.lineno)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
    return names, nested


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_are_made_at_module_level_only(path: Path) -> None:
    """A hidden import inside a function hid the scoring/solo cycle (seam review §4): none is left."""
    _, nested = _imported(path)
    assert not nested, f"{path.name} imports inside a function or block at lines {nested}"


def test_solo_reads_neither_scoring_nor_view() -> None:
    """The floors run view → scoring → solo → state (seam review §4), with no arrow back."""
    solo_imports, _ = _imported(PACKAGE / "solo.py")
    scoring_imports, _ = _imported(PACKAGE / "scoring.py")
    assert not {n for n in solo_imports if "scoring" in n or n.endswith("view")}
    assert not {n for n in scoring_imports if n.endswith("view")}


def test_guide_has_the_table_options_topics_and_help() -> None:
    assert G.guide is GUIDE and GUIDE.blurb
    options = {o.key: o for o in GUIDE.options}
    assert [c.value for c in options["tab_sides"].choices] == ["chosen", "random"]
    assert options["beginner"].choices == []  # a yes/no flag
    assert [c.value for c in options["difficulty"].choices] == ["easy", "normal", "hard", "expert"]
    assert all(len(o.description) <= 100 for o in GUIDE.options)
    assert {"overview", "setup", "scoring", "solo"} <= set(GUIDE.topics)
    assert "Rulebook: End of the Game" in GUIDE.topics["scoring"].body  # the printed section, in words
    for command in ("/game board", "/game player", "/game score", "/game log", "/game rules", "/game play"):
        assert command in GUIDE.help
    assert "/carnegie" not in GUIDE.help


def test_every_option_choice_is_accepted_by_new_game() -> None:
    for option in GUIDE.options:
        players = 1 if option.key == "difficulty" else 2
        for value in [c.value for c in option.choices] or ["yes", "no"]:
            assert G.new_game(players, 1, {option.key: value}).options[option.key] == value


def test_ai_levels_easy_greedy_by_default_normal_strong_and_random() -> None:
    assert G.ai_levels == ("easy", "normal", "strong", "random")
    assert isinstance(G.ai(1), GreedyPlayer) and isinstance(G.ai(1, "easy"), GreedyPlayer)
    assert isinstance(G.ai(1, "normal"), RolloutPlayer) and isinstance(G.ai(1, "strong"), RolloutPlayer)
    assert isinstance(G.ai(1, "random"), RandomPlayer)
    with pytest.raises(InvalidOptions):
        G.ai(1, "genius")


def test_glance_stage_is_setup_then_the_round() -> None:
    st = G.new_game(2, 1)  # tab sides chosen: setup 6B
    assert G.glance(st, None).stage == "setup" and G.glance(st, None).note == ""
    st = started(2)
    assert st.phase == "select" and G.glance(st, 0).stage == "round 1/20"


def test_glance_note_money_goods_vp_and_the_turns_pools_for_the_only_deciding_seat() -> None:
    st = started(2)
    c = st.companies[0]
    assert G.glance(st, 0).note == f"You have ${c.money}, {c.goods} goods, {c.vp} VP on the score track."
    assert G.glance(st, 5).note == "" and G.glance(st, -1).note == ""
    # the moves and SP left belong to the turn of the seat deciding alone
    seat = 0
    st = department_turn(st, seat, data.HR)
    st.moves, st.sp = 4, 0
    company = st.companies[seat]
    expected = (
        f"You have ${company.money}, {company.goods} goods, {company.vp} VP on the score track, 4 moves left."
    )
    assert G.glance(st, seat).note == expected
    assert "moves left" not in G.glance(st, 1 - seat).note
    # another seat's step in the middle of the turn (a mission to send) shows no pool: it is not theirs
    st.tasks = [Task(kind="mission", seat=1 - seat)]
    assert G.pending(st).seats == [1 - seat] and "moves left" not in G.glance(st, 1 - seat).note
    st.tasks = []
    st.moves, st.sp = 0, 3
    assert G.glance(st, seat).note.endswith(", 3 study points left.")
    st.moves, st.sp = 1, 0
    assert G.glance(st, seat).note.endswith(", 1 move left.")  # plurals right (issue 14)
    # simultaneous decisions (tab sides): nobody decides alone, so no pools
    sides = G.new_game(2, 1)
    sides.moves = 2
    assert "moves left" not in G.glance(sides, 0).note


def test_decision_done_is_the_done_notation_exactly_where_done_is_legal() -> None:
    rng = Rng(seed=3)
    st = G.new_game(3, 4)
    seen = {True: 0, False: 0}
    while not G.pending(st).finished:
        d = G.pending(st)
        legal_done = any("done" in legal_texts(st, s) for s in d.seats)
        assert d.done == ("done" if legal_done else None), (d, st.phase)
        seen[legal_done] += 1
        seat = d.seats[rng.below(len(d.seats))]
        legal = G.legal_actions(st, seat)
        st = G.apply(st, seat, legal[rng.below(len(legal))]).state
    assert G.pending(st).done is None
    assert seen[True] > 20 and seen[False] > 20  # both kinds of decision were met


def test_headline_events_and_a_checkpoint_before_each_new_round_and_the_end() -> None:
    state = G.new_game(2, 6, {"tab_sides": "random"})
    _, log = play(G, state, [RandomPlayer(1), RandomPlayer(2)], seat_rng=Rng(seed=2))
    events = [e for p in log for e in p.events]
    assert all(e.headline == (e.kind in HEADLINE_KINDS) for e in events)
    assert {e.kind for e in events if e.headline} >= {"row", "income", "house", "reserve"}
    keys = [e.data["key"] for e in events if e.kind == CHECKPOINT]
    # every round is summarised, round 20 too, before the game-over event (issue 14)
    assert keys == [f"round-{n}" for n in range(1, data.ROUNDS + 1)]
    for p in log:
        kinds = [e.kind for e in p.events]
        for i, e in enumerate(p.events):
            if e.kind == "round" and e.data["round"] >= 2:
                n = e.data["round"] - 1
                assert i > 0 and p.events[i - 1].data == {"key": f"round-{n}", "title": f"Round {n} is over"}
        new_rounds = sum(1 for e in p.events if e.kind == "round" and e.data["round"] >= 2)
        over = kinds.count("over")
        assert kinds.count(CHECKPOINT) == new_rounds + over
        if over:
            assert p.events[kinds.index("over") - 1].data == {"key": "round-20", "title": "Round 20 is over"}


def test_solo_andrews_turn_is_a_headline() -> None:
    state = G.new_game(1, 3, {"tab_sides": "random"})
    _, log = play(G, state, [RandomPlayer(1)], stop=lambda s: s.round > 2)
    andrew = [e for p in log for e in p.events if e.kind == "andrew"]
    assert andrew and all(e.headline for e in andrew)
    assert not any(e.headline for p in log for e in p.events if e.kind == "andrew_card")


def test_a_final_tie_says_the_victory_is_shared_r9_2_1() -> None:
    final, _ = play(G, G.new_game(2, 6, {"tab_sides": "random"}), [RandomPlayer(1), RandomPlayer(2)])
    sheet = G.score(final)
    assert sheet.final and sheet.note == ("" if len(sheet.winners) == 1 else scoring.TIE_NOTE)
    # force a tie on the score track
    a, b = sheet.lines[0].total, sheet.lines[1].total
    final.companies[0].vp += max(0, b - a)
    final.companies[1].vp += max(0, a - b)
    tied = G.score(final)
    assert tied.winners == [0, 1] and tied.note == scoring.TIE_NOTE
    assert "R9.2.1" not in tied.note  # player words
    # while the game runs, leaders sharing the lead are no victory yet: no note
    st = started(2)
    a, b = (line.total for line in G.score(st).lines)  # the Housing discs' cities may differ in VP
    st.companies[0].vp += max(0, b - a)
    st.companies[1].vp += max(0, a - b)
    assert G.score(st).winners == [0, 1] and G.score(st).note == ""


def test_barrier_when_the_decision_passes_to_another_seat() -> None:
    """The game owns the undo barrier: an employee move in setup step 11 keeps the seat deciding (no
    barrier); its "done" hands the decision to the other seat (a barrier)."""
    st = G.new_game(2, 3, {"tab_sides": "random"})
    while st.phase in ("house", "reserve"):
        seat = G.pending(st).seats[0]
        st = G.apply(st, seat, G.legal_actions(st, seat)[0]).state
    seat = G.pending(st).seats[0]
    step = G.apply(st, seat, parse_action("move 2,2*>1,2"))
    assert not step.barrier and G.pending(step.state).seats == [seat]
    step = G.apply(step.state, seat, parse_action("done"))
    assert step.barrier and G.pending(step.state).seats == [1 - seat]


def test_view_and_text_dump() -> None:
    st = G.new_game(4, 2, {"tab_sides": "random"})
    v = G.view(st, None)
    assert isinstance(v, CarnegieView) and len(v.cities) == 32 and len(v.donations) == 20
    assert len(v.companies) == 4 and all(len(c.cells) == 16 for c in v.companies)
    text = dump_view(v)
    assert "Timeline:" in text and "San Francisco" in text


def test_errors_parse_and_turn() -> None:
    with pytest.raises(InvalidAction):
        parse_action("fly to the moon")
    with pytest.raises(InvalidAction):
        parse_action("move 9,9*>1,1 $2 extra")
    st = G.new_game(2, 1, {"tab_sides": "random"})
    seat = G.pending(st).seats[0]
    with pytest.raises(NotYourTurn):
        G.apply(st, 1 - seat, G.legal_actions(st, seat)[0])
    assert G.legal_actions(st, 1 - seat) == []


def test_event_texts_name_players_by_placeholder() -> None:
    st = G.new_game(2, 1, {"tab_sides": "random"})
    seat = G.pending(st).seats[0]
    step = G.apply(st, seat, G.legal_actions(st, seat)[0])
    assert step.events[0].seat == seat and f"{{p{seat}}}" in step.events[0].text
    assert name_players(step.events[0].text, ["Ana", "Ben"]).startswith(["Ana", "Ben"][seat])


def _invariants(st: CarnegieState) -> None:
    """R4.4.6 (15 employees), §2.1 (30 discs: score, tracks, supply, tabs, map, donations), §0.2 (no debt)."""
    for s, c in enumerate(st.companies):
        limbo = sum(
            t.a if t.kind == "lobby" else 1
            for t in st.tasks
            if t.seat == s and t.kind in ("lobby", "mission")
        )
        assert sum(c.idle) + active_employees(c) + sum(c.missions) + c.supply + limbo == 15
        on_tabs = sum(tab_discs(c, t) for t in range(4))
        on_board = sum(o == s for o in st.slot_owner) + sum(d.count(s) for d in st.donation_discs)
        assert 1 + 4 + c.discs + on_tabs + on_board == 30
        assert c.money >= 0 and c.goods >= 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_components_and_finish_after_20_rounds(players: int) -> None:
    st = G.new_game(players, 40 + players, {"tab_sides": "random"})
    rng = Rng(seed=players)
    while not G.pending(st).finished:
        d = G.pending(st)
        seat = d.seats[rng.below(len(d.seats))]
        legal = G.legal_actions(st, seat)
        st = G.apply(st, seat, legal[rng.below(len(legal))]).state
        _invariants(st)
    assert st.round == 20 and st.markers == [5, 5, 5, 5]


def test_activation_labels_name_the_seats_own_department_and_cost_in_simultaneous_phase() -> None:
    """R5.5.1: in the simultaneous activation phase each seat's labels describe its own company."""
    from engine.carnegie import data
    from engine.carnegie.actions import parse_cell
    from engine.carnegie.rules.common import cheapest_free
    from engine.carnegie.state import workplace_costs

    rng = Rng(seed=5)
    st = G.new_game(3, 21, {"tab_sides": "random"})
    checked = 0
    while checked < 5 and not G.pending(st).finished:
        d = G.pending(st)
        for seat in d.seats if len(d.seats) > 1 else []:
            for a in G.legal_actions(st, seat):
                if a.verb != "activate":
                    continue
                c = st.companies[seat]
                cell, _ = parse_cell(a.args[0])
                cost = workplace_costs(c.cells[cell])[cheapest_free(c, cell)]
                label = G.describe_action(st, seat, a)
                assert label == f"Activate an employee in {data.DEPT_NAMES[c.cells[cell]]} (${cost})"
                checked += 1
        seat = d.seats[rng.below(len(d.seats))]
        legal = G.legal_actions(st, seat)
        st = G.apply(st, seat, legal[rng.below(len(legal))]).state
    assert checked >= 5
