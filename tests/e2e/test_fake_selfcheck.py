"""The fake Discord proves itself against a plain ``discord.Client`` + ``CommandTree`` (not our bot):
the real, unpatched discord.py must log in, sync, answer slash commands, buttons, selects, modals and
autocomplete, upload files, resume after a dropped socket and retry a 429 — and the fake must refuse
what real Discord refuses."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.fakediscord import FakeDiscord, InteractionNotAcknowledged, Permission
from tests.fakediscord.harness import ClientHandle, start_client

ACK_LIMIT = 3.0  # Discord's first-response deadline


def png_bytes(size: int = 16) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


@dataclass
class Seen:
    """What the test client's handlers observed."""

    calls: list[str] = field(default_factory=list)
    permissions: dict[str, bool] = field(default_factory=dict)
    slow_seconds: float = 0.0


class PanelView(discord.ui.View):
    def __init__(self, seen: Seen) -> None:
        super().__init__(timeout=None)
        self.seen = seen

    @discord.ui.button(label="Advance", custom_id="check:advance", style=discord.ButtonStyle.primary)
    async def advance(self, interaction: discord.Interaction, button: discord.ui.Button[PanelView]) -> None:
        self.seen.calls.append("advance")
        await interaction.response.edit_message(content="advanced", view=None)
        await interaction.followup.send("board", file=discord.File(io.BytesIO(png_bytes()), "board.png"))

    @discord.ui.button(label="Ask", custom_id="check:ask")
    async def ask(self, interaction: discord.Interaction, button: discord.ui.Button[PanelView]) -> None:
        await interaction.response.send_modal(NoteModal(self.seen))

    @discord.ui.select(
        custom_id="check:pick",
        options=[
            discord.SelectOption(label="Red", value="red"),
            discord.SelectOption(label="Blue", value="blue"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[PanelView]) -> None:
        self.seen.calls.append(f"pick:{select.values[0]}")
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"picked {select.values[0]}")


class NoteModal(discord.ui.Modal, title="A note"):
    note: discord.ui.TextInput[NoteModal] = discord.ui.TextInput(label="Note", custom_id="check:note")

    def __init__(self, seen: Seen) -> None:
        super().__init__(custom_id="check:modal")
        self.seen = seen

    async def on_submit(self, interaction: discord.Interaction) -> None:
        self.seen.calls.append(f"note:{self.note.value}")
        await interaction.response.send_message(f"noted {self.note.value}", ephemeral=True)


ACTIONS = ["build farm", "build factory", "buy land", "pass"]


class QuickClient(discord.Client):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # The library waits 5 s before every re-IDENTIFY (Discord's identify limit); not needed here.
        return None


def make_client(
    fake: FakeDiscord, seen: Seen
) -> tuple[discord.Client, app_commands.CommandTree[discord.Client]]:
    client = QuickClient(intents=discord.Intents.default(), connector=fake.connector())
    client._connection.guild_ready_timeout = 0.05
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    guild = discord.Object(fake.guild.id)
    group = app_commands.Group(name="check", description="self-check commands", guild_ids=[fake.guild.id])

    @group.command(name="panel", description="post a panel")
    @app_commands.describe(title="panel title")
    async def panel(
        interaction: discord.Interaction, title: str, copies: app_commands.Range[int, 1, 3] = 1
    ) -> None:
        seen.calls.append(f"panel:{title}:{copies}")
        seen.permissions[interaction.user.name] = interaction.permissions.manage_guild
        await interaction.response.send_message(f"{title} x{copies}", view=PanelView(seen))

    @group.command(name="slow", description="defer, work, then edit")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await asyncio.sleep(seen.slow_seconds)
        await interaction.edit_original_response(content="done slowly")

    @group.command(name="late", description="answer after the deadline")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(seen.slow_seconds)
        await interaction.response.send_message("too late")

    @group.command(name="play", description="play an action")
    async def play(interaction: discord.Interaction, action: str) -> None:
        seen.calls.append(f"play:{action}")
        await interaction.response.send_message(f"played {action}")

    @play.autocomplete("action")
    async def play_action(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a, value=a) for a in ACTIONS if current in a]

    @group.command(name="count", description="count deliveries")
    async def count(interaction: discord.Interaction) -> None:
        seen.calls.append(f"count:{interaction.id}")
        await interaction.response.send_message("counted")

    @group.command(name="image", description="answer with an image, then replace it")
    async def image(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("v1", file=discord.File(io.BytesIO(png_bytes(8)), "v1.png"))
        await interaction.edit_original_response(
            content="v2", attachments=[discord.File(io.BytesIO(png_bytes(12)), "v2.png")]
        )

    @group.command(name="later", description="answer, then follow up much later")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("working")
        await asyncio.sleep(seen.slow_seconds)
        try:
            await interaction.followup.send("finished")
        except discord.HTTPException as exc:
            seen.calls.append(f"followup-refused:{exc.status}:{exc.code}")
            assert isinstance(interaction.channel, discord.TextChannel)
            await interaction.channel.send("finished (posted to the channel)")

    @app_commands.command(name="admin", description="moderators only")
    @app_commands.default_permissions(manage_guild=True)
    async def admin(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("admin ok", ephemeral=True)

    tree.add_command(group, guild=guild)
    tree.add_command(admin, guild=guild)
    return client, tree


@pytest.fixture
async def client(fake_discord: FakeDiscord) -> AsyncIterator[tuple[ClientHandle, Seen]]:
    seen = Seen()
    plain, tree = make_client(fake_discord, seen)
    handle = await start_client(plain, fake_discord)
    await tree.sync(guild=discord.Object(fake_discord.guild.id))
    yield handle, seen
    await handle.stop()
    handle.raise_if_crashed()


async def test_login_ready_and_stable_command_ids(fake_discord: FakeDiscord) -> None:
    seen = Seen()
    plain, tree = make_client(fake_discord, seen)
    handle = await start_client(plain, fake_discord)
    guild = discord.Object(fake_discord.guild.id)
    first = await tree.sync(guild=guild)
    second = await tree.sync(guild=guild)
    assert [c.name for c in first] == ["check", "admin"]
    assert first[0].id == second[0].id, "re-syncing keeps command ids"
    assert plain.user is not None and plain.user.id == fake_discord.bot.id
    assert plain.get_guild(fake_discord.guild.id) is not None
    routes = [r.route for r in fake_discord.requests]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert fake_discord.gateway.log.identifies == 1 and fake_discord.gateway.log.heartbeats >= 1
    await handle.stop()
    assert fake_discord.gateway.log.close_codes[-1] == 4000, "bot.close() reaches the gateway as 4000"


async def test_bad_token_is_a_login_failure(fake_discord: FakeDiscord) -> None:
    plain = discord.Client(intents=discord.Intents.default(), connector=fake_discord.connector())
    with pytest.raises(discord.LoginFailure):
        await plain.login("not-the-token")
    await plain.close()


async def test_slash_button_edit_and_png_followup(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    alice = fake_discord.users["alice"]
    reply = await fake_discord.slash(alice, fake_discord.general, "check panel", title="Board", copies=2)
    assert reply.type == 4 and not reply.ephemeral
    assert reply.content == "Board x2"
    assert reply.message is not None
    assert reply.message.button_labels() == ["Advance", "Ask"]
    assert fake_discord.latest_message(fake_discord.general) is reply.message

    clicked = await fake_discord.click_button(alice, reply.message, "Advance")
    assert clicked.type == 7
    assert clicked.message is reply.message and reply.message.content == "advanced"
    assert reply.message.components == [] and reply.message.edits == 1
    assert [r.content for r in reply.message.history] == ["Board x2", "advanced"]
    (followup,) = await clicked.wait_followups(1)
    png = followup.attachment("board.png")
    assert png.content_type == "image/png" and png.data == png_bytes()
    assert Image.open(io.BytesIO(png.data)).size == (16, 16)
    upload = fake_discord.requests_to("POST /webhooks/{app_id}/{token}")[0]
    assert upload.files == [("files[0]", "board.png", png_bytes())]
    assert seen.calls == ["panel:Board:2", "advance"]
    for outcome in (reply, clicked):
        assert outcome.latency < ACK_LIMIT
    for interaction in fake_discord.interactions.values():
        assert (
            interaction.callback_at is not None and interaction.callback_at - interaction.created < ACK_LIMIT
        )


async def test_disabled_or_missing_components_cannot_be_clicked(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    reply = await fake_discord.slash("bob", fake_discord.general, "check panel", title="T")
    assert reply.message is not None
    with pytest.raises(AssertionError, match="no component"):
        await fake_discord.click("bob", reply.message, "check:nope")
    with pytest.raises(AssertionError, match=r"not one of|required"):
        await fake_discord.slash("bob", fake_discord.general, "check panel")


async def test_select_defer_update_then_edit(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    reply = await fake_discord.slash("carol", fake_discord.general, "check panel", title="Pick")
    assert reply.message is not None
    picked = await fake_discord.select("carol", reply.message, "check:pick", ["blue"])
    assert picked.type == 6 and picked.deferred
    await picked.wait_for(lambda o: o.message is not None and o.message.content == "picked blue")
    assert seen.calls[-1] == "pick:blue"
    with pytest.raises(AssertionError, match="does not offer"):
        await fake_discord.select("carol", reply.message, "check:pick", ["green"])


async def test_modal_opens_and_submits(fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]) -> None:
    _, seen = client
    reply = await fake_discord.slash("dave", fake_discord.general, "check panel", title="M")
    assert reply.message is not None
    opened = await fake_discord.click_button("dave", reply.message, "Ask")
    assert opened.type == 9 and opened.modal["title"] == "A note"
    submitted = await fake_discord.submit_modal("dave", opened, {"check:note": "hello"})
    assert submitted.type == 4 and submitted.ephemeral and submitted.content == "noted hello"
    assert seen.calls[-1] == "note:hello"
    assert submitted.message not in fake_discord.channel_messages(fake_discord.general)


async def test_deferred_ephemeral_then_edit(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    seen.slow_seconds = 0.2
    outcome = await fake_discord.slash("alice", fake_discord.general, "check slow")
    assert outcome.type == 5 and outcome.ephemeral
    assert outcome.latency < 0.2, "the defer comes before the slow work"
    message = await outcome.wait_response()
    assert message.content == "done slowly" and message.ephemeral and not message.loading


async def test_late_acknowledgement_fails_the_interaction(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    fake_discord.ack_deadline = 0.1  # scaled-down 3-second rule keeps the test fast
    seen.slow_seconds = 0.3
    with pytest.raises(InteractionNotAcknowledged):
        await fake_discord.slash("alice", fake_discord.general, "check late")
    problems = fake_discord.allow_problems()
    assert any("This interaction failed" in p for p in problems)


async def test_autocomplete_suggests(fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]) -> None:
    outcome = await fake_discord.autocomplete(
        "bob", fake_discord.general, "check play", focused="action", value="bu"
    )
    assert outcome.type == 8
    assert [c["value"] for c in outcome.choices] == ["build farm", "build factory", "buy land"]
    played = await fake_discord.slash("bob", fake_discord.general, "check play", action="pass")
    assert played.content == "played pass"


async def test_member_permissions_reach_the_client(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    await fake_discord.slash("mod", fake_discord.general, "check panel", title="P")
    await fake_discord.slash("alice", fake_discord.general, "check panel", title="P")
    assert seen.permissions == {"mod": True, "alice": False}


async def test_resume_replays_events_missed_while_disconnected(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    await fake_discord.drop_gateway(4000, wait=False)
    # Sent while the socket is down: must be replayed after RESUME.
    outcome = await fake_discord.slash("alice", fake_discord.general, "check panel", title="During")
    assert outcome.content == "During x1"
    log = fake_discord.gateway.log
    assert log.resumes == 1 and log.identifies == 1
    resume = next(frame for frame in log.received if frame["op"] == 6)
    current = fake_discord.gateway.current
    assert current is not None and resume["d"]["session_id"] == current.id

    await fake_discord.send_reconnect()
    assert log.resumes == 2 and log.identifies == 1
    await fake_discord.invalidate_session(resumable=False)
    assert log.identifies == 2
    after = await fake_discord.slash("alice", fake_discord.general, "check panel", title="After")
    assert after.content == "After x1"


async def test_rate_limit_is_retried(fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]) -> None:
    handle, _ = client
    channel = handle.client.get_channel(fake_discord.general.id)
    assert isinstance(channel, discord.TextChannel)
    route = "POST /channels/{channel_id}/messages"
    fake_discord.rate_limit(route, count=2, retry_after=0.05)
    message = await channel.send("after the limit")
    assert message.content == "after the limit"
    assert [r.status for r in fake_discord.requests_to(route)] == [429, 429, 200]
    assert fake_discord.latest_message(fake_discord.general).content == "after the limit"


async def test_failed_upload_is_retried(fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]) -> None:
    handle, _ = client
    channel = handle.client.get_channel(fake_discord.general.id)
    assert isinstance(channel, discord.TextChannel)
    fake_discord.fail_next_upload(status=500)
    await channel.send(file=discord.File(io.BytesIO(png_bytes()), "retry.png"))  # discord.py waits 1 s
    statuses = [r.status for r in fake_discord.requests_to("POST /channels/{channel_id}/messages")]
    assert statuses == [500, 200]
    assert fake_discord.latest_message(fake_discord.general).attachment("retry.png").data == png_bytes()


async def test_a_lost_answer_is_sent_again_and_the_nonce_keeps_one_message(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    """Create Message with ``nonce`` and ``enforce_nonce`` (discord.py sets both): the same nonce again
    returns the message made the first time instead of a second one; a nonce is 25 characters at
    most. Without this, a 5xx after Discord made the message (which discord.py retries) posts twice."""
    handle, _ = client
    channel = handle.client.get_channel(fake_discord.general.id)
    assert isinstance(channel, discord.TextChannel)
    route = "POST /channels/{channel_id}/messages"
    fake_discord.lose_next_answer(route, status=502)
    first = await channel.send("summary of round 3", nonce="round-3")
    assert [r.status for r in fake_discord.requests_to(route)] == [502, 200]
    again = await channel.send("summary of round 3, sent again by another process", nonce="round-3")
    assert again.id == first.id
    made = [m for m in fake_discord.channel_messages(fake_discord.general) if m.content.startswith("summary")]
    assert [m.content for m in made] == ["summary of round 3"]
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("too long a nonce", nonce="n" * 26)
    assert refused.value.status == 400
    fake_discord.allow_problems()


async def test_strict_mode_records_unknown_routes_and_invalid_bodies(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    handle, _ = client
    with pytest.raises(discord.NotFound):
        await handle.client.http.request(discord.http.Route("GET", "/definitely/not/a/route"))
    channel = handle.client.get_channel(fake_discord.general.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.code == 50035
    with pytest.raises(AssertionError, match="unknown route: GET /api/v10/definitely/not/a/route"):
        fake_discord.assert_clean()
    problems = fake_discord.allow_problems()
    assert len(problems) == 2 and "2000 or fewer" in problems[1]
    fake_discord.assert_clean()


async def test_redelivered_interaction_is_refused_by_discord(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    first = await fake_discord.slash("alice", fake_discord.general, "check count")
    await fake_discord.redeliver(first)
    assert seen.calls == [f"count:{first.id}", f"count:{first.id}"], "the client handled it twice"
    assert [a.status for a in first.record.attempts] == [200, 400], "Discord refused the second answer"
    assert len(fake_discord.channel_messages(fake_discord.general)) == 1


async def test_command_definitions_are_validated(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    handle, _ = client
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none())
    )
    del tree
    guild_id = fake_discord.guild.id
    bad = [{"name": "Bad Name", "description": "x", "type": 1, "name_localizations": {"ca": "joc"}}]
    with pytest.raises(discord.HTTPException):
        await handle.client.http.bulk_upsert_guild_commands(fake_discord.application_id, guild_id, bad)
    problems = fake_discord.allow_problems()
    assert (
        "not a valid lower-case command name" in problems[0] and "'ca' is not a valid locale" in problems[0]
    )


async def test_callback_with_file_then_edit_replaces_the_attachment(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    outcome = await fake_discord.slash("alice", fake_discord.general, "check image")
    assert outcome.type == 4
    callback = fake_discord.requests_to("POST /interactions/{interaction_id}/{token}/callback")[-1]
    assert [name for name, _, _ in callback.files] == ["files[0]"], "the callback went as multipart"
    await outcome.wait_for(lambda o: o.content == "v2")
    message = outcome.message
    assert message is not None
    assert [a.filename for a in message.attachments] == ["v2.png"]
    assert Image.open(io.BytesIO(message.attachment("v2.png").data)).size == (12, 12)
    assert [r.attachments for r in message.history] == [["v1.png"], ["v2.png"]]


async def test_expired_token_refuses_followups(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    _, seen = client
    seen.slow_seconds = 0.1
    outcome = await fake_discord.slash("bob", fake_discord.general, "check later")
    fake_discord.expire_token(outcome)  # as if 15 minutes had passed
    await fake_discord.wait_until(
        lambda: fake_discord.latest_message(fake_discord.general).content.startswith("finished"),
        5,
        "fallback",
    )
    assert seen.calls == ["followup-refused:401:50027"]
    assert outcome.followups == []


async def test_missing_channel_permission_is_refused(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    handle, _ = client
    fake_discord.set_permissions(fake_discord.games, fake_discord.bot, deny=Permission.SEND_MESSAGES)
    channel = handle.client.get_channel(fake_discord.games.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.Forbidden):
        await channel.send("hello")
    assert any("lacks permissions" in p for p in fake_discord.allow_problems())


async def test_direct_message(fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]) -> None:
    handle, _ = client
    user = await handle.client.fetch_user(fake_discord.users["carol"].id)
    await user.send("your hand: 3 cards")
    (message,) = fake_discord.channel_messages(fake_discord.dm_channel("carol"))
    assert message.content == "your hand: 3 cards"


async def test_default_member_permissions_hide_commands(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    with pytest.raises(AssertionError, match="hides /admin from alice"):
        await fake_discord.slash("alice", fake_discord.general, "admin")
    allowed = await fake_discord.slash("mod", fake_discord.general, "admin")
    assert allowed.content == "admin ok" and allowed.ephemeral


async def test_wait_helpers_return_once_their_condition_holds(
    fake_discord: FakeDiscord, client: tuple[ClientHandle, Seen]
) -> None:
    fake = fake_discord
    _, seen = client
    reply = await fake.slash("alice", fake.general, "check panel", title="Board")
    assert reply.message is not None
    await fake.select("alice", reply.message, "check:pick", ["red"])
    picked = await fake.wait_for_update(reply.message, lambda m: m.content == "picked red")
    assert picked is fake.message(reply.message.id)

    async def handled() -> bool:
        return "pick:red" in seen.calls

    assert await fake.wait_until_async(handled, 1, "the pick to be handled")
    await fake.click_button("alice", reply.message, "Advance")
    board = await fake.wait_for_message(fake.general, lambda m: m.attachments)
    assert board.attachment("board.png").data == png_bytes()
    await fake.wait_idle()
    with pytest.raises(AssertionError, match=r"timed out after 0\.2s waiting for a matching message"):
        await fake.wait_for_message(fake.general, lambda m: "never" in m.content, timeout=0.2)
