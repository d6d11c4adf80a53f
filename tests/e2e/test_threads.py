"""Games in their own thread (issue 14, item 6), end to end through the real discord.py client.

By default, where the bot may open threads, the lobby stays in the channel and the game moves into
a thread opened on the lobby message at Start: the channel keeps only the lobby, the final result
and a link; the thread gets the turn lines, the summaries and the final post with its picture. The
channel is free for another game meanwhile. Asked for where the bot may not open threads, the
host hears why and nothing is stored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.on_discord.cogs.lobby import no_threads_here
from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    acked,
    choose,
    open_panel,
    private_reply,
    seated,
    sessions_of,
)
from tests.fakediscord import PATIENCE, FakeDiscord, Message
from tests.fakediscord.model import Channel, Permission


def _thread_of(fake: FakeDiscord, parent: Channel) -> Channel:
    threads = [c for c in fake.channels.values() if c.is_thread and c.parent_id == parent.id]
    assert len(threads) == 1, threads
    return threads[0]


def _turn_lines(fake: FakeDiscord, where: Channel) -> list[Message]:
    return [m for m in fake.channel_messages(where) if "your turn" in m.content]


async def test_a_game_is_played_in_its_own_thread_and_ends_in_the_channel_too(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    opened = acked(await fake.slash("alice", "games", "game new", game="race", players=2), DEFERRED_MESSAGE)
    lobby = await opened.wait_response()
    assert "played in a thread of its own" in lobby.content
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)

    await fake.wait_until(
        lambda: any(c.is_thread for c in fake.channels.values()), PATIENCE, "the game's thread"
    )
    thread = _thread_of(fake, fake.games)
    assert thread.id == lobby.id and thread.name == "Race (test game) #1 — alice, bob"
    assert thread.auto_archive_duration == 10080
    started = await fake.wait_for_update(
        fake.message(lobby.id), lambda m: f"<#{thread.id}>" in m.content, what="the lobby's link"
    )
    assert started.button_labels() == []

    # The channel is free for another game while this one runs; look-ups there point to the thread.
    status = await private_reply(acked(await fake.slash("carol", "games", "game status")))
    assert f"<#{thread.id}>" in status.content
    other = acked(await fake.slash("carol", "games", "game new", game="race", thread=False), DEFERRED_MESSAGE)
    assert "lobby #2" in (await other.wait_response()).content

    # Race: the first to 10 wins; two steps a move, alice arrives at her fifth.
    for number, player in enumerate((["alice", "bob"] * 5)[:9]):

        def more_lines(seen: int = number) -> bool:
            return len(_turn_lines(fake, thread)) > seen

        await fake.wait_until(more_lines, PATIENCE, "a turn line in the thread")
        line = _turn_lines(fake, thread)[number]
        assert f"<@{fake.users[player].id}>" in line.content
        await choose(fake, player, await open_panel(fake, player, line), "Step 2")

    final = await fake.wait_for_message(thread, lambda m: "game over" in m.content, what="the result")
    (final,) = await fake.wait_for_pictures([final])
    assert final.attachment("final-track.png")
    assert any("Lap 1 is over" in m.content for m in fake.channel_messages(thread))
    in_channel = await fake.wait_for_message(
        fake.games, lambda m: f"<#{thread.id}>" in m.content and "game over" in m.content, what="the result"
    )
    assert in_channel.attachments == [] and "Winner: **alice**" in in_channel.content
    assert other.message is not None
    # The channel holds the lobby, the second lobby and the result: no turn line, no summary.
    assert [m.id for m in fake.channel_messages(fake.games)] == [lobby.id, other.message.id, in_channel.id]
    game_id = (await sessions_of(handle).reading.status_in_channel(thread.id, include_ended=True)).table.id
    assert await sessions_of(handle).reading.replay(game_id) == await sessions_of(handle).reading.load(
        game_id
    )


async def test_a_thread_asked_for_where_the_bot_may_not_open_one_is_refused(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """thread:True without Create Public Threads: the sentence says what to do and no lobby is
    stored; left to the default, the game is simply played in the channel."""
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    fake.set_permissions(fake.games, fake.bot, deny=Permission.CREATE_PUBLIC_THREADS)
    refused = acked(
        await fake.slash("alice", "games", "game new", game="race", thread=True), DEFERRED_MESSAGE
    )
    assert (await private_reply(refused)).content == no_threads_here()
    status = await private_reply(acked(await fake.slash("alice", "games", "game status")))
    assert status.content.startswith("There is no game in this channel")

    opened = acked(await fake.slash("alice", "games", "game new", game="race", players=2), DEFERRED_MESSAGE)
    lobby = await opened.wait_response()
    assert "thread" not in lobby.content
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    await fake.wait_until(lambda: _turn_lines(fake, fake.games), PATIENCE, "the turn line in the channel")
    assert not any(c.is_thread for c in fake.channels.values())
    table = (await sessions_of(handle).reading.status_in_channel(fake.games.id)).table
    assert table.game.parent_channel_id is None and not table.game.thread_wanted
