"""Commands named by mention once the bot knows their ids (``render.common.command_names``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from render.common.command_names import link_commands, linked, plain_commands
from render.common.language import speaking, t


@pytest.fixture
def registered() -> Iterator[None]:
    link_commands({"game back": 7, "game new": 7, "game play": 7, "game log": 7})
    yield
    link_commands({})


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("/game back if you were skipped.", "</game back:7> if you were skipped."),
        ("Start one with /game new.", "Start one with </game new:7>."),
        # a code span's arguments stay code after the mention (a mention inside a code span is none)
        ("`/game new game:<game> [players]` opens", "</game new:7> `game:<game> [players]` opens"),
        ("`/game play action:` types", "</game play:7> `action:` types"),
        ("…earlier (`/game log`).", "…earlier (</game log:7>)."),
        # not registered, or not a subcommand's whole name: as typed
        ("/game vacation pauses", "/game vacation pauses"),
        ("/game newest", "/game newest"),
        ("/boardroom new", "/boardroom new"),
    ],
)
def test_known_commands_are_named_by_mention(registered: None, typed: str, shown: str) -> None:
    assert linked(typed) == shown


def test_every_language_names_commands_by_mention_but_not_descriptions(registered: None) -> None:
    with speaking("uk"):
        said = t("There is no game in this channel. Start one with /game new.")
        with plain_commands():
            typed = t("There is no game in this channel. Start one with /game new.")
    assert said.endswith("</game new:7>.") and not said.startswith("There is no game")
    assert typed.endswith("/game new.")


def test_a_name_given_by_a_player_is_never_made_a_mention(registered: None) -> None:
    # only the catalogue's sentence is linked, before the player's words are put in
    assert t("{name} joined.", name="/game back") == "/game back joined."


def test_nothing_is_linked_before_the_ids_are_known() -> None:
    assert linked("Start one with /game new.") == "Start one with /game new."
