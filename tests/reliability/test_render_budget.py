"""A picture that exceeds the render budget fails alone (issue 17, finding 5): its render process is
replaced, the pictures queued behind it are drawn, and its post goes out without it. The slow
picture is real: the race game's picture never finishes when a runner is named ``SLOW_NAME``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.service.render_pool import PictureTooSlow
from tests.e2e.test_lobby import choose, open_panel
from tests.e2e.test_lobby import turn_lines as all_turn_lines
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.race_pictures import SLOW_NAME
from tests.reliability.helpers import GAME_MODULES, sessions_of
from tests.reliability.test_announcements import summaries, user_at


@pytest.mark.slow
async def test_a_picture_over_its_budget_is_given_up_alone_and_the_others_are_drawn(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    mark = tmp_path / "slow-picture-started"
    monkeypatch.setenv("RACE_SLOW_MARK", str(mark))  # read by the render process, spawned at start
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES, render_budget=3.0)
    sessions = sessions_of(handle)
    games = {}
    for channel, name in (("games", SLOW_NAME), ("general", "Bob")):
        # lap 1 is over: its summary (with the track's picture) is owed
        games[channel] = await _race_after(fake, sessions, channel, name, moves=4)

    announcer = handle.bot.announcer
    await announcer.after_change(games["games"], [])
    await fake.wait_until(mark.exists, 120, "the slow picture to be drawing")
    # Queued behind the picture that never ends, in the one render process.
    await announcer.after_change(games["general"], [])
    await asyncio.wait_for(announcer.pictures_after.drawn(), 150)

    given_up = summaries(fake, channel="games")
    assert len(given_up) == 1 and not given_up[0].attachments, "posted once, without its picture"
    drawn = summaries(fake, channel="general")
    assert len(drawn) == 1 and drawn[0].attachments, "the picture queued behind it was drawn"

    # The slow picture still fails alone when asked for again; the fresh process goes on drawing.
    with pytest.raises(PictureTooSlow):
        await announcer.pictures_after.picture(*await _table_and_state(handle, games["games"]))
    found = await announcer.pictures_after.picture(*await _table_and_state(handle, games["general"]))
    assert found is not None and found[0].startswith(b"\x89PNG")


async def test_the_clickers_panel_and_the_next_turn_line_never_wait_for_the_rounds_picture(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy host a player's panel was redrawn only once the round's picture had been drawn (over
    5 s, with the click's token ageing), and the next player was told it was their turn only then.
    Here the round's picture never finishes (a runner named Slowpoke, and a budget longer than the
    test): the click that ends lap 1 still has its panel redrawn, the lap's summary said and the next
    turn line posted, while the picture is still being drawn."""
    fake = fake_discord
    mark = tmp_path / "slow-picture-started"
    monkeypatch.setenv("RACE_SLOW_MARK", str(mark))  # read by the render process, spawned at start
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES, render_budget=3600.0)
    sessions = sessions_of(handle)
    game_id = await _race_after(fake, sessions, "games", SLOW_NAME, moves=3)  # one move short of lap 1's end
    await handle.bot.announcer.after_change(game_id, [])
    (line,) = all_turn_lines(fake)
    status = await sessions.reading.status(game_id)
    assert status.progress is not None
    player = "alice" if status.progress.decision.seats[0] == 0 else "bob"

    await choose(fake, player, await open_panel(fake, player, line), "Step 1")

    await fake.wait_until(
        lambda: len(summaries(fake)) == 1 and len(all_turn_lines(fake)) == 2,
        PATIENCE,
        "the lap's summary and the next player's turn line",
    )
    (summary,) = summaries(fake)
    await fake.wait_until(mark.exists, 120, "the lap's picture to be drawing")
    assert not fake.message(summary.id).attachments, "the picture is still being drawn"


async def _race_after(fake: FakeDiscord, sessions: Any, channel: str, name: str, *, moves: int) -> int:
    """A race game in ``channel`` between alice and bob (seated as ``name``), ``moves`` steps in."""
    alice, bob = fake.users["alice"].id, fake.users["bob"].id
    where = fake.channel(channel).id
    table = await sessions.lobby.create_game(
        guild_id=fake.guild.id, channel_id=where, game_name="race", host_id=alice, seats=2
    )
    await sessions.lobby.join(table.id, bob, name)
    await sessions.lobby.start(table.id, alice)
    for _ in range(moves):
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        user = user_at(fake, status.progress.decision.seats[0])
        await sessions.play.act(table.id, user, "step 1", expected_version=None, interaction_id=None)
    return int(table.id)


async def _table_and_state(handle: Any, game_id: int) -> tuple[Any, Any, None]:
    sessions = sessions_of(handle)
    return (await sessions.reading.status(game_id)).table, await sessions.reading.load(game_id), None


async def test_a_clean_stop_does_not_wait_for_the_render_process(
    fake_discord: FakeDiscord, start_bot_process: Any, tmp_path: Path
) -> None:
    """A stop (SIGINT) while the render process is busy (here: warming up for a minute, from the race
    table just opened) exits at once with 0: it used to wait for the render process (a thread blocked
    on it), past the 10 s a supervisor (and ``stop``) waits, so
    ``test_a_button_posted_before_a_restart_works_after_it`` failed under load."""
    mark = tmp_path / "warming-up"
    handle = await start_bot_process(tmp_path / "db.sqlite3", RACE_SLOW_WARM_UP=str(mark))
    created = await fake_discord.slash("alice", fake_discord.general, "game new", game="race", thread=False)
    await created.wait_response()
    await fake_discord.wait_until(mark.exists, 120, "the render process to be warming up")
    assert await handle.stop() == 0
