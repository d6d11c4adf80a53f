"""The fake refuses what Discord refuses because of who the bot is to a channel, a server or a user,
and counts what those refusals cost: a plain ``discord.Client`` (not our bot) against each rule."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import discord
import pytest

from tests.fakediscord import FakeDiscord, Permission
from tests.fakediscord.harness import ClientHandle, start_client

POST = "POST /channels/{channel_id}/messages"


@pytest.fixture
async def plain(fake_discord: FakeDiscord) -> AsyncIterator[discord.Client]:
    intents = discord.Intents.none()
    intents.guilds = True
    client = discord.Client(intents=intents, connector=fake_discord.connector(), guild_ready_timeout=0.05)
    handle: ClientHandle = await start_client(client, fake_discord)
    yield client
    await handle.stop()
    handle.raise_if_crashed()


def channel_of(client: discord.Client, fake: FakeDiscord, name: str = "games") -> discord.TextChannel:
    channel = client.get_channel(fake.channel(name).id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def sent_then_denied(
    fake: FakeDiscord, plain: discord.Client, deny: int
) -> tuple[discord.TextChannel, discord.Message]:
    """A message the bot posted in #games, then a permission taken from the bot there."""
    channel = channel_of(plain, fake)
    message = await channel.send("a turn line")
    fake.set_permissions(fake.games, fake.bot, deny=deny)
    return channel, message


async def test_a_channel_the_bot_cannot_view_refuses_reads_edits_and_deletes_with_50001(
    fake_discord: FakeDiscord, plain: discord.Client
) -> None:
    fake = fake_discord
    channel, message = await sent_then_denied(fake, plain, Permission.VIEW_CHANNEL)
    for attempt in (
        lambda: plain.http.get_channel(channel.id),
        lambda: channel.fetch_message(message.id),
        lambda: message.edit(content="edited"),
        lambda: message.delete(),
    ):
        with pytest.raises(discord.Forbidden) as refused:
            await attempt()
        assert refused.value.code == 50001 and refused.value.status == 403
    assert fake.message(message.id).content == "a turn line" and not fake.message(message.id).deleted
    assert len(fake.allow_problems()) == 4
    assert fake.invalid_count == 4


async def test_reading_one_message_needs_read_message_history(
    fake_discord: FakeDiscord, plain: discord.Client
) -> None:
    fake = fake_discord
    channel, message = await sent_then_denied(fake, plain, Permission.READ_MESSAGE_HISTORY)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.fetch_message(message.id)
    assert refused.value.code == 50013
    await message.edit(content="still mine to edit")  # editing needs only the view
    assert fake.allow_problems() and fake.invalid_count == 1


async def test_a_reply_needs_read_message_history_and_an_existing_message(
    fake_discord: FakeDiscord, plain: discord.Client
) -> None:
    fake = fake_discord
    channel = channel_of(plain, fake)
    line = await channel.send("the turn line")
    reply = await channel.send("a reminder", reference=line)
    assert reply.content == "a reminder"

    gone = channel.get_partial_message(line.id + 1)
    with pytest.raises(discord.HTTPException) as unknown:
        await channel.send("to nothing", reference=gone.to_reference())
    assert unknown.value.status == 400 and unknown.value.code == 50035
    assert any("Unknown message" in p for p in fake.allow_problems())
    # Told not to fail, Discord sends it as a plain message.
    await channel.send("to nothing, plainly", reference=gone.to_reference(fail_if_not_exists=False))

    fake.set_permissions(fake.games, fake.bot, deny=Permission.READ_MESSAGE_HISTORY)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("a reminder", reference=line.to_reference(fail_if_not_exists=False))
    assert refused.value.code == 50013
    await channel.send("a reminder, not a reply")
    assert fake.allow_problems() and fake.invalid_count == 1


async def test_closed_direct_messages_answer_50007(fake_discord: FakeDiscord, plain: discord.Client) -> None:
    fake = fake_discord
    fake.close_dms("carol")
    carol = await plain.fetch_user(fake.users["carol"].id)
    with pytest.raises(discord.Forbidden) as refused:
        await carol.send("your turn")
    assert (refused.value.code, refused.value.text) == (50007, "Cannot send messages to this user")
    assert fake.channel_messages(fake.dm_channel("carol")) == []
    bob = await plain.fetch_user(fake.users["bob"].id)
    await bob.send("your turn")
    assert fake.problems == [] and fake.invalid_count == 1


