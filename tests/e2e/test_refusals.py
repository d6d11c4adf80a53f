"""What the bot does when Discord refuses it, end to end through the real discord.py and the fake:
kicked from one server while another plays on, Send Messages taken away and given back, a long shared
rate limit on a round summary, closed direct messages and a reply without Read Message History for a
reminder, and ``/game new`` where the bot could not run a game. Every refusal counts towards
Discord's invalid request limit, so each test also says how many it may cost."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.on_discord import announce, post_retry, refused
from bot.service.refusals import NoGameHere
from bot.storage import Status
from tests.bot.conftest import ManualClock
from tests.e2e.test_lobby import DEFERRED_MESSAGE, acked, private_reply
from tests.e2e.test_post_retry import CLOSED, SUMMARY, _round_one_closing, summaries
from tests.e2e.test_turn_clocks import HOUR, MONDAY, _bot_with_a_clock, _started
from tests.fakediscord import PATIENCE, FakeDiscord, Permission
from tests.fakediscord.model import Member
from tests.reliability.helpers import GAME_MODULES, action_id, answer, seat_race, sessions_of

POST = "POST /channels/{channel_id}/messages"


def lines_in(fake: FakeDiscord, channel: str) -> list[Any]:
    return [m for m in fake.channel_messages(channel) if "your turn" in m.content]


async def line_owed_again(fake: FakeDiscord, sessions: Any, game_id: int) -> None:
    """Once the bot recorded the game's turn line, a moderator deletes it and the game forgets it: the
    catch-up then owes the channel a new one, posted through the channel."""

    async def recorded() -> int | None:
        line: int | None = (await sessions.reading.status(game_id)).table.game.prompt_message_id
        return line

    line = await fake.wait_until_async(recorded, PATIENCE, "the turn line recorded")
    await fake.delete_by_moderator(fake.message(line))
    await sessions.posts.set_prompt(game_id, message_id=None, seats=None, since=None)


async def test_a_bot_kicked_from_one_server_leaves_its_games_alone_while_another_plays_on(
    fake_discord: FakeDiscord,
    start_bot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake = fake_discord
    monkeypatch.setattr(announce, "CATCH_UP_EVERY", 0.1)
    other = fake.add_guild("Other Server", owner=fake.owner)
    fake.add_channel(other, "lounge")
    for name in ("alice", "bob"):
        other.members[fake.users[name].id] = Member(fake.users[name])
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    kicked = await seat_race(fake, sessions, "games")
    going_on = await seat_race(fake, sessions, "lounge")
    await fake.wait_until(
        lambda: lines_in(fake, "games") and lines_in(fake, "lounge"), PATIENCE, "both lines"
    )

    await fake.remove_bot_from_guild(fake.guild)
    await fake.wait_until(lambda: handle.bot.get_guild(fake.guild.id) is None, PATIENCE, "GUILD_DELETE")
    assert any("removed from guild" in r.getMessage() for r in caplog.records)
    mark = len(fake.requests)
    # The kicked server's game owes its channel a new line (as after a refused one): not asked for.
    await line_owed_again(fake, sessions, kicked.id)
    outcome = await fake.press("alice", "lounge", action_id(going_on, 0, "step 1"))
    await answer(outcome)
    bob = str(fake.users["bob"].id)
    await fake.wait_until(
        lambda: any(bob in m.content for m in lines_in(fake, "lounge")), PATIENCE, "bob's line"
    )
    # Many catch-up rounds (every 0.1 s) in a quiet second, none of them in the kicked server.
    await fake.settle(quiet=1.0)
    assert [r for r in fake.requests[mark:] if str(fake.games.id) in r.path] == []
    assert (await sessions.reading.status(kicked.id)).table.game.status is Status.ACTIVE, "left as it is"
    assert fake.invalid_count == 0


async def test_send_messages_taken_away_then_given_back_backs_off_then_posts_once(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    monkeypatch.setattr(announce, "CATCH_UP_EVERY", 0.05)
    monkeypatch.setattr(refused, "FIRST_WAIT", 0.4)
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    sessions = sessions_of(handle)
    table = await seat_race(fake, sessions, "games")
    await fake.wait_until(lambda: lines_in(fake, "games"), PATIENCE, "the first turn line")

    fake.set_permissions(fake.games, fake.bot, deny=Permission.SEND_MESSAGES)
    await line_owed_again(fake, sessions, table.id)
    began = time.monotonic()
    await fake.wait_until(lambda: fake.invalid_count >= 3, PATIENCE, "three refused posts")
    elapsed = time.monotonic() - began
    await fake.wait_until(
        lambda: len(handle.bot.announcer.refusals.channels) == 1, PATIENCE, "the channel recorded as refused"
    )
    # Waits of 0.4, 0.8, 1.6 s… between tries: without them, a catch-up every 0.05 s would have asked
    # elapsed / 0.05 times.
    assert elapsed >= 0.4 + 0.8, f"three refusals within {elapsed:.2f} s: no back-off"

    fake.set_permissions(fake.games, fake.bot, allow=Permission.SEND_MESSAGES)
    await fake.wait_until(lambda: len(lines_in(fake, "games")) == 1, PATIENCE, "the line, once allowed")
    await fake.settle(quiet=0.5)
    assert len(lines_in(fake, "games")) == 1, "posted once"
    assert len(handle.bot.announcer.refusals.channels) == 0, "the channel took a post: no longer refused"
    assert all("lacks permissions for sending a message" in p for p in fake.allow_problems())
    refusals = fake.invalid_count
    assert refusals <= 6
    fake.allow_invalid_requests(refusals)


async def test_a_long_shared_rate_limit_on_a_round_summary_freezes_nothing_and_it_comes_once(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    bot, table = await _round_one_closing(fake, start_bot, tmp_path)
    clock = ManualClock(MONDAY)
    bot.sessions.store.clock = clock
    elsewhere = await seat_race(fake, bot.sessions, "general", host="carol", other="dave")

    fake.rate_limit(POST, retry_after=60.0, scope="shared")
    began = time.monotonic()
    # Not slept through (discord.py would wait the minute, the game's lock held): handed to the retries.
    await asyncio.wait_for(bot.announcer.after_change(table.id, CLOSED), PATIENCE)
    assert time.monotonic() - began < 30
    assert summaries(fake) == [] and fake.requests_to(POST)[0].status == 429
    # The game's own turn line went on, and so does another game.
    assert lines_in(fake, "games"), "the turn line after the summary"
    await bot.announcer.after_change(elsewhere.id, [])
    assert lines_in(fake, "general")

    send = post_retry.channel_sender(bot)
    clock.advance(59)
    assert await post_retry.run_due(bot.db, send, clock=clock) == 0, "not before the limit ends"
    clock.advance(2)
    assert await post_retry.run_due(bot.db, send, clock=clock) == 1
    await fake.settle(quiet=0.3)
    (posted,) = summaries(fake)
    assert posted.attachment(SUMMARY).data.startswith(b"\x89PNG")
    clock.advance(2 * HOUR)
    assert await post_retry.run_due(bot.db, send, clock=clock) == 0
    assert len(summaries(fake)) == 1
    assert fake.invalid_count == 0, "a shared 429 is not an invalid request"


async def reminded_in_games(fake: FakeDiscord, handle: Any, clock: ManualClock) -> None:
    """Alice's first reminder comes due; it is said in #games, to her."""
    clock.advance(4 * HOUR)
    assert await handle.bot.scheduler.run_due() == 1
    reminder = await fake.wait_for_message("games", lambda m: "a reminder" in m.content)
    assert reminder.content.startswith(f"<@{fake.users['alice'].id}>, a reminder:")


