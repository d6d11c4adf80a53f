"""The fake's clock, archived and locked threads and token life, proved against a plain discord.py
client (not our bot), in the style of ``test_fake_selfcheck.py``: real discord.py gets Discord's
refusals (50083 in an archived thread, 50013 in a locked one, 50027 for a token older than 15 minutes)
and a post reopens an idle thread."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
import pytest

from tests.e2e import test_fake_selfcheck
from tests.e2e.test_fake_selfcheck import Seen
from tests.fakediscord import FakeDiscord, InteractionNotAcknowledged, Permission
from tests.fakediscord.harness import ClientHandle
from tests.fakediscord.model import Channel

if TYPE_CHECKING:
    # Only for types: importing discord.types.threads first, on its own, meets an import cycle.
    from discord.types.threads import ThreadArchiveDuration

MINUTE, DAY = 60, 24 * 3600
# the self-check's plain client, a fixture of this module too
self_check_client = test_fake_selfcheck.client
THREAD_ROUTE = "PATCH /channels/{channel_id}"


async def _thread(
    handle: ClientHandle, fake: FakeDiscord, minutes: ThreadArchiveDuration = 60
) -> tuple[discord.Thread, Channel]:
    channel = handle.client.get_channel(fake.games.id)
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("a game")
    thread = await starter.create_thread(name="game", auto_archive_duration=minutes)
    return thread, fake.channels[thread.id]


async def test_an_idle_thread_archives_edits_are_refused_and_a_post_reopens_it(
    fake_discord: FakeDiscord, self_check_client: tuple[ClientHandle, Seen]
) -> None:
    fake = fake_discord
    handle, _ = self_check_client
    thread, stored = await _thread(handle, fake)
    line = await thread.send("your turn")
    await fake.advance(50 * MINUTE)
    await line.edit(content="your turn, still")  # an edit is not activity: the hour still runs out
    update = asyncio.create_task(handle.client.wait_for("raw_thread_update", timeout=5))
    assert await fake.advance(11 * MINUTE) == [stored]
    assert stored.archived
    assert (await update).data["thread_metadata"]["archived"] is True

    with pytest.raises(discord.HTTPException) as refused:
        await line.edit(content="too late")
    assert (refused.value.status, refused.value.code, refused.value.text) == (
        400,
        50083,
        "Thread is archived",
    )
    assert fake.problems == [], "not the bot's fault: it cannot know the thread idled"
    with pytest.raises(AssertionError, match="archived thread"):
        await fake.slash("alice", stored, "check panel", title="T")

    await thread.send("a post reopens it")
    assert not stored.archived
    await line.edit(content="edited again")
    assert fake.message(line.id).content == "edited again"
    # Reopening by hand (the bot opened the thread) is activity too.
    await fake.advance(2 * 3600)
    assert stored.archived
    reopened = await thread.edit(archived=False)
    assert not reopened.archived and not stored.archived
    await line.edit(content="and again")
    # Deleting is what an archived thread still allows.
    await fake.archive(stored)
    await line.delete()
    assert fake.message(line.id).deleted


async def test_a_locked_thread_refuses_posts_edits_and_unarchiving_without_manage_threads(
    fake_discord: FakeDiscord, self_check_client: tuple[ClientHandle, Seen]
) -> None:
    fake = fake_discord
    handle, _ = self_check_client
    thread, stored = await _thread(handle, fake, minutes=10080)
    line = await thread.send("your turn")
    await fake.lock(stored)
    with pytest.raises(discord.Forbidden) as refused:
        await thread.send("refused")
    assert (refused.value.status, refused.value.code) == (403, 50013)
    with pytest.raises(discord.Forbidden):
        await line.edit(content="refused too")
    await fake.lock(stored, archive=True)
    with pytest.raises(discord.HTTPException) as archived:
        await line.edit(content="archived and locked")
    assert archived.value.code == 50083
    with pytest.raises(discord.Forbidden):
        await thread.edit(archived=False)
    with pytest.raises(discord.HTTPException) as not_deleted:
        await line.delete()
    assert not_deleted.value.code == 50083
    # A click there is refused to the callback itself: nobody can answer it.
    reply = await fake.slash("alice", fake.general, "check panel", title="T")
    assert reply.message is not None
    reply.message.channel_id = stored.id  # the same panel, as if it had been posted in the thread
    with pytest.raises(InteractionNotAcknowledged):
        await fake.click_button("alice", reply.message, "Advance")
    assert [r.status for r in fake.requests_to("POST /interactions/{interaction_id}/{token}/callback")][
        -1
    ] == 400

    # With Manage Threads the bot may do all of it.
    fake.set_permissions(fake.games, fake.bot, allow=Permission.MANAGE_THREADS)
    await thread.edit(archived=False)
    await line.edit(content="a moderator bot edits")
    await fake.unlock(stored)
    fake.set_permissions(fake.games, fake.bot)
    await thread.send("unlocked")
    assert fake.problems == []


async def test_a_token_lives_15_minutes_from_the_interaction_on_the_fake_clock(
    fake_discord: FakeDiscord, self_check_client: tuple[ClientHandle, Seen]
) -> None:
    fake = fake_discord
    outcome = await fake.slash("alice", fake.general, "check panel", title="T")
    handle, _ = self_check_client
    webhook = discord.Webhook.from_state(
        {"id": str(fake.application_id), "type": 3, "token": outcome.record.token},
        handle.client._connection,
    )
    # discord.py reads the interaction's time from its id: the fake's clock.
    assert abs(discord.utils.snowflake_time(outcome.id).timestamp() - outcome.record.created_at) < 1
    await fake.advance(14 * MINUTE)
    await webhook.edit_message(outcome.message.id if outcome.message else 0, content="at 14 minutes")
    await fake.advance(61)
    with pytest.raises(discord.HTTPException) as expired:
        await webhook.edit_message(outcome.message.id if outcome.message else 0, content="at 15 minutes")
    assert (expired.value.status, expired.value.code) == (401, 50027)
    assert fake.clock().timestamp() == pytest.approx(fake.now(), abs=1)
    assert fake.problems == []
