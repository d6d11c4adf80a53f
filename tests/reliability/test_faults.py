"""Discord faults (issue 8, part 5): 429s with retry_after on callbacks and message posts, a
gateway disconnect with resume, a failed image upload. The game state stays correct, the player
sees the result once the call succeeds (discord.py retries; the bot acts once), and nothing is
posted twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord
from tests.reliability.helpers import (
    GAME_MODULES,
    action_id,
    answer,
    assert_replays,
    game_fingerprint,
    seat_race,
    sessions_of,
)

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
FOLLOWUP = "POST /webhooks/{app_id}/{token}"
EDIT_ORIGINAL = "PATCH /webhooks/{app_id}/{token}/messages/{message_id}"


def turn_lines(fake: FakeDiscord, channel: str = "games") -> list[Any]:
    return [m for m in fake.channel_messages(channel) if "your turn" in m.content]


async def test_429_on_the_callback_and_on_posts_is_retried_once_each(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    lines = len(turn_lines(fake))
    fake.rate_limit(CALLBACK, count=1, retry_after=0.3)
    fake.rate_limit(FOLLOWUP, count=2, retry_after=0.2)  # the next turn line (issue 19)
    fake.rate_limit(EDIT_ORIGINAL, count=1, retry_after=0.2)
    outcome = await fake.press("alice", "games", action_id(table, 0, "step 2"))
    assert outcome.latency < 3.0  # acknowledged in time despite the 429
    assert [a.status for a in outcome.record.attempts] == [200]
    assert await answer(outcome) is outcome.record.source_message
    assert "✓" in outcome.record.source_message.content
    # The next turn line comes after two 429s of 0.2 s each: wait for it, not for a quiet moment.
    await fake.wait_until(lambda: len(turn_lines(fake)) > lines, PATIENCE, "the next turn line")
    await fake.settle()  # negative check: the line, refused twice, must not be posted twice
    assert [r.status for r in fake.requests_to(CALLBACK)][-2:] == [429, 200]
    # The next turn line: posted exactly once although its first two attempts were refused.
    posts = fake.requests_to(FOLLOWUP)
    assert [r.status for r in posts][-3:] == [429, 429, 200]
    assert len(turn_lines(fake)) == lines + 1
    assert str(fake.users["bob"].id) in turn_lines(fake)[-1].content
    version, _, log_length = await game_fingerprint(sessions, table.id)
    assert (version, log_length) == (before[0] + 1, before[2] + 1)
    await assert_replays(sessions, table.id)


async def test_gateway_disconnect_and_resume_delivers_the_click_once(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    table = await seat_race(fake, sessions, "games")
    before = await game_fingerprint(sessions, table.id)
    await fake.drop_gateway(wait=False)
    # Clicked while the bot is disconnected: Discord replays it on RESUME.
    outcome = await fake.press("alice", "games", action_id(table, 0, "step 1"), timeout=10)
    assert fake.gateway.log.resumes >= 1
    assert await answer(outcome) is outcome.record.source_message
    await fake.send_reconnect()  # op 7: the client closes and resumes again
    await fake.redeliver(outcome)  # and Discord delivers the same interaction once more
    version, _, log_length = await game_fingerprint(sessions, table.id)
    assert (version, log_length) == (before[0] + 1, before[2] + 1)
    assert [r.interaction_id for r in await sessions.reading.live_log(table.id)].count(outcome.id) == 1
    # The game goes on after the reconnects.
    after = (await sessions.reading.status(table.id)).table
    second = await fake.press("bob", "games", action_id(after, 1, "step 1"))
    assert await answer(second) is second.record.source_message
    await assert_replays(sessions, table.id)


async def test_a_failed_image_upload_is_retried_and_shown_once(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    sessions = sessions_of(handle)
    games = fake.channel("games")
    table = await sessions.lobby.create_game(
        guild_id=fake.guild.id,
        channel_id=games.id,
        game_name="carnegie",
        host_id=fake.users["alice"].id,
        seats=2,
    )
    await sessions.lobby.join(table.id, fake.users["bob"].id)
    await sessions.lobby.start(table.id, fake.users["alice"].id)
    before = await game_fingerprint(sessions, table.id)
    fake.fail_next_upload(status=502)
    outcome = await fake.slash("alice", "games", "game board", timeout=10)
    followups = await outcome.wait_followups(1, PICTURE_PATIENCE)
    await fake.settle(quiet=0.3, timeout=15)  # negative check: no second upload or followup follows
    uploads = [r for r in fake.requests if r.files]
    assert [r.status for r in uploads] == [502, 200]
    assert len(outcome.followups) == 1 and followups[0].ephemeral
    png = followups[0].attachment("board.png").data
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert await game_fingerprint(sessions, table.id) == before
