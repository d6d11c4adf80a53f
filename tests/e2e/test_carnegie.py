"""Carnegie end to end: the real discord.py client running ``BoardroomBot`` against the loopback fake
Discord. Complete games at one, two and four players are played by scripted players
(``tests.e2e.carnegie_play``) until the final score is posted; then the messages, the images and the
final score are checked against the engine's own replay of the log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.carnegie_play import (
    EXEMPT,
    FOLLOWUP,
    POST_MESSAGE,
    TAKE_MY_TURN,
    check_finished_game,
    open_carnegie,
    play_to_the_end,
    seeded,
    transcript,
)
from tests.fakediscord import FakeDiscord


async def test_a_complete_two_player_game(fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261121)
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    played = await play_to_the_end(fake, handle, players, seed=2)
    await check_finished_game(fake, handle, players, played)
    print(f"2 players: {played}")


@pytest.mark.slow
async def test_a_complete_four_player_game(fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path) -> None:
    """Also the request budget: the whole game costs no more global-limited requests
    (everything but interaction callbacks and interaction-token webhooks) than hand-overs plus round
    posts, counted in the fake's request log."""
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261122)
    before = len(fake.requests)  # the start-up's own calls (login, command sync) are not the game's
    players = ["alice", "bob", "carol", "dave"]
    await open_carnegie(fake, players, tab_sides="random")
    played = await play_to_the_end(fake, handle, players, seed=4)
    await check_finished_game(fake, handle, players, played)
    await fake.settle()
    requests = fake.requests[before:]
    limited = [r for r in requests if r.route and not r.route.split(" ", 1)[1].startswith(EXEMPT)]
    handovers = [
        r for r in requests if r.route in (POST_MESSAGE, FOLLOWUP) and TAKE_MY_TURN in json.dumps(r.json)
    ]
    public = [m for m in fake.channel_messages("games") if m.author.id == fake.bot.id]
    round_posts = [m for m in public if "is over.**" in m.content or "game over" in m.content]
    # a summary too long for one message comes in parts: each part is one more round post
    parts = [m for m in public if "is over** (continued)" in m.content]
    print(
        f"4 players: {played}; {len(limited)} global-limited requests, {len(handovers)} hand-overs, "
        f"{len(round_posts)} round posts (+{len(parts)} parts)"
    )
    assert len(handovers) >= played.decisions // 2 and len(round_posts) == 21
    assert len(limited) <= len(handovers) + len(round_posts) + len(parts), [r.route for r in limited]
    print(transcript(fake, 9))


async def test_a_complete_solo_game(fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261123)
    players = ["alice"]
    await open_carnegie(fake, players, difficulty="hard")
    played = await play_to_the_end(fake, handle, players, seed=1)
    await check_finished_game(fake, handle, players, played)
    final = fake.latest_message("games")
    assert "Andrew: **" in final.content
