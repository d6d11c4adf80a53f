"""The fake refuses what Discord refuses, part two: command payload size and translations, the
interaction callback's small print, attachments, allowed mentions, rate-limit headers and sharding.
Each rule is sent by the real discord.py (a plain ``discord.Client``, not our bot) and gets Discord's
answer; the docs' sentence is quoted beside each check in the fake."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.fakediscord import FakeDiscord, InteractionNotAcknowledged
from tests.fakediscord.harness import ClientHandle, start_client
from tests.fakediscord.model import PATIENCE

CHECK_ROUTE = "POST /channels/{channel_id}/messages"
FOLLOWUP = "POST /webhooks/{app_id}/{token}"


class QuickClient(discord.Client):
    tree: app_commands.CommandTree[Any] | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # The library waits 5 s before every re-IDENTIFY (Discord's identify limit); not needed here.
        return None


def make_client(fake: FakeDiscord, seen: list[str]) -> tuple[discord.Client, app_commands.CommandTree[Any]]:
    client = QuickClient(intents=discord.Intents.default(), connector=fake.connector())
    client._connection.guild_ready_timeout = 0.05
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    group = app_commands.Group(name="limits", description="limits checks", guild_ids=[fake.guild.id])

    @group.command(name="defer", description="defer, then follow up without waiting")
    async def defer(interaction: discord.Interaction) -> None:
        answer = await interaction.response.defer()
        seen.append(f"defer-resource:{answer.resource if answer else None}")
        await interaction.followup.send("filled")

    @group.command(name="say", description="answer at once")
    async def say(interaction: discord.Interaction) -> None:
        answer = await interaction.response.send_message(f"hello {interaction.user.mention}")
        seen.append(f"say-resource:{type(answer.resource).__name__ if answer else None}")

    @group.command(name="flags", description="defer with a flag Discord refuses there")
    async def flags(interaction: discord.Interaction) -> None:
        route = discord.http.Route(
            "POST",
            "/interactions/{interaction_id}/{token}/callback",
            interaction_id=interaction.id,
            token=interaction.token,
        )
        try:
            # SUPPRESS_NOTIFICATIONS on a deferred message: not possible through discord.py's defer
            await interaction.client.http.request(
                route, json={"type": 5, "data": {"flags": 64 | 4096}}, params={"with_response": "true"}
            )
        except discord.HTTPException as exc:
            seen.append(f"flags-refused:{exc.status}:{exc.code}")
        await interaction.response.defer(ephemeral=True)
        await interaction.followup.send("deferred properly")

    tree.add_command(group, guild=discord.Object(fake.guild.id))
    client.tree = tree
    return client, tree


@pytest.fixture
async def client(fake_discord: FakeDiscord) -> AsyncIterator[tuple[ClientHandle, list[str]]]:
    seen: list[str] = []
    plain, tree = make_client(fake_discord, seen)
    handle = await start_client(plain, fake_discord)
    await tree.sync(guild=discord.Object(fake_discord.guild.id))
    yield handle, seen
    await handle.stop()
    handle.raise_if_crashed()


def general(handle: ClientHandle, fake: FakeDiscord) -> discord.TextChannel:
    channel = handle.client.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def text_file(name: str, size: int = 16) -> discord.File:
    return discord.File(io.BytesIO(b"x" * size), name)


# -- application commands (AC §Slash Commands, §Application Command Naming, choice structure) -----
def command_of_8000() -> dict[str, Any]:
    """Exactly 8,000 characters as Discord counts them: names, descriptions and choice values."""
    options = []
    for o in range(2):
        choices = [{"name": f"{k:02d}" + "n" * 98, "value": f"{k:02d}" + "v" * 52} for k in range(25)]
        options.append({"name": f"o{o}", "description": "p" * 98, "type": 3, "choices": choices})
    # command 3 + 97, options 2 × (2 + 98), choices 50 × (100 + 54)
    return {"name": "big", "description": "d" * 97, "type": 1, "options": options}


async def test_a_command_holds_8000_characters_counting_its_longest_translation(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    handle, _ = client
    http, app, guild = handle.client.http, fake_discord.application_id, fake_discord.guild.id
    command = command_of_8000()
    await http.bulk_upsert_guild_commands(app, guild, [command])
    # A translation as long as the default adds nothing: only the longest of each field counts.
    command["options"][0]["choices"][0]["name_localizations"] = {"uk": "у" * 100}
    await http.bulk_upsert_guild_commands(app, guild, [command])
    command["description_localizations"] = {"uk": "о" * 98}  # one longer than the default
    with pytest.raises(discord.HTTPException) as refused:
        await http.bulk_upsert_guild_commands(app, guild, [{"name": "small", "description": "s"}, command])
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert "In 1: Command exceeds maximum size (8000)" in refused.value.text
    assert refused.value._errors == {
        "1": {
            "_errors": [
                {"code": "APPLICATION_COMMAND_TOO_LARGE", "message": "Command exceeds maximum size (8000)"}
            ]
        }
    }
    assert [c["name"] for c in fake_discord.commands[guild]] == ["big"], "the refused PUT changed nothing"
    (problem,) = fake_discord.allow_problems()
    assert "Command exceeds maximum size (8000)" in problem


async def test_a_too_large_command_is_named_by_the_sync_failure(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    """What the bot's log would show: discord.py's ``CommandSyncFailure`` names the command."""
    handle, _ = client
    assert isinstance(handle.client, QuickClient) and handle.client.tree is not None
    tree = handle.client.tree
    choices: list[app_commands.Choice[str | int | float]] = [
        app_commands.Choice(name=f"{k:02d}" + "n" * 98, value=f"{k:02d}" + "v" * 98) for k in range(25)
    ]

    async def pick(interaction: discord.Interaction, first: str, second: str) -> None:
        return None

    # Any: the command is bound to no group or cog.
    command: app_commands.Command[Any, [str, str], None] = app_commands.Command(
        name="huge", description="too many long choices", callback=pick
    )
    for name in ("first", "second"):
        command._params[name].choices = list(choices)
    tree.add_command(command, guild=discord.Object(fake_discord.guild.id))
    with pytest.raises(app_commands.CommandSyncFailure) as refused:
        await tree.sync(guild=discord.Object(fake_discord.guild.id))
    assert "In command 'huge'" in str(refused.value)
    assert "Command exceeds maximum size (8000)" in str(refused.value)
    fake_discord.allow_problems()


async def test_translations_follow_the_rules_of_what_they_translate(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    handle, _ = client
    command: dict[str, Any] = {
        "name": "game",
        "description": "play",
        "type": 1,
        "name_localizations": {"uk": "Гра нова"},  # a capital and a space: not a command name
        "options": [
            {
                "name": "kind",
                "description": "which",
                "description_localizations": {"pl": "x" * 101},
                "type": 3,
                "choices": [
                    {"name": "a", "value": "v" * 101, "name_localizations": {"ru": ""}},
                    {"name": "b", "value": "b", "name_localizations": {"ru": "б" * 101}},
                ],
            }
        ],
    }
    with pytest.raises(discord.HTTPException) as refused:
        await handle.client.http.bulk_upsert_guild_commands(
            fake_discord.application_id, fake_discord.guild.id, [command]
        )
    assert (refused.value.status, refused.value.code) == (400, 50035)
    text = refused.value.text
    assert "In 0.name_localizations.uk: 'Гра нова' is not a valid lower-case command name" in text
    assert "In 0.options.0.description_localizations.pl: must be 1 to 100 in length" in text
    assert "In 0.options.0.choices.0.value: must be 100 or fewer in length" in text
    assert "In 0.options.0.choices.0.name_localizations.ru: must be 1 to 100 in length" in text
    assert "In 0.options.0.choices.1.name_localizations.ru: must be 1 to 100 in length" in text
    fake_discord.allow_problems()
    # Uncased scripts and lower-case Cyrillic are valid names.
    command["name_localizations"] = {"uk": "гра", "hi": "खेल"}
    command["options"][0] = {"name": "kind", "description": "which", "type": 3}
    await handle.client.http.bulk_upsert_guild_commands(
        fake_discord.application_id, fake_discord.guild.id, [command]
    )


# -- the interaction callback (RR) ----------------------------------------------------------------
async def test_a_deferred_answer_has_no_message_resource_and_followups_always_wait(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    _, seen = client
    said = await fake_discord.slash("alice", fake_discord.general, "limits say")
    assert said.content.startswith("hello")
    deferred = await fake_discord.slash("alice", fake_discord.general, "limits defer")
    await deferred.wait_followups(1)
    assert seen == ["say-resource:InteractionMessage", "defer-resource:None"]
    # "wait is always true": discord.py always asks to wait for interaction followups, so the
    # request without it is sent here by hand; Discord answers with the message all the same.
    url = f"https://discord.com/api/v10/webhooks/{fake_discord.application_id}/{deferred.record.token}"
    async with (
        aiohttp.ClientSession(connector=fake_discord.connector()) as session,
        session.post(url, json={"content": "no wait"}) as response,
    ):
        assert response.status == 200 and (await response.json())["content"] == "no wait"
    assert [r.query.get("wait") for r in fake_discord.requests_to(FOLLOWUP)] == ["1", None]


async def test_a_deferred_answer_may_carry_the_ephemeral_flag_only(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    _, seen = client
    fake = fake_discord
    with pytest.raises(InteractionNotAcknowledged, match="only EPHEMERAL"):
        await fake.slash("bob", fake.general, "limits flags")  # the driver reports the first answer
    record = list(fake.interactions.values())[-1]
    await fake.wait_until(
        lambda: record.original is not None and record.original.content == "deferred properly",
        PATIENCE,
        "the proper defer and its followup",
    )
    assert seen == ["flags-refused:400:50035"]
    assert record.original is not None
    assert [a.status for a in record.attempts] == [400, 200] and record.original.ephemeral
    assert any("only EPHEMERAL (64)" in p for p in fake.allow_problems())


# -- attachments (MSG §Create Message, §Edit Message; REF §Uploading Files) ----------------------
async def test_at_most_10_attachments_and_25_mib_a_message(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    handle, _ = client
    channel = general(handle, fake_discord)
    await channel.send(files=[text_file(f"f{i}.txt") for i in range(10)])
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(files=[text_file(f"f{i}.txt") for i in range(11)])
    assert (refused.value.status, refused.value.code) == (400, 30015)
    nine_mib = 9 * 1024 * 1024  # each file under the 10 MiB upload limit, together over 25 MiB
    with pytest.raises(discord.HTTPException) as too_big:
        await channel.send(files=[text_file(f"big{i}.bin", nine_mib) for i in range(3)])
    assert (too_big.value.status, too_big.value.code) == (413, 40005)
    problems = fake_discord.allow_problems()
    assert len(problems) == 2 and "11 attachments" in problems[0] and "25 MiB" in problems[1]


async def test_an_edit_keeps_exactly_the_attachments_it_lists(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    handle, _ = client
    channel = general(handle, fake_discord)
    sent = await channel.send("v1", file=text_file("a.txt"))
    await sent.edit(content="v2")  # no attachments field: the files stay
    edited = await sent.edit(attachments=[sent.attachments[0], text_file("b.txt")])
    assert [a.filename for a in fake_discord.message(sent.id).attachments] == ["a.txt", "b.txt"]
    await edited.edit(attachments=[text_file("c.txt")])  # a and b are not listed: removed
    assert [a.filename for a in fake_discord.message(sent.id).attachments] == ["c.txt"]
    # A file uploaded with the edit but left out of ``attachments`` is not on the message (API v10).
    route = discord.http.Route(
        "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel.id, message_id=sent.id
    )
    form: list[dict[str, Any]] = [
        {"name": "payload_json", "value": json.dumps({"attachments": []})},
        {"name": "files[0]", "value": b"d", "filename": "d.txt", "content_type": "application/octet-stream"},
    ]
    await handle.client.http.request(route, form=form, files=[text_file("d.txt", 1)])
    assert fake_discord.message(sent.id).attachments == []
    assert any("left them out of attachments" in p for p in fake_discord.allow_problems())


# -- allowed mentions (MSG §Allowed Mentions Object) ----------------------------------------------
async def test_allowed_mentions_are_checked_and_decide_who_is_pinged(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    handle, _ = client
    fake = fake_discord
    channel = general(handle, fake)
    alice, bob, carol = (fake.users[n] for n in ("alice", "bob", "carol"))
    both = f"{alice.mention} and {bob.mention}"

    only_alice = await channel.send(
        both, allowed_mentions=discord.AllowedMentions(users=[discord.Object(alice.id)])
    )
    assert fake.message(only_alice.id).pinged == [alice]
    everyone = await channel.send(both)  # a regular message parses every mention by default
    assert fake.message(everyone.id).pinged == [alice, bob]
    nobody = await channel.send(both, allowed_mentions=discord.AllowedMentions.none())
    assert fake.message(nobody.id).pinged == [] and fake.message(nobody.id).mentions == []
    # An edit rebuilds ``mentions`` but notifies nobody.
    await only_alice.edit(
        content=f"{both} and {carol.mention}", allowed_mentions=discord.AllowedMentions(users=True)
    )
    assert fake.message(only_alice.id).mentions == [alice, bob, carol]
    assert fake.message(only_alice.id).pinged == [alice]
    # An interaction answer parses users only by default: alice, who ran the command, is pinged.
    said = await fake.slash("alice", fake.general, "limits say")
    assert said.message is not None and said.message.pinged == [alice]

    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    contradictory = {"parse": ["users"], "users": [str(alice.id)]}
    with pytest.raises(discord.HTTPException) as refused:
        await handle.client.http.request(route, json={"content": both, "allowed_mentions": contradictory})
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert (
        'In allowed_mentions: parse:["users"] and users: [ids...] are mutually exclusive.'
        in refused.value.text
    )
    errors = refused.value._errors
    assert errors is not None
    assert errors["allowed_mentions"]["_errors"][0]["code"] == "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
    # "Passing a falsy value such as null or an empty array into the users field does not trigger a
    # validation error"
    await handle.client.http.request(
        route, json={"content": both, "allowed_mentions": {"parse": ["users"], "users": []}}
    )
    too_many = {"users": [str(alice.id)] * 101}
    with pytest.raises(discord.HTTPException):
        await handle.client.http.request(route, json={"content": both, "allowed_mentions": too_many})
    assert len(fake.allow_problems()) == 2


# -- rate-limit headers (RL §Header Format) -------------------------------------------------------
async def test_successful_answers_carry_rate_limit_headers(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    fake = fake_discord
    url = f"https://discord.com/api/v10/channels/{fake.general.id}/messages"
    async with aiohttp.ClientSession(connector=fake.connector()) as session:
        answers = []
        for _ in range(2):
            async with session.get(url, headers={"Authorization": f"Bot {fake.token}"}) as response:
                assert response.status == 200
                answers.append(response.headers)
    first, second = answers
    assert first["X-RateLimit-Limit"] == "50" and first["X-RateLimit-Bucket"] == second["X-RateLimit-Bucket"]
    assert [int(a["X-RateLimit-Remaining"]) for a in answers] == [49, 48]
    assert 0 <= float(first["X-RateLimit-Reset-After"]) <= 1.0 and float(first["X-RateLimit-Reset"]) > 1e9


async def test_discord_py_paces_itself_by_the_headers(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, list[str]]
) -> None:
    """With 2 requests a 0.5 s window the third message waits for the next window: the library reads
    ``Remaining`` and ``Reset-After`` from 2xx answers and never gets a 429."""
    handle, _ = client
    fake_discord.buckets.limit, fake_discord.buckets.window = 2, 0.5
    channel = general(handle, fake_discord)
    await asyncio.gather(*(channel.send(f"message {i}") for i in range(3)))
    sent = fake_discord.requests_to(CHECK_ROUTE)
    assert [r.status for r in sent] == [200, 200, 200]
    assert sent[2].started - sent[0].started >= 0.45


# -- the gateway: sharding (GW §Sharding, §Max Concurrency; CODES 4011) -----------------------------
class ShardClient(discord.AutoShardedClient):
    """One shard of two; before identifying again it waits ``retry_after`` (the library's own wait,
    5 s, is Discord's identify window)."""

    retry_after = 0.0

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        if not initial:
            await asyncio.sleep(self.retry_after)


@pytest.fixture
async def shards(fake_discord: FakeDiscord) -> AsyncIterator[Callable[..., Awaitable[ClientHandle]]]:
    """``await shards(shard_id)``: a client running that shard of two, stopped at the end."""
    running: list[ClientHandle] = []

    async def start(shard: int, *, retry_after: float = 0.0) -> ClientHandle:
        client = ShardClient(
            intents=discord.Intents.default(),
            connector=fake_discord.connector(),
            shard_count=2,
            shard_ids=[shard],
        )
        client.retry_after = retry_after
        client._connection.guild_ready_timeout = 0.05
        running.append(await start_client(client, fake_discord))
        return running[-1]

    yield start
    for handle in running:
        await handle.stop()
    for handle in running:
        handle.raise_if_crashed()


async def test_events_without_a_guild_go_to_shard_0_only(
    fake_discord: FakeDiscord, shards: Callable[..., Awaitable[ClientHandle]]
) -> None:
    fake = fake_discord
    await shards(0)
    await shards(1)
    gateway = fake.gateway
    before = {i: len(gateway.shards[i].events) for i in (0, 1)}
    await gateway.dispatch("USER_UPDATE", fake.bot.payload())
    assert len(gateway.shards[0].events) == before[0] + 1 and len(gateway.shards[1].events) == before[1]


async def test_identifying_faster_than_max_concurrency_gets_op_9(
    fake_discord: FakeDiscord, shards: Callable[..., Awaitable[ClientHandle]]
) -> None:
    """Opt-in (``identify_interval``): discord.py waits 5 s before identifying again, so the suite
    does not enforce it. Here the window is short, and so is the client's wait."""
    fake = fake_discord
    fake.gateway.identify_interval = 0.3
    await shards(0)
    await shards(1, retry_after=0.35)  # same bucket (1 % max_concurrency 1 == 0): refused once
    assert fake.gateway.log.refused_identifies == 1 and fake.gateway.log.identifies == 2


async def test_sharding_required_closes_an_unsharded_connection_with_4011(
    fake_discord: FakeDiscord, shards: Callable[..., Awaitable[ClientHandle]]
) -> None:
    fake = fake_discord
    plain = await start_client(
        QuickClient(intents=discord.Intents.default(), connector=fake.connector()), fake
    )
    try:
        await fake.gateway.require_sharding(2)
        await asyncio.wait_for(asyncio.wait({plain.task}), PATIENCE)
    finally:
        await plain.stop()
    error = plain.task.exception()
    assert isinstance(error, discord.ConnectionClosed) and error.code == 4011
    async with (
        aiohttp.ClientSession(connector=fake.connector()) as session,
        session.get(
            "https://discord.com/api/v10/gateway/bot", headers={"Authorization": f"Bot {fake.token}"}
        ) as got,
    ):
        assert (await got.json())["shards"] == 2, "GET /gateway/bot recommends the count"
    # Sharded as Discord recommends, the application connects again.
    assert (await shards(0)).client.is_ready() and (await shards(1)).client.is_ready()
