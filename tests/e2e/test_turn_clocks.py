"""Turn clocks end to end (issue 20), through the real discord.py client and the fake Discord, with
the bot's clock moved by the test: a reminder arrives as a reply to the turn line that mentions only
that player; the Skip button appears only once the bank is empty and works only for the others;
"I'm back" returns the seat; ``/boardroom turns`` lists the games of two servers with working links."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.storage import clocks as clock_rows
from tests.bot.conftest import ManualClock
from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    GAME_MODULES,
    acked,
    choose,
    next_turn_line,
    open_panel,
    private_reply,
    seated,
    turn_lines,
)
from tests.fakediscord import PATIENCE, FakeDiscord, Message
from tests.fakediscord.model import Member

HOUR = 3600
MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


async def _started(fake: FakeDiscord, handle: Any, channel: str = "games") -> Message:
    """A countdown game at normal speed, alice (seat 1, deciding first) and bob; its first turn line."""
    outcome = acked(
        await fake.slash("alice", channel, "game new", game="countdown", thread=False, speed="normal"),
        DEFERRED_MESSAGE,
    )
    lobby = await outcome.wait_response()
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    seen = len([m for m in fake.channel_messages(channel) if "your turn" in m.content])
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    await fake.wait_until(
        lambda: len([m for m in fake.channel_messages(channel) if "your turn" in m.content]) > seen,
        PATIENCE,
        "the first turn line",
    )
    return [m for m in fake.channel_messages(channel) if "your turn" in m.content][seen]


async def _bot_with_a_clock(start_bot: Any, tmp_path: Path) -> tuple[Any, ManualClock]:
    """The bot, its one clock (the sessions') replaced by one the test moves."""
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    clock = ManualClock(MONDAY)
    handle.bot.sessions.store.clock = clock
    return handle, clock


def _sent(fake: FakeDiscord, text: str) -> Any:
    """The request that created the message containing ``text``."""
    return next(
        r
        for r in fake.requests
        if r.method == "POST" and isinstance(r.json, dict) and text in str(r.json.get("content", ""))
    )


async def test_a_reminder_is_a_reply_to_the_turn_line_mentioning_only_that_player(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    line = await _started(fake, handle)
    clock.advance(4 * HOUR - 60)
    assert await handle.bot.scheduler.run_due() == 0  # not yet
    clock.advance(60)
    assert await handle.bot.scheduler.run_due() == 1
    reminder = await fake.wait_for_message("games", lambda m: "a reminder" in m.content)
    alice = fake.users["alice"].id
    assert reminder.content.startswith(f"<@{alice}>, a reminder: **Countdown (test game)**")
    assert "You have 20 hours left on your clock." in reminder.content
    request = _sent(fake, "a reminder")
    assert [int(u) for u in request.json["allowed_mentions"]["users"]] == [alice]
    assert int(request.json["message_reference"]["message_id"]) == line.id
    assert await handle.bot.scheduler.run_due() == 0  # once
    status = acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE)
    shown = (await private_reply(status)).content
    assert "Speed: normal (1 day in the bank, 8 hours back per move)" in shown
    assert "• alice: 20 hours left and running" in shown and "• bob: 1 day left" in shown


async def test_skip_appears_only_when_the_bank_is_empty_and_only_others_may_press_it(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    await _started(fake, handle)
    clock.advance(4 * HOUR)
    await handle.bot.scheduler.run_due()  # the first reminder …
    clock.advance(19 * HOUR)
    await handle.bot.scheduler.run_due()  # … and the warning, no Skip yet
    await fake.wait_for_message("games", lambda m: "your clock is running out" in m.content)
    assert not [m for m in fake.channel_messages("games") if "Skip" in m.button_labels()]
    clock.advance(HOUR)
    assert await handle.bot.scheduler.run_due() == 1
    out = await fake.wait_for_message("games", lambda m: "has run out of time" in m.content)
    assert out.button_labels() == ["Skip"]
    mentions = _sent(fake, "has run out of time").json["allowed_mentions"]
    assert mentions.get("parse") == [] and not mentions.get("users")  # it pings nobody
    refused = acked(await fake.click_button("alice", out, "Skip"), DEFERRED_UPDATE)
    assert "cannot skip yourself" in (await private_reply(refused)).content
    seen = len(turn_lines(fake))
    acked(await fake.click_button("bob", out, "Skip"), DEFERRED_UPDATE)
    skipped = await fake.wait_for_update(out, lambda m: "skipped" in m.content, what="the skip told")
    assert skipped.button_labels() == ["I'm back"]
    # The bot took alice's decision: the turn is bob's.
    line = await next_turn_line(fake, seen)
    assert f"<@{fake.users['bob'].id}>" in line.content
    refused = acked(await fake.click_button("bob", skipped, "I'm back"), DEFERRED_UPDATE)
    assert "not skipped" in (await private_reply(refused)).content
    acked(await fake.click_button("alice", skipped, "I'm back"), DEFERRED_UPDATE)
    await fake.wait_for_update(skipped, lambda m: "is back" in m.content, what="the hand-back told")
    status = await handle.bot.sessions.reading.status_in_channel(fake.games.id)
    assert status.table.ai_seats == frozenset()
    log = acked(await fake.slash("carol", "games", "game log"), DEFERRED_MESSAGE)
    text = (await private_reply(log)).content
    assert "alice ran out of time." in text and "bob skipped alice" in text and "alice was back" in text
    assert "(the bot, for alice, who was skipped)" in text


async def test_the_skip_goes_once_the_late_player_moves(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """A Skip left under a decision already taken would only invite a refusal: once alice moves (late,
    but before anyone skipped her), the out-of-time post keeps its words and loses its button."""
    fake = fake_discord
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    line = await _started(fake, handle)
    for hours in (4, 19, 1):
        clock.advance(hours * HOUR)
        await handle.bot.scheduler.run_due()
    out = await fake.wait_for_message("games", lambda m: "has run out of time" in m.content)
    assert out.button_labels() == ["Skip"]
    await choose(fake, "alice", await open_panel(fake, "alice", line), "Take 1")
    retired = await fake.wait_for_update(out, lambda m: not m.button_labels(), what="the Skip taken off")
    assert retired.content == out.content
    game_id = (await handle.bot.sessions.reading.status_in_channel(fake.games.id)).table.id
    async with handle.bot.sessions.store.db.transaction(write=False) as conn:
        clocks = await clock_rows.seat_clocks(conn, game_id)
    assert all(c.out_of_time_post is None and not c.out_of_time for c in clocks.values())


async def test_boardroom_turns_lists_the_games_of_two_servers_with_links(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    other = fake.add_guild("Second Guild", owner=fake.owner)
    fake.add_channel(other, "tables")
    for name in ("alice", "bob"):
        other.members[fake.users[name].id] = Member(fake.users[name])
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES, sync_global=True)
    first = await _started(fake, handle, "games")
    second = await _started(fake, handle, "tables")
    turns = acked(await fake.slash("alice", "general", "boardroom turns"), DEFERRED_MESSAGE)
    text = (await private_reply(turns)).content
    assert text.startswith("Your turn in 2 games:")
    for line, guild in ((first, fake.guild), (second, other)):
        link = f"https://discord.com/channels/{guild.id}/{line.channel_id}/{line.id}"
        assert link in text
        assert "Take my turn" in fake.message(line.id).button_labels()  # the link leads to a live line
    assert "1 day left on your clock" in text
    me = acked(
        await fake.slash("bob", "general", "boardroom me", timezone="Europe/Paris", quiet="23-08"),
        DEFERRED_MESSAGE,
    )
    assert (await private_reply(me)).content.startswith(
        "Your time zone: Europe/Paris. Quiet hours: from 23:00 to 8:00"
    )
    nothing = acked(await fake.slash("bob", "general", "boardroom turns"), DEFERRED_MESSAGE)
    assert (await private_reply(nothing)).content == "No game is waiting for you right now."


async def test_a_player_who_asked_for_direct_messages_is_reminded_there(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    asked = acked(await fake.slash("alice", "general", "boardroom me", dm=True), DEFERRED_MESSAGE)
    assert "Reminders come by direct message." in (await private_reply(asked)).content
    await _started(fake, handle)
    clock.advance(4 * HOUR)
    assert await handle.bot.scheduler.run_due() == 1
    reminder = await fake.wait_for_message("dm-alice", lambda m: "a reminder" in m.content)
    assert reminder.content.startswith(f"<@{fake.users['alice'].id}>, a reminder:")
    assert not [m for m in fake.channel_messages("games") if "a reminder" in m.content]


async def test_no_ping_in_quiet_hours_and_a_reminder_when_they_end(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)  # Monday 09:00 UTC
    quiet = acked(await fake.slash("alice", "general", "boardroom me", quiet="8-12"), DEFERRED_MESSAGE)
    assert "Quiet hours: from 8:00 to 12:00" in (await private_reply(quiet)).content
    line = await _started(fake, handle)
    alice = fake.users["alice"].id
    assert f"<@{alice}>" in line.content  # named on the line …
    assert not _sent(fake, line.content).json["allowed_mentions"].get("users")  # … but not pinged
    clock.advance(3 * HOUR - 60)
    assert await handle.bot.scheduler.run_due() == 0
    clock.advance(60)  # 12:00: her quiet hours end, and the turn she was not pinged for is told
    assert await handle.bot.scheduler.run_due() == 1
    reminder = await fake.wait_for_message("games", lambda m: "a reminder" in m.content)
    assert reminder.content.startswith(f"<@{alice}>, a reminder:")


async def test_a_player_away_for_long_is_expelled_and_the_game_flagged(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    await _started(fake, handle)
    for hours in (4, 19, 1):  # reminder, warning, out of time
        clock.advance(hours * HOUR)
        await handle.bot.scheduler.run_due()
    out = await fake.wait_for_message("games", lambda m: "has run out of time" in m.content)
    acked(await fake.click_button("bob", out, "Skip"), DEFERRED_UPDATE)
    skipped = await fake.wait_for_update(out, lambda m: "skipped" in m.content, what="the skip told")
    early = acked(await fake.slash("bob", "games", "game expel", player="alice"), DEFERRED_MESSAGE)
    assert "a player can be expelled after 3 days away" in (await private_reply(early)).content
    clock.advance(72 * HOUR)
    acked(await fake.slash("bob", "games", "game expel", player="alice"), DEFERRED_MESSAGE)
    told = await fake.wait_for_message("games", lambda m: "is expelled" in m.content)
    assert "alice is expelled after a long absence" in told.content and not told.ephemeral
    refused = acked(await fake.click_button("alice", skipped, "I'm back"), DEFERRED_UPDATE)
    assert "expelled from this game" in (await private_reply(refused)).content
    status = acked(await fake.slash("carol", "games", "game status"), DEFERRED_MESSAGE)
    assert "⚑ Flagged result: alice was expelled" in (await private_reply(status)).content
