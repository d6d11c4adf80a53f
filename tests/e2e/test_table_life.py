"""The table's life (issue 14 item 6), end to end: no solo game by surprise, a table for one starts
at once, a host may start with fewer than set after confirming, and an abandoned game leaves no live
button and says "abandoned" wherever a player looks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.storage import Status
from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    TAKE_MY_TURN,
    acked,
    next_turn_line,
    open_lobby,
    private_reply,
    seated,
    sessions_of,
    turn_lines,
)
from tests.fakediscord import FakeDiscord


async def test_alone_at_the_table_start_asks_before_a_solo_game(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "carnegie")
    asked = acked(await fake.click_button("alice", lobby, "Start"), DEFERRED_UPDATE)
    await asked.wait_for(lambda o: bool(o.followups))
    confirm = asked.followups[-1]
    assert confirm.ephemeral and "You are alone at the table" in confirm.content
    assert confirm.button_labels() == ["Start solo"]
    status = await sessions_of(handle).reading.status_in_channel(fake.games.id)
    assert status.table.game.status is Status.LOBBY  # asking changed nothing
    acked(await fake.click_button("alice", confirm, "Start solo"), DEFERRED_UPDATE)
    await next_turn_line(fake, 0)
    await fake.wait_for_update(lobby, lambda m: "(started)" in m.content, what="the lobby redrawn as started")
    assert (
        await sessions_of(handle).reading.status_in_channel(fake.games.id)
    ).table.game.status is Status.ACTIVE


async def test_a_table_for_one_starts_at_once_without_pinging(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_bot(tmp_path / "db.sqlite3")
    outcome = acked(
        await fake.slash("alice", "games", "game new", game="carnegie", thread=False, players=1),
        DEFERRED_MESSAGE,
    )
    lobby = await outcome.wait_response()
    # posted without Join, Start or Add a bot: there is nothing to wait for, so nothing to press
    posted = next(
        r for r in fake.requests if isinstance(r.json, dict) and "lobby #" in str(r.json.get("content"))
    )
    assert not posted.json.get("components"), posted.json
    turn = await next_turn_line(fake, 0)
    # the tab-side choice is offered on the line itself, Take my turn last
    assert turn.button_labels()[-1] == TAKE_MY_TURN
    # A button without a label reads as an empty one: it matches none of these.
    assert [(label or "").split(":")[0] for label in turn.button_labels()[:-1]] == [
        "Housing side A",
        "Housing side B",
    ]
    assert "(started)" in fake.message(lobby.id).content and fake.message(lobby.id).buttons() == []
    # Playing alone, the player is not pinged on every turn.
    record = next(
        r for r in fake.requests if isinstance(r.json, dict) and r.json.get("content") == turn.content
    )
    assert record.json["allowed_mentions"]["users"] == []


async def test_the_host_may_start_with_fewer_than_set(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "countdown", players=4)
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    asked = acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    await asked.wait_for(lambda o: bool(o.followups))
    confirm = asked.followups[-1]
    assert "set for 4 players and 2 are seated" in confirm.content and confirm.button_labels() == [
        "Start with 2"
    ]
    refused = acked(await fake.click_button("bob", confirm, "Start with 2"), DEFERRED_UPDATE)
    assert (await private_reply(refused)).content == "Only the host can start the game."
    acked(await fake.click_button("alice", confirm, "Start with 2"), DEFERRED_UPDATE)
    await next_turn_line(fake, 0)
    table = (await sessions_of(handle).reading.status_in_channel(fake.games.id)).table
    assert table.game.status is Status.ACTIVE and len(table.seats) == 2


async def test_an_abandoned_game_leaves_no_live_button_and_says_so(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    line = await next_turn_line(fake, 0)
    done = acked(await fake.slash("alice", "games", "game abandon"), DEFERRED_MESSAGE)
    await done.wait_response()
    await fake.wait_for_update(line, lambda m: m.buttons() == [], what="the turn line without its button")
    assert all(m.buttons() == [] for m in turn_lines(fake))
    board = await private_reply(acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE))
    assert "The game was abandoned." in board.content and "Waiting for" not in board.content
    status = await private_reply(acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE))
    assert "abandoned" in status.content and "version" not in status.content
