"""A round summary Discord refuses (a 503, which discord.py does not retry) is posted later by the
bot's retry task, exactly once, with its board image; a summary whose picture Discord refuses keeps
its text, and the picture reaches it later, once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.on_discord import announce, post_retry
from engine.core import Event, checkpoint
from tests.fakediscord import FakeDiscord

SUMMARY = "round-1-phone.png"


# The events of a click that ends round 1: its summary is owed.
CLOSED = [checkpoint("round-1", "Round 1"), Event(kind="round", text="Round 2 begins.")]


async def _round_one_closing(fake: FakeDiscord, start_bot: Any, tmp_path: Path) -> tuple[Any, Any]:
    """The bot, and a two-player Carnegie game in #games whose first round is about to be summarised."""
    bot = (await start_bot(tmp_path / "db.sqlite3")).bot
    alice, bob = fake.users["alice"].id, fake.users["bob"].id
    games = fake.channel("games").id
    table = await bot.sessions.lobby.create_game(
        guild_id=fake.guild.id, channel_id=games, game_name="carnegie", host_id=alice, seats=2
    )
    await bot.sessions.lobby.join(table.id, bob)
    await bot.sessions.lobby.start(table.id, alice)
    return bot, table


def summaries(fake: FakeDiscord) -> list[Any]:
    return [m for m in fake.channel_messages("games") if any(a.filename == SUMMARY for a in m.attachments)]


async def test_a_refused_round_summary_is_posted_once_after_the_failure_clears(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    monkeypatch.setattr(post_retry, "BACKOFF", (0.5, 0.5))
    monkeypatch.setattr(post_retry, "CHECK_EVERY", 0.1)
    bot, table = await _round_one_closing(fake, start_bot, tmp_path)

    fake.fail_next("POST /channels/{channel_id}/messages", status=503)
    with pytest.raises(discord.DiscordServerError):
        await bot.announcer.after_change(table.id, CLOSED)
    assert summaries(fake) == []
    # The same round delivered again (a redelivered click) does not post it: the posts table says it is made.
    await bot.announcer.after_change(table.id, CLOSED)
    assert summaries(fake) == []

    await fake.wait_until(lambda: summaries(fake), 10, "the retried round summary")
    # Negative check: no second post. 1.5 s without any request is longer than every remaining
    # backoff (0.5 s) plus the retry check (0.1 s): a duplicate would have come by then.
    await fake.settle(quiet=1.5, timeout=10)
    posted = summaries(fake)
    assert len(posted) == 1
    assert posted[0].attachment(SUMMARY).data.startswith(b"\x89PNG\r\n\x1a\n")
    assert "Round 1" in posted[0].content or "round 1" in posted[0].content.lower()
    statuses = [r.status for r in fake.requests_to("POST /channels/{channel_id}/messages")]
    assert statuses.count(503) == 1 and [r.status for r in fake.requests if r.files] == [200]


async def test_a_refused_picture_reaches_its_summary_once_the_failure_clears(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary's text is posted first and its picture edited onto it; a 503 on that upload leaves
    the text as it is and the picture owed, and the periodic catch-up brings it, once."""
    fake = fake_discord
    monkeypatch.setattr(announce, "CATCH_UP_EVERY", 0.2)
    fake.fail_next_upload(status=503)
    bot, table = await _round_one_closing(fake, start_bot, tmp_path)
    await bot.announcer.after_change(table.id, CLOSED)
    (text,) = [m for m in fake.channel_messages("games") if "Round 1" in m.content]
    await fake.wait_for_pictures([text])
    await fake.settle(quiet=0.5, timeout=10)
    assert [a.filename for a in fake.message(text.id).attachments] == [SUMMARY]
    assert [r.status for r in fake.requests if r.files] == [503, 200]
    assert [m.id for m in fake.channel_messages("games") if "Round 1" in m.content] == [text.id]


async def test_a_retried_final_result_keeps_its_rematch_and_replay_buttons(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A final result handed to the retries is kept as a row (a restart may come between) and sent
    by the retry task with the buttons the first attempt had."""
    fake = fake_discord
    monkeypatch.setattr(post_retry, "BACKOFF", (0.2,))
    monkeypatch.setattr(post_retry, "CHECK_EVERY", 0.1)
    bot, table = await _round_one_closing(fake, start_bot, tmp_path)
    games = fake.channel("games").id
    post = post_retry.Post(games, fake.guild.id, "Final scores", None, None, False, "final-1", table.id)
    kept, _attempt = post_retry.Post.from_payload(post.payload(1), 1)
    assert kept == post
    await post_retry.schedule(
        bot.sessions.store.db, table.id, post, attempt=1, now=bot.sessions.store.clock()
    )
    await fake.wait_until(
        lambda: [m for m in fake.channel_messages("games") if m.content == "Final scores"],
        10,
        "the retried result",
    )
    (final,) = [m for m in fake.channel_messages("games") if m.content == "Final scores"]
    assert final.button_labels() == ["Rematch", "Replay"]
