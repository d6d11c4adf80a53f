"""The pages after the game from Discord: with the companion and PUBLIC_URL, /boardroom leaderboard,
profile and history answer with a link to their page; the page opens (real client, fake Discord, a
real Chromium) and reads as the answer does. A hidden profile's answers carry no link."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.async_api import expect

from tests.e2e.test_after_game import _race
from tests.e2e.test_lobby import DEFERRED_MESSAGE, acked, private_reply, sessions_of
from tests.e2e.test_web_companion import PUBLIC
from tests.fakediscord import FakeDiscord
from tests.web.browser import LAPTOP, Watched, browser


def web_link(content: str) -> str:
    found = re.search(rf"🌐 On the web: <{re.escape(PUBLIC)}(/[\w/-]+)>", content)
    assert found, content
    return found[1]


async def test_the_answers_after_the_game_link_to_their_pages(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", web_port=0, public_url=PUBLIC)
    sessions = sessions_of(handle)
    await _race(fake, sessions, "alice", "bob", [2] * 9)
    await _race(fake, sessions, "alice", "bob", [1, 2] * 5)

    board = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom leaderboard", game="race"), DEFERRED_MESSAGE)
    )
    profile = await private_reply(
        acked(await fake.slash("bob", "games", "boardroom profile"), DEFERRED_MESSAGE)
    )
    history = await private_reply(
        acked(await fake.slash("bob", "games", "boardroom history"), DEFERRED_MESSAGE)
    )
    pages = {
        web_link(board.content): "Race (test game) leaderboard in this server",
        web_link(profile.content): "bob's games",
        web_link(history.content): "bob: 2 ended games",
    }
    assert re.fullmatch(rf"/leaderboard/{fake.guild.id}-[\w-]+/race", web_link(board.content))
    async with browser(LAPTOP) as context:
        watched = Watched(await context.new_page())
        for path, heading in pages.items():
            response = await watched.page.goto(handle.bot.web.address + path)
            assert response is not None and response.ok, path
            await expect(watched.page.locator("h1")).to_have_text(heading)
        watched.assert_clean()

    # Hidden: the page would show nothing, so the owner's own answers carry no link.
    await sessions.after.set_hidden(fake.users["bob"].id, True)
    for command in ("boardroom profile", "boardroom history"):
        own = await private_reply(acked(await fake.slash("bob", "games", command), DEFERRED_MESSAGE))
        assert "🌐" not in own.content, command
