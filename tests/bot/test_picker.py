"""A panel's grouped choices, one level at a time (issue 18, ``bot/views/picker.py``), and the step a
group button carries in its custom_id (``bot/views/ids.py``)."""

from __future__ import annotations

from bot.tables import Choice
from bot.views import ids, picker

BUILDS = [
    Choice("use CON H seattle", "Build Housing in Seattle", ("Build Housing", "In the West")),
    Choice("use CON H denver", "Build Housing in Denver", ("Build Housing", "In the West")),
    Choice("use CON H chicago", "Build Housing in Chicago", ("Build Housing", "In the Midwest")),
    Choice("push H", "Push the Housing tab", ()),
    Choice("use CON C boston", "Build Commerce in Boston", ("Build Commerce", "In the East")),
]
MANY = list(enumerate(BUILDS * 5))  # 25 choices: more than a panel's 20 buttons


def test_few_choices_stay_flat_buttons_and_many_grouped_ones_are_levels() -> None:
    assert not picker.is_grouped(list(enumerate(BUILDS)))
    assert picker.is_grouped(MANY)
    flat = [(i, Choice(f"x {i}", f"X {i}")) for i in range(25)]
    assert not picker.is_grouped(flat)  # nothing grouped: select menus, as before


def test_the_first_level_lists_groups_and_ungrouped_choices_in_the_games_order() -> None:
    entries = picker.level(list(enumerate(BUILDS)), ())
    assert [(e.label, e.index, e.step) for e in entries] == [
        ("Build Housing", None, (0,)),
        ("Push the Housing tab", 3, None),
        # a group holding one choice is shown as that choice: one click fewer
        ("Build Commerce in Boston", 4, None),
    ]


def test_a_group_opens_its_next_level_down_to_the_choices() -> None:
    choices = list(enumerate(BUILDS))
    regions = picker.level(choices, (0,))
    assert [(e.label, e.step) for e in regions] == [
        ("In the West", (0, 0)),
        ("Build Housing in Chicago", None),
    ]
    assert picker.labels_of(choices, (0, 0)) == ("Build Housing", "In the West")
    cities = picker.level(choices, (0, 0))
    assert [(e.label, e.index) for e in cities] == [
        ("Build Housing in Seattle", 0),
        ("Build Housing in Denver", 1),
    ]


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
