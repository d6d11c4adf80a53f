"""A panel's grouped choices, one level at a time (issue 18, ``bot/service/picker.py``), and the
step a group button carries in its custom_id (``bot/on_discord/views/ids.py``)."""

from __future__ import annotations

from bot.on_discord.views import ids
from bot.service import picker
from bot.service.tables import Choice

BUILDS = [
    Choice("use CON H seattle", "Build Housing in Seattle", ("Build Housing", "In the West")),
    Choice("use CON H denver", "Build Housing in Denver", ("Build Housing", "In the West")),
    Choice("use CON H chicago", "Build Housing in Chicago", ("Build Housing", "In the Midwest")),
    Choice("push H", "Push the Housing tab", ()),
    Choice("use CON C boston", "Build Commerce in Boston", ("Build Commerce", "In the East")),
]


def test_few_choices_stay_flat_buttons_and_many_grouped_ones_are_levels() -> None:
    assert not picker.is_grouped(list(enumerate(BUILDS * 2)))  # 10 side by side
    assert picker.is_grouped(list(enumerate(BUILDS * 2 + BUILDS[:1])))
    flat = [(i, Choice(f"x {i}", f"X {i}")) for i in range(25)]
    assert not picker.is_grouped(flat)  # nothing grouped: select menus, as before


PUSHES = [Choice(f"push {i}", f"Push {i}", ()) for i in range(9)]


def test_the_first_level_lists_groups_and_ungrouped_choices_in_the_games_order() -> None:
    entries = picker.level(list(enumerate(BUILDS + PUSHES)), ())
    assert [(e.label, e.index, e.step) for e in entries] == [
        ("Build Housing", None, (0,)),
        ("Push the Housing tab", 3, None),
        # a group holding one choice is shown as that choice: one click fewer
        ("Build Commerce in Boston", 4, None),
        *((f"Push {i}", 5 + i, None) for i in range(9)),
    ]


def test_a_group_of_groups_that_fits_is_shown_open_under_both_labels() -> None:
    # Five choices fit one level: every group opens, down to the choices themselves.
    assert [e.index for e in picker.level(list(enumerate(BUILDS)), ())] == [0, 1, 2, 3, 4]
    west = [
        Choice(f"use CON H w{i}", f"Build Housing in W{i}", ("Build Housing", "In the West"))
        for i in range(9)
    ]
    choices = list(enumerate([*west, BUILDS[2], BUILDS[3]]))
    entries = picker.level(choices, ())
    assert [(e.label, e.index, e.step) for e in entries] == [
        ("Build Housing › In the West", None, (0, 0)),
        ("Build Housing in Chicago", 9, None),
        ("Push the Housing tab", 10, None),
    ]
    # Back from the West's cities leads to the level the player came from.
    assert picker.back(choices, (0, 0)) == ()


def test_a_level_holding_one_group_only_is_passed_through() -> None:
    only_west = [c for c in BUILDS if c.path[1:] == ("In the West",)] * 6 + PUSHES
    choices = list(enumerate(only_west))
    entries = picker.level(choices, ())
    assert entries[0].label == "Build Housing" and entries[0].step == (0, 0)
    assert picker.back(choices, (0, 0)) == ()


REGIONS = ("In the West", "In the Midwest", "In the South", "In the East")


def test_back_from_a_nested_level_goes_one_level_up_not_to_the_first() -> None:
    """Build Commerce …, then In the South …: Back shows Build Commerce's regions again, where the
    player came from, not the first level (they would have to pick Build Commerce once more)."""
    builds = [
        Choice(f"use CON {kind[0]} {region} {n}", f"Build {kind} {region} {n}", (f"Build {kind}", region))
        for kind in ("Housing", "Commerce")
        for region in REGIONS
        for n in range(6)
    ]
    choices = list(enumerate(builds + PUSHES[:3]))
    first = picker.level(choices, ())
    assert [e.label for e in first if e.step is not None][-1:] == ["Build Commerce"]
    commerce = picker.level(choices, (1,))
    assert [(e.label, e.step) for e in commerce if e.step is not None] == [
        ("In the Midwest", (1, 1)),
        ("In the South", (1, 2)),
        ("In the East", (1, 3)),
    ]
    assert picker.back(choices, (1, 2)) == (1,)
    assert picker.back(choices, (1,)) == ()
    # Build Housing's regions are shown open on the first level: Back from one leads there.
    assert picker.back(choices, (0, 2)) == ()


def test_after_a_step_the_panel_stays_in_a_one_level_group_r6_1_2() -> None:
    moves = [Choice(f"move L {k}", f"Move: Lobby → {k}", ("From the Lobby",)) for k in range(6)]
    moves += [Choice(f"move S {k}", f"Move: SP → {k}", ("From Strategic Planning",)) for k in range(6)]
    choices = list(enumerate(moves))
    assert picker.resume(choices, ("From Strategic Planning",)) == (1,)
    assert picker.resume(choices, ("From Construction",)) == ()  # that group is gone
    assert picker.resume(choices, ("Build Housing", "In the West")) == ()  # deeper steps start afresh
    assert picker.resume(choices[:6], ("From the Lobby",)) == ()  # six choices: no levels at all


def test_a_group_opens_its_next_level_down_to_the_choices() -> None:
    choices = list(enumerate(BUILDS))
    assert picker.labels_of(choices, (0, 0)) == ("Build Housing", "In the West")
    cities = picker.level(choices, (0, 0))
    assert [(e.label, e.index) for e in cities] == [
        ("Build Housing in Seattle", 0),
        ("Build Housing in Denver", 1),
    ]


def test_small_groups_of_actions_are_shown_open_while_the_level_stays_short() -> None:
    # Under "Build Housing": the West's two cities and Chicago fit one short level.
    regions = picker.level(list(enumerate(BUILDS)), (0,))
    assert [(e.label, e.index) for e in regions] == [
        ("Build Housing in Seattle", 0),
        ("Build Housing in Denver", 1),
        ("Build Housing in Chicago", 2),
    ]
    # Eight sources of 2 to 4 moves: the smallest open until the level would pass ten entries.
    moves = [
        Choice(f"move {g} {k}", f"Move: {g} → {k}", (f"From {g}",))
        for g, n in zip("ABCDEFGH", (4, 3, 2, 4, 4, 4, 2, 4), strict=True)
        for k in range(n)
    ]
    entries = picker.level(list(enumerate(moves)), ())
    assert [e.label for e in entries if e.step is not None] == [f"From {g}" for g in "ABDEFH"]
    assert [e.label for e in entries if e.index is not None] == [
        "Move: C → 0",
        "Move: C → 1",
        "Move: G → 0",
        "Move: G → 1",
    ]
    assert len(entries) == picker.GROUP_ABOVE


def test_a_step_pointing_nowhere_is_refused() -> None:
    choices = list(enumerate(BUILDS))
    assert picker.labels_of(choices, (5,)) is None
    assert picker.labels_of(choices, (0, 0, 0)) is None
    assert picker.labels_of(choices, (-1,)) is None


def test_a_group_step_travels_in_a_custom_id_and_parses_back() -> None:
    for step in ((), (0,), (3, 12)):
        custom_id = ids.group_id(123456, 789, 3, step)
        assert len(custom_id) <= ids.MAX_CUSTOM_ID
        assert custom_id.startswith("br:g:123456:789:3:r")
        assert ids.parse_step(custom_id.rsplit(":r", 1)[1]) == step
    assert ids.parse_step("1.x") is None
    assert ids.parse_step("1..2") is None
