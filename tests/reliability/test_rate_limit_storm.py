"""A storm of 429s from Discord while three games post their lap summaries: the message route
answers 429 (some of them global) to call after call, for longer than discord.py's own five tries of
one request, and so do the follow-up route that carries the turn lines and the edits that put the
summaries' pictures on them. The bot must ride it out
with discord.py's rate-limit handling (the pacer adds no HTTP client of its own), and the fake
counts every request it made."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

from bot.service.sessions import Sessions
from bot.service.tables import Table
from tests.fakediscord import Channel, FakeDiscord
from tests.fakediscord.wire import RecordedRequest
from tests.reliability.helpers import (
    GAME_MODULES,
    action_id,
    answer,
    asked,
    assert_replays,
    seat_race,
    sessions_of,
)

POST = "POST /channels/{channel_id}/messages"
FOLLOWUP = "POST /webhooks/{app_id}/{token}"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
# Interaction callbacks and follow-ups: exempt from the global limit, as Discord exempts them.
EXEMPT = ("/interactions/", "/webhooks/")
LAPS = 3
RETRY_AFTER = 0.1


def laps(fake: FakeDiscord, channel: Channel) -> list[str]:
    """The lap summaries in the channel, in the order Discord took them."""
    return [m.content.split("\n")[0] for m in fake.channel_messages(channel) if "is over.**" in m.content]


async def play(fake: FakeDiscord, sessions: Sessions, table: Table, channel: Channel, moves: int) -> None:
    """Alternate moves, each click waiting for the one before it to be answered."""
    for _ in range(moves):
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        outcome = await fake.press(
            "alice" if seat == 0 else "bob", channel, action_id(status.table, seat, "step 1"), timeout=10
        )
        assert outcome.type in (4, 5, 6, 7), "every click is acknowledged during the storm"
        seen = await answer(outcome, timeout=15)
        assert seen is outcome.record.source_message, "and applied"
        # as the next player would: from the line that asks them
        await asked(fake, sessions, table.id, timeout=15)


def too_soon(requests: list[RecordedRequest]) -> list[str]:
    """Requests sent again before the ``retry_after`` of a 429 on the same channel had passed."""
    faults: list[str] = []
    by_path: dict[str, list[RecordedRequest]] = {}
    for request in requests:
        by_path.setdefault(request.path, []).append(request)
    for path, calls in by_path.items():
        for before, after in itertools.pairwise(calls):
            # A little allowance: the event loop's timers may fire a hair early.
            if before.status == 429 and after.started < before.finished + RETRY_AFTER * 0.9:
                faults.append(f"{path}: {after.started - before.finished:.3f}s after a 429")
    return faults


def busiest_second(requests: list[RecordedRequest]) -> int:
    starts = sorted(r.started for r in requests if not any(part in r.path for part in EXEMPT))
    most, first = 0, 0
    for last, start in enumerate(starts):
        while start - starts[first] >= 1.0:
            first += 1
        most = max(most, last - first + 1)
    return most


async def test_a_storm_of_429s_during_three_games_summaries(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Demanded: every lap summary arrives exactly once, in lap order in each game, and every turn
    line once; every click meanwhile is acknowledged and applied (never "saved, but I could not
    update the messages"); after a 429 the same request waits its ``retry_after``
    (no tight loop), every refused call is sent again at most once per 429, and no second holds more
    requests than Discord's global 50."""
    fake = fake_discord
    sessions = sessions_of(await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES))
    channels = [fake.add_channel(fake.guild, f"storm-{n}") for n in range(3)]
    tables = [await seat_race(fake, sessions, channel) for channel in channels]
    fake.rate_limit(POST, count=4, retry_after=RETRY_AFTER, is_global=True)
    fake.rate_limit(POST, count=36, retry_after=RETRY_AFTER)
    fake.rate_limit(FOLLOWUP, count=24, retry_after=RETRY_AFTER)
    # The summaries' pictures, edited onto them once drawn.
    fake.rate_limit(EDIT, count=20, retry_after=RETRY_AFTER)
    # Each injected 429 counts towards Discord's invalid request limit; the bot adds none of its own.
    fake.allow_invalid_requests(4 + 36 + 24 + 20)
    await asyncio.gather(
        *(
            play(fake, sessions, table, channel, 4 * LAPS)
            for table, channel in zip(tables, channels, strict=True)
        )
    )
    expected = [f"**Race (test game) — Lap {n} is over.**" for n in range(1, LAPS + 1)]
    await fake.wait_until(lambda: all(len(laps(fake, c)) >= LAPS for c in channels), 40, "every lap summary")
    await fake.settle(quiet=0.3, timeout=15)  # negative check: no summary comes twice
    for channel in channels:
        assert laps(fake, channel) == expected, f"{channel.name}: once each, in order"
        summaries = [m for m in fake.channel_messages(channel) if "is over.**" in m.content]
        await fake.wait_for_pictures(summaries)
        for message in summaries:
            assert message.attachments[0].data.startswith(b"\x89PNG\r\n\x1a\n")
    for table in tables:
        await assert_replays(sessions, table.id)
    posts = fake.requests_to(POST)
    refused = [r for r in posts if r.status == 429]
    taken = [r for r in posts if r.status == 200]
    assert len(refused) == 40, "the whole storm was met"
    # Each summary taken once, each 429 answered by one more request, nothing else on the route.
    assert len(taken) == 3 * LAPS
    assert len(posts) == len(taken) + len(refused)
    assert not too_soon(posts), too_soon(posts)
    edits = fake.requests_to(EDIT)
    assert len([r for r in edits if r.status == 429]) == 20
    assert not too_soon(edits), too_soon(edits)
    followups = fake.requests_to(FOLLOWUP)
    assert len([r for r in followups if r.status == 429]) == 24
    assert not too_soon(followups), too_soon(followups)
    for channel in channels:
        lines = [m for m in fake.channel_messages(channel) if "your turn" in m.content]
        assert len(lines) == 4 * LAPS, f"{channel.name}: one turn line per hand-over"
    assert busiest_second(fake.requests) <= 50
