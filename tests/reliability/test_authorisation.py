"""Authorisation (issue 8, part 4): who may do what, checked by the bot itself (a custom_id is
just text: anyone can send any of them). Every refusal is private and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.ops.transfer import HIDDEN_UNTIL_THE_END
from bot.service.tables import WRONG_CHANNEL
from render.common.language import say
from tests.fakediscord import FakeDiscord, Permission
from tests.fakediscord.model import Member
from tests.reliability.helpers import (
    GAME_MODULES,
    action_id,
    answer,
    game_fingerprint,
    refusal,
    seat_race,
    sessions_of,
)


@pytest.fixture
def other_guild(fake_discord: FakeDiscord) -> Any:
    """A second server where Alice is a member too, known to the bot before it starts."""
    fake = fake_discord
    guild = fake.add_guild("Elsewhere", owner=fake.users["dave"])
    channel = fake.add_channel(guild, "elsewhere-games")
    fake.add_user("mallory", guild=guild)
    guild.members[fake.users["alice"].id] = Member(fake.users["alice"])
    return channel


async def test_a_user_who_is_not_seated_is_refused(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    for custom_id in (action_id(table, 0, "step 1"), f"br:u:{table.id}:{table.version}:0"):
        assert (
            await refusal(await fake.press("carol", "games", custom_id))
            == "You are not playing in this game."
        )
    taken = await fake.press("carol", "games", f"br:t:{table.id}:{table.version}")
    assert await refusal(taken) == "You are not playing in this game."
    assert await game_fingerprint(sessions, table.id) == before


async def test_a_seated_user_acting_on_another_seats_decision_is_refused(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    # Bob presses the button drawn for Alice's seat (her turn), and his own seat's out of turn.
    assert await refusal(await fake.press("bob", "games", action_id(table, 0, "step 2"))) == (
        "These choices are for another player."
    )
    assert await refusal(await fake.press("bob", "games", action_id(table, 1, "step 2"))) == (
        "It is not your turn."
    )
    # Undo of Alice's step by Bob after she moved.
    await answer(await fake.press("alice", "games", action_id(table, 0, "step 1")))
    moved = await game_fingerprint(sessions, table.id)
    assert moved[0] == before[0] + 1
    undo = await fake.press("bob", "games", f"br:u:{table.id}:{moved[0]}:0")
    assert await refusal(undo) == "These choices are for another player."
    assert await game_fingerprint(sessions, table.id) == moved


async def test_a_custom_id_replayed_in_another_channel_or_guild_is_refused(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, other_guild: Any
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    legal = action_id(table, 0, "step 1")
    # The seated player herself, from another channel of the same server and from another server.
    for user, channel in (("alice", "general"), ("alice", other_guild), ("mallory", other_guild)):
        assert await refusal(await fake.press(user, channel, legal)) == WRONG_CHANNEL
        turn = await fake.press(user, channel, f"br:t:{table.id}:{table.version}")
        assert await refusal(turn) == WRONG_CHANNEL
    assert await game_fingerprint(sessions, table.id) == before
    # A lobby's buttons too.
    lobby = await sessions.lobby.create_game(
        guild_id=fake.guild.id, channel_id=fake.general.id, game_name="race", host_id=fake.users["carol"].id
    )
    for verb in ("j", "l", "s"):
        outcome = await fake.press("mallory", other_guild, f"br:{verb}:{lobby.id}:{lobby.version}")
        assert await refusal(outcome) == WRONG_CHANNEL
    assert (await sessions.reading.status(lobby.id)).table.seats == lobby.seats
    # The same click in the game's own channel works.
    applied = await fake.press("alice", "games", legal)
    assert await answer(applied) is applied.record.source_message
    assert (await game_fingerprint(sessions, table.id))[0] == before[0] + 1


async def test_host_only_commands_refuse_members_without_manage_server(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    # Bob is seated but not the host, Carol is neither; neither has Manage Server.
    for user in ("bob", "carol"):
        abandon = await fake.slash(user, "games", "game abandon")
        assert await refusal(abandon) == "Only the host or a member with Manage Server can abandon this game."
        replace = await fake.slash(user, "games", "game replace", player="alice")
        assert await refusal(replace) == "Only the host or a member with Manage Server can replace a player."
    assert await game_fingerprint(sessions, table.id) == before
    # /boardroom is every member's since it holds `turns` and `me` (issue 20): the bot checks who
    # asks for each operator command.
    boardroom = next(c for c in fake.commands[fake.guild.id] if c["name"] == "boardroom")
    assert boardroom.get("default_member_permissions") is None
    export = await fake.slash("carol", "games", "boardroom export")
    assert await refusal(export) == "Only the host or a member with Manage Server can export this game."
    upload = fake.upload("game.json", b"{}")
    imported = await fake.slash("carol", "general", "boardroom import", file=upload)
    assert await refusal(imported) == "Only members with Manage Server can import a game."
    sync = await fake.slash("mod", "games", "boardroom sync")  # Manage Server, but not the bot's owner
    assert await refusal(sync) == "Only the bot's owner can use this command."
    assert await game_fingerprint(sessions, table.id) == before
    # A moderator (Manage Server) may abandon a game they do not host.
    assert fake.guild.permissions_in(fake.games, fake.users["mod"].id) & Permission.MANAGE_GUILD
    done = await fake.slash("mod", "games", "game abandon")
    await done.wait_followups(1)
    assert (await sessions.reading.status(table.id)).table.game.status.value == "abandoned"


async def test_a_moderator_playing_in_a_game_cannot_export_it_until_it_ends(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """A member with Manage Server who is seated in the game (not its host) asks for its export: the
    file holds the seed and the whole state (the other players' hidden cards, every future draw), so
    while the game runs they get a refusal and no file. Once it has ended, they get it."""
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    assert fake.guild.permissions_in(fake.games, fake.users["mod"].id) & Permission.MANAGE_GUILD
    table = await seat_race(fake, sessions, "games", host="alice", other="mod")
    export = await fake.slash("mod", "games", "boardroom export")
    assert await refusal(export) == say(HIDDEN_UNTIL_THE_END)
    assert not any(m.attachments for m in export.followups)
    await sessions.lobby.abandon(table.id, fake.users["alice"].id, may_manage=False)
    ended = await fake.slash("mod", "games", "boardroom export")
    (reply,) = await ended.wait_followups(1)
    assert reply.ephemeral and reply.attachment(f"boardroom-race-{table.id}.json").data
