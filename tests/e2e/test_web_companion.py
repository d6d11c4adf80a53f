"""The web companion beside the real discord.py client against the fake Discord: the lobby, the
summaries, the result and ``/game board`` link to the game page; an open game page follows a move
made in Discord (in a real Chromium); the result's Replay button opens a private stepper through the
checkpoints' pictures."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.async_api import expect

from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    acked,
    choose,
    next_turn_line,
    open_lobby,
    open_panel,
    private_reply,
    seated,
    start_game,
)
from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord
from tests.web.browser import LAPTOP, Watched, browser

PUBLIC = "https://boardroom.example.org"
PNG = b"\x89PNG\r\n\x1a\n"
# Seconds the page may take to show a move: its poll (3 s) and a refetch, on a busy machine.
PAGE_PATIENCE = 30_000


def game_link(content: str) -> str:
    found = re.search(rf"<{re.escape(PUBLIC)}(/game/\d+-[\w-]+)>", content)
    assert found, content
    return found[1]


async def test_the_game_page_follows_discord_and_the_result_offers_a_replay(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", web_port=0, public_url=PUBLIC)
    server = handle.bot.web
    assert server is not None
    lobby = await open_lobby(fake, "alice", "race")
    path = game_link(lobby.content)
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    turn = await start_game(fake, fake.message(lobby.id), "alice")
    board = await acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE).wait_response(
        timeout=PICTURE_PATIENCE
    )
    assert game_link(board.content) == path

    async with browser(LAPTOP) as context:
        watched = Watched(await context.new_page())
        page = watched.page
        await page.goto(server.address + path)
        await expect(page.locator(".log")).to_contain_text("Nothing has happened yet.")
        version = await page.locator("#game").get_attribute("data-version")
        # A move in Discord: the open page shows it without being reloaded.
        await choose(fake, "alice", await open_panel(fake, "alice", turn), "Step 2")
        await expect(page.locator(".log li")).to_have_count(1, timeout=PAGE_PATIENCE)
        await expect(page.locator("#game")).not_to_have_attribute(
            "data-version", version or "", timeout=PAGE_PATIENCE
        )
        await expect(page.locator(".log li").first).to_contain_text("alice")
        watched.assert_clean()

    for number, player in enumerate(["bob", "alice"] * 4, start=1):
        line = await next_turn_line(fake, number)
        await choose(fake, player, await open_panel(fake, player, line), "Step 2")
    result = await fake.wait_for_message(
        "games", lambda m: "game over" in m.content, timeout=30, what="the result"
    )
    laps = [m for m in fake.channel_messages("games") if "is over.**" in m.content]
    assert laps and all(game_link(m.content) == path for m in [*laps, result])

    # The Replay button: a private stepper from the first checkpoint, a picture at each stop.
    opened = acked(await fake.click_button("carol", result, "Replay"), DEFERRED_MESSAGE)
    stepper = await private_reply(opened)
    assert "replay: Lap 1 is over (1 of 3)" in stepper.content, stepper.content
    first = stepper.attachments[0].data
    assert first.startswith(PNG)
    assert stepper.button_labels() == ["⏮", "◀", "▶", "⏭"]
    acked(await fake.click_button("carol", stepper, "▶"), DEFERRED_UPDATE)
    moved = await fake.wait_for_update(stepper, lambda m: "(2 of 3)" in m.content, what="the next stop")
    assert "replay: Lap 2 is over (2 of 3)" in moved.content
    await fake.wait_until(lambda: fake.message(stepper.id).attachments, PATIENCE, "the stop's picture")
    assert fake.message(stepper.id).attachments[0].data != first


async def test_game_player_hands_the_player_a_signed_link_to_their_own_view(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", web_port=0, public_url=PUBLIC)
    lobby = await open_lobby(fake, "alice", "carnegie")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    await start_game(fake, fake.message(lobby.id), "alice")
    own = await private_reply(acked(await fake.slash("bob", "games", "game player"), DEFERRED_MESSAGE))
    found = re.search(rf"<{re.escape(PUBLIC)}(/game/\d+-[\w-]+/seat/1\?until=\d+&sig=[\w-]+)>", own.content)
    assert found, own.content
    # Another player's board, asked for by name: no link to anyone's private view.
    other = await private_reply(
        acked(await fake.slash("bob", "games", "game player", player=fake.users["alice"]), DEFERRED_MESSAGE)
    )
    assert "/seat/" not in other.content
    async with browser(LAPTOP) as context:
        watched = Watched(await context.new_page())
        response = await watched.page.goto(handle.bot.web.address + found[1])
        assert response is not None and response.ok
        await expect(watched.page.locator(".private")).to_contain_text("bob")
        watched.assert_clean()
