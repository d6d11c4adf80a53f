"""Display names inside messages (issue 17 finding 10): a name can neither format a post, hide a
masked link in it, nor write mention syntax; pictures keep the name as typed."""

from __future__ import annotations

import pytest

from bot.service.words import listing, said, signed


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("alice", "alice"),
        ("[free nitro](https://evil.example)", r"\[free nitro\]\(https://evil.example\)"),
        ("**boss**", r"\*\*boss\*\*"),
        ("<@123>", r"\<@123\>"),
        ("a_b ~~c~~ `d` |e| >f", r"a\_b \~\~c\~\~ \`d\` \|e\| \>f"),
        ("# big", r"\# big"),
        ("- item", r"\- item"),
        ("Anne-Marie #1", "Anne-Marie #1"),
        ("back\\slash", "back\\\\slash"),
    ],
)
def test_names_are_shown_as_typed(name: str, shown: str) -> None:
    assert said(name) == shown


def test_changes_and_lists_in_words() -> None:
    assert [signed(3), signed(-2), signed(0)] == ["+3", "−2", "±0"]
    assert [listing([]), listing(["a"]), listing(["a", "b"]), listing(["a", "b", "c"])] == [
        "",
        "a",
        "a and b",
        "a, b and c",
    ]
