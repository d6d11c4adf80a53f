"""Proof that the game seam is not shaped after Carnegie: the race test game, with a plug-in of its
own (rules in ``tests/race_game.py``, a one-picture ``tests/race_pictures.py``, named by
GAME_MODULES), is played from ``/game new game:race`` to the final post through the same code
path as every game: lap summaries with its picture at its checkpoints, the ``/game`` look-ups
answered by its guide and pictures, a typed move, the final result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
)
from tests.fakediscord import PICTURE_PATIENCE, FakeDiscord

PNG = b"\x89PNG\r\n\x1a\n"


async def test_the_race_game_plays_from_new_to_the_final_post_through_its_plug_in(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    await start_game(fake, fake.message(lobby.id), "alice")

    # The channel's game answers the look-ups: its topics, its only (public) picture, no close-up.
    asked = acked(await fake.slash("bob", "games", "game rules", topic="goal"), DEFERRED_MESSAGE)
    rules = await private_reply(asked)
    assert "**Goal**" in rules.content
    topics = acked(await fake.autocomplete("bob", "games", "game rules", focused="topic", value=""))
    assert [c["value"] for c in topics.choices] == ["goal"]
    # The first picture of a process may wait for the render process to start.
    board = await acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE).wait_response(
        timeout=PICTURE_PATIENCE
    )
    assert board.attachment("track.png").data.startswith(PNG)
    close_up = await private_reply(acked(await fake.slash("bob", "games", "game player"), DEFERRED_MESSAGE))
    assert close_up.attachments == [] and close_up.content.startswith("**bob**")

    # Typing: suggestions in player words; words that fit no choice are refused; the turn's owner only.
    waiting = acked(await fake.autocomplete("bob", "games", "game play", focused="action", value=""))
    assert [c["name"][:15] for c in waiting.choices] == ["Not your turn. "]
    odd = acked(await fake.slash("alice", "games", "game play", action="fly to the moon"), DEFERRED_MESSAGE)
    assert (await private_reply(odd)).content.startswith("Start typing and pick one of the suggestions")
    # Alice types her first move in the label's words; everyone else clicks.
    suggested = acked(await fake.autocomplete("alice", "games", "game play", focused="action", value="step"))
    assert [c["value"] for c in suggested.choices] == ["step 1", "step 2"]
    typed = await private_reply(
        acked(await fake.slash("alice", "games", "game play", action="Step 2"), DEFERRED_MESSAGE)
    )
    assert "Your part is done" in typed.content
    for number, player in enumerate(["bob", "alice"] * 4, start=1):
        turn = await next_turn_line(fake, number)
        await choose(fake, player, await open_panel(fake, player, turn), "Step 2")

    # Its checkpoints (a lap every 4 moves) were summarised with its picture, once each.
    result = await fake.wait_for_message(
        "games", lambda m: "game over" in m.content, timeout=30, what="the result"
    )
    laps = [m for m in fake.channel_messages("games") if "is over.**" in m.content]
    assert [m.content.split("\n")[0] for m in laps] == [
        "**Race (test game) — Lap 1 is over.**",
        "**Race (test game) — Lap 2 is over.**",
    ]
    await fake.wait_for_pictures([*laps, result])
    assert all(m.attachments[0].data.startswith(PNG) for m in laps)
    assert "**Provisional score**" in laps[0].content and "alice stepped 2" in laps[0].content
    alice = fake.users["alice"]
    assert "Winner: **alice**" in result.content and f"1. <@{alice.id}>: **10**" in result.content
    assert result.attachment("final-track.png").data.startswith(PNG)
    game_id = (
        await sessions_of(handle).reading.status_in_channel(fake.games.id, include_ended=True)
    ).table.id
    assert await sessions_of(handle).reading.replay(game_id) == await sessions_of(handle).reading.load(
        game_id
    )