async def test_a_bot_removed_from_a_guild_hears_guild_delete_and_gets_50001_there_only(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    other = fake.add_guild("Other Server", owner=fake.owner)
    lounge = fake.add_channel(other, "lounge")
    intents = discord.Intents.none()
    intents.guilds = True
    plain = discord.Client(intents=intents, connector=fake.connector(), guild_ready_timeout=0.05)
    handle = await start_client(plain, fake)
    try:
        channel = channel_of(plain, fake)
        button = discord.ui.View(timeout=None)
        button.add_item(discord.ui.Button(label="Take my turn", custom_id="check:take"))
        line = await channel.send("a turn line", view=button)

        await fake.remove_bot_from_guild(fake.guild)
        await fake.wait_until(lambda: plain.get_guild(fake.guild.id) is None, 5, "GUILD_DELETE")
        attempts: list[Callable[[], Awaitable[discord.Message]]] = [
            lambda: channel.send("still here?"),
            lambda: line.edit(content="edited"),
        ]
        for attempt in attempts:
            with pytest.raises(discord.Forbidden) as refused:
                await attempt()
            assert refused.value.code == 50001
        with pytest.raises(AssertionError, match="removed"):
            await fake.click("alice", fake.message(line.id), "check:take")
        lounge_channel = plain.get_channel(lounge.id)
        assert isinstance(lounge_channel, discord.TextChannel)
        await lounge_channel.send("the other server goes on")
        # Not the bot's fault (it cannot know before the event): counted, not a problem.
        assert fake.problems == [] and fake.invalid_count == 2
        session = fake.gateway.current
        assert session is not None
        ready = [int(g["id"]) for g in fake.ready_payload(session)["guilds"]]
        assert ready == [other.id], "a new session does not bring the server back"
    finally:
        await handle.stop()


async def test_429_scopes_and_what_counts_as_invalid(
    fake_discord: FakeDiscord, plain: discord.Client
) -> None:
    fake = fake_discord
    channel = channel_of(plain, fake)
    fake.rate_limit(POST, retry_after=0.05, scope="shared")
    await channel.send("after a shared limit")
    fake.rate_limit(POST, retry_after=0.05)
    await channel.send("after a user limit")
    scopes = [r.fault for r in fake.requests_to(POST)]
    assert scopes == ["injected 429", None, "injected 429", None]
    assert fake.invalid_count == 1, "a shared 429 is not counted, a user 429 is"

    # Longer than max_ratelimit_timeout: discord.py raises at once rather than sleeping a minute.
    impatient = discord.Client(
        intents=discord.Intents.none(), connector=fake.connector(), max_ratelimit_timeout=30.0
    )
    await impatient.login(fake.token)
    try:
        fake.rate_limit(POST, retry_after=60.0, scope="shared")
        with pytest.raises(discord.RateLimited) as limited:
            await impatient.http.send_message(
                fake.games.id, params=discord.http.handle_message_parameters("x")
            )
        assert limited.value.retry_after == 60.0
        (answer,) = [r for r in fake.requests_to(POST) if r.status == 429][-1:]
        assert answer.fault == "injected 429"
    finally:
        await impatient.close()
    assert fake.invalid_count == 1


async def test_the_budget_of_invalid_requests_fails_a_test_above_it(
    fake_discord: FakeDiscord, plain: discord.Client
) -> None:
    fake = fake_discord
    fake.set_permissions(fake.games, fake.bot, deny=Permission.SEND_MESSAGES)
    channel = channel_of(plain, fake)
    for _ in range(3):
        with pytest.raises(discord.Forbidden):
            await channel.send("refused")
    fake.allow_problems()
    fake.allow_invalid_requests(2)
    with pytest.raises(AssertionError, match="3 invalid requests"):
        fake.assert_invalid_within_budget()
    fake.allow_invalid_requests(3)
    fake.assert_invalid_within_budget()
