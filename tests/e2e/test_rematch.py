"""Rematch through the fake Discord: a finished game's final post carries **Rematch**; a player's click
(after a restart: the button is parsed back from its custom_id) opens a lobby with the same game,
options and table size, the finished game's channel links to it and asks the other player back,
their Join seats them, and the host starts it. Someone who did not play is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.storage import Status
from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    acked,
    choose,
    next_turn_line,
    open_lobby,
    open_panel,
    private_reply,
    seated,
    sessions_of,
    start_game,
    turn_lines,
)
from tests.fakediscord import PATIENCE, FakeDiscord


async def test_rematch_from_a_finished_game_to_a_started_one(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db = tmp_path / "db.sqlite3"
    handle = await start_bot(db)
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    await start_game(fake, fake.message(lobby.id), "alice")
    for number, player in enumerate(["alice", "bob"] * 4 + ["alice"]):
        turn = await next_turn_line(fake, number)
        await choose(fake, player, await open_panel(fake, player, turn), "Step 2")
    final = await fake.wait_for_message("games", lambda m: "game over" in m.content, what="the result")
    assert final.button_labels() == ["Rematch", "Replay"]
    old = (await sessions_of(handle).reading.status_in_channel(fake.games.id, include_ended=True)).table
    lines = len(turn_lines(fake))

    # Not a player of that game: refused privately, nothing opened.
    refused = await private_reply(acked(await fake.click_button("carol", final, "Rematch"), DEFERRED_MESSAGE))
    assert refused.content == "Only the players of this game can ask for a rematch."

    # A restart between the end and the click: the button still works.
    await handle.stop()
    handle = await start_bot(db)
    before = len(fake.channel_messages("games"))
    acked(await fake.click_button("bob", fake.message(final.id), "Rematch"), DEFERRED_MESSAGE)
    new_lobby = await fake.wait_for_message(
        "games", lambda m: "lobby #" in m.content and m.id != lobby.id, what="the rematch's lobby"
    )
    asked = await fake.wait_for_message(
        "games", lambda m: "asked for a rematch" in m.content, what="the link"
    )
    alice, bob = fake.users["alice"].id, fake.users["bob"].id
    assert asked.content.startswith(f"<@{bob}> asked for a rematch: **Race (test game)** lobby #")
    assert f"/{fake.games.id}/{new_lobby.id}" in asked.content  # the lobby message's link
    assert f"<@{alice}>: press **Join** there to take your seat again" in asked.content
    assert len(fake.channel_messages("games")) >= before + 2
    new = (await sessions_of(handle).reading.status_in_channel(fake.games.id)).table
    assert new.id != old.id and new.game.status is Status.LOBBY
    assert (new.game.game, json.loads(new.game.options), new.game.seats_wanted) == ("race", {}, 2)
    assert new.host_id == bob and [s.user_id for s in new.seats] == [bob]

    # A second click while the rematch is open meets the channel's one-game rule.
    again = await private_reply(acked(await fake.click_button("alice", final, "Rematch"), DEFERRED_MESSAGE))
    assert again.content.startswith("This channel already has Race (test game) (lobby)")

    # The other player confirms with one click; the host starts as usual.
    acked(await fake.click_button("alice", new_lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, fake.message(new_lobby.id), "alice")
    await start_game(fake, fake.message(new_lobby.id), "bob")
    await fake.wait_until(lambda: len(turn_lines(fake)) > lines, PATIENCE, "the rematch's first turn")
    started = (await sessions_of(handle).reading.status(new.id)).table
    assert started.game.status is Status.ACTIVE and sorted(started.player_ids) == sorted([alice, bob])