async def test_a_reminder_to_closed_direct_messages_lands_in_the_channel(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.close_dms("alice")  # closed in Discord's settings, after asking the bot for direct messages:
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    await private_reply(
        acked(await fake.slash("alice", "general", "boardroom me", dm=True), DEFERRED_MESSAGE)
    )
    line = await _started(fake, handle)
    await reminded_in_games(fake, handle, clock)
    (request,) = [r for r in fake.requests_to(POST) if r.path.endswith(f"/{fake.games.id}/messages")][-1:]
    assert int(request.json["message_reference"]["message_id"]) == line.id
    assert fake.channel_messages(fake.dm_channel("alice")) == []
    assert fake.invalid_count == 1 and fake.problems == []
    fake.allow_invalid_requests(1)


async def test_a_reply_reminder_without_read_message_history_is_sent_without_the_reply(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    handle, clock = await _bot_with_a_clock(start_bot, tmp_path)
    await _started(fake_discord, handle)
    # Taken away after the bot heard of the channel: it learns of it from Discord's refusal.
    fake_discord.set_permissions(fake_discord.games, fake_discord.bot, deny=Permission.READ_MESSAGE_HISTORY)
    await reminded_in_games(fake_discord, handle, clock)
    fake = fake_discord
    tries = [r for r in fake.requests_to(POST) if "a reminder" in str((r.json or {}).get("content"))]
    assert [r.status for r in tries] == [403, 200]
    assert "message_reference" not in tries[1].json
    assert any("replying to a message" in p for p in fake.allow_problems())
    fake.allow_invalid_requests(1)


async def test_game_new_names_the_permissions_the_bot_lacks_in_the_channel(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    fake.set_permissions(
        fake.games, fake.bot, deny=Permission.SEND_MESSAGES | Permission.READ_MESSAGE_HISTORY
    )
    outcome = acked(
        await fake.slash("alice", "games", "game new", game="race", thread=False), DEFERRED_MESSAGE
    )
    reply = await private_reply(outcome)
    assert reply.ephemeral
    assert reply.content == (
        "I cannot run a game in this channel: I am missing **Send Messages**, **Read Message History** "
        "here. A moderator can change that in the channel's settings, under Permissions."
    )
    with pytest.raises(NoGameHere):
        await sessions_of(handle).reading.status_in_channel(fake.games.id)
    assert fake.invalid_count == 0, "refused before any request the channel would refuse"

    uk = fake.users["bob"]
    uk.locale = "uk"
    said = await private_reply(
        acked(await fake.slash("bob", "games", "game new", game="race", thread=False), DEFERRED_MESSAGE)
    )
    assert "«Дозволи»" in said.content and "**Надсилати повідомлення**" in said.content


def test_the_back_off_doubles_to_six_hours_and_a_post_clears_it() -> None:
    now = [0.0]
    channels = refused.RefusedChannels(lambda: now[0])
    waits = [channels.refuse(5, 1) for _ in range(10)]
    assert waits[:4] == [120.0, 240.0, 480.0, 960.0] and waits[-1] == 6 * 3600.0
    assert channels.waiting(5) and not channels.waiting(6)
    now[0] += 6 * 3600.0 + 1
    assert not channels.waiting(5)
    channels.took(5)
    assert channels.refuse(5, 1) == 120.0
    channels.refuse(7, 2)
    channels.forget_guild(1)
    assert len(channels) == 1 and channels.waiting(7)
