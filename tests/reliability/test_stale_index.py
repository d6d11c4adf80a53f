"""A button that names its choice by index (the action text is too long for a custom id) is read
against the panel it was drawn on: once the game moved on, it is stale, even when only another
seat acted (which leaves a choice by name valid) — here the other seat's pick shifted the list, so
the same index now names another prize (issue 17, finding 11; ``bot/on_discord/views/turn.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.on_discord.views import ids
from bot.service.play import STALE_CHOICE
from tests.bot.pick_game import PickState, action
from tests.fakediscord import FakeDiscord
from tests.reliability.helpers import GAME_MODULES, refusal, sessions_of


async def test_an_index_button_from_before_another_seats_move_is_stale(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=[*GAME_MODULES, "tests.bot.pick_game"])
    sessions = sessions_of(handle)
    alice, bob = fake.users["alice"].id, fake.users["bob"].id
    where = fake.channel("games")
    table = await sessions.lobby.create_game(
        guild_id=fake.guild.id, channel_id=where.id, game_name="pick", host_id=alice, seats=2
    )
    await sessions.lobby.join(table.id, bob)
    drawn = (await sessions.lobby.start(table.id, alice)).table
    # Alice's panel: the pear is choice 1, by index.
    pear = ids.action_id(table.id, drawn.version, 0, action("pear"), 1)
    assert pear == f"br:i:{table.id}:{drawn.version}:0:1"
    await sessions.play.act(table.id, bob, action("apple"), expected_version=None, interaction_id=None)
    # Now choice 1 of Alice's list is the plum.
    outcome = await fake.press("alice", "games", pear)
    assert await refusal(outcome) == STALE_CHOICE
    state = await sessions.reading.load(table.id)
    assert isinstance(state, PickState)
    assert state.picked == [None, "apple"]
