"""A round summary Discord refuses (a 503 on the board upload, which discord.py does not retry) is
posted later by the bot's retry task, exactly once, with its board image."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot import post_retry
from engine.core import Event, checkpoint
from tests.fakediscord import FakeDiscord

SUMMARY = "round-1-phone.png"


def summaries(fake: FakeDiscord) -> list[Any]:
    return [m for m in fake.channel_messages("games") if any(a.filename == SUMMARY for a in m.attachments)]


async def test_a_refused_round_summary_is_posted_once_after_the_failure_clears(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    monkeypatch.setattr(post_retry, "BACKOFF", (0.5, 0.5))
    monkeypatch.setattr(post_retry, "CHECK_EVERY", 0.1)
    handle = await start_bot(tmp_path / "db.sqlite3")
    bot = handle.bot
    sessions = bot.sessions
    games = fake.channel("games")
    table = await sessions.create_game(
        guild_id=fake.guild.id,
        channel_id=games.id,
        game_name="carnegie",
        host_id=fake.users["alice"].id,
        seats=2,
    )
    await sessions.join(table.id, fake.users["bob"].id)
    await sessions.start(table.id, fake.users["alice"].id)
    closed = [checkpoint("round-1", "Round 1"), Event(kind="round", text="Round 2 begins.")]

    fake.fail_next_upload(status=503)
    with pytest.raises(discord.DiscordServerError):
        await bot.announcer.after_change(table.id, closed)
    assert summaries(fake) == []
    # The same round delivered again (a redelivered click) does not post it: the posts table says it is made.
    await bot.announcer.after_change(table.id, closed)
    assert summaries(fake) == []

    await fake.wait_until(lambda: summaries(fake), 10, "the retried round summary")
    # Negative check: no second post. 1.5 s without any request is longer than every remaining
    # backoff (0.5 s) plus the retry check (0.1 s): a duplicate would have come by then.
    await fake.settle(quiet=1.5, timeout=10)
    posted = summaries(fake)
    assert len(posted) == 1
    assert posted[0].attachment(SUMMARY).data.startswith(b"\x89PNG\r\n\x1a\n")
    assert "Round 1" in posted[0].content or "round 1" in posted[0].content.lower()
    uploads = [r.status for r in fake.requests if r.files]
    assert uploads == [503, 200]
