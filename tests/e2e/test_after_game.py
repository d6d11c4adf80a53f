"""After the game through the real client and the fake Discord: two finished race games between
alice and bob (played through the sessions service of the running bot, the quickest way to an
end), then /boardroom profile, leaderboard and history as alice reads them in English and bob in
Ukrainian; the leaderboard's page buttons; /boardroom me hiding a profile; /game score's result page."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from bot.service.sessions import Sessions
from tests.e2e.test_lobby import DEFERRED_MESSAGE, acked, private_reply, sessions_of
from tests.fakediscord import FakeDiscord

clicks = itertools.count(70_000)


async def _race(fake: FakeDiscord, sessions: Sessions, first: str, second: str, steps: list[int]) -> int:
    """A race between two of the fake's users; they step ``steps`` in turn, ``first`` first."""
    users = [fake.users[first], fake.users[second]]
    table = await sessions.lobby.create_game(
        guild_id=fake.guild.id,
        channel_id=fake.games.id,
        game_name="race",
        host_id=users[0].id,
        host_name=users[0].username,
    )
    await sessions.lobby.join(table.id, users[1].id, name=users[1].username)
    status = await sessions.lobby.start(table.id, users[0].id)
    for number, spaces in enumerate(steps):
        assert status.progress is not None and not status.progress.decision.finished
        user = users[number % 2].id
        result = await sessions.play.act(
            table.id, user, f"step {spaces}", expected_version=None, interaction_id=next(clicks)
        )
        status = await sessions.reading.status(result.table.id)
    assert status.progress is not None and status.progress.decision.finished
    return table.id


async def test_two_games_show_in_profiles_leaderboard_and_history_in_english_and_ukrainian(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.users["bob"].locale = "uk"
    handle = await start_bot(tmp_path / "db.sqlite3")
    sessions = sessions_of(handle)
    # alice steps 2 five times and wins; then bob, stepping 2 while alice steps 1, wins.
    await _race(fake, sessions, "alice", "bob", [2] * 9)
    second = await _race(fake, sessions, "alice", "bob", [1, 2] * 5)

    profile = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom profile"), DEFERRED_MESSAGE)
    )
    text = profile.content
    assert text.startswith("**alice**'s games") and "**Race (test game)**" in text
    assert "Played 2, finished 2, won 1; abandoned 0, expelled 0." in text
    assert "after 2 rated games" in text and "Skipped 0 times." in text

    versus = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom profile", versus="bob"), DEFERRED_MESSAGE)
    )
    assert "**Against bob**" in versus.content and "ahead 1, behind 1, level 0" in versus.content

    board = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom leaderboard", game="race"), DEFERRED_MESSAGE)
    )
    lines = board.content.splitlines()
    assert lines[0] == "**Race (test game)** leaderboard in this server"
    ranked = [line for line in lines if line[:2] in ("1.", "2.")]
    assert len(ranked) == 2 and {"alice", "bob"} == {line.split(" — ")[0][3:] for line in ranked}

    history = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom history"), DEFERRED_MESSAGE)
    )
    assert history.content.startswith("**alice**: 2 ended games")
    assert f"#{second} — place 2" in history.content
    assert f"https://discord.com/channels/{fake.guild.id}/{fake.games.id}" in history.content

    # bob reads the same in Ukrainian.
    uk_profile = await private_reply(
        acked(await fake.slash("bob", "games", "boardroom profile"), DEFERRED_MESSAGE)
    )
    assert uk_profile.content.startswith("Ігри **bob**")
    assert "Зіграно 2, завершено 2, виграно 1; покинуто 0, виключено 0." in uk_profile.content
    assert "після 2 рейтингових ігор" in uk_profile.content
    uk_history = await private_reply(
        acked(await fake.slash("bob", "games", "boardroom history"), DEFERRED_MESSAGE)
    )
    assert uk_history.content.startswith("**bob**: 2 завершені гри")
    assert f"#{second} — перемога" in uk_history.content and "[гілка](" in uk_history.content
    uk_board = await private_reply(
        acked(
            await fake.slash("bob", "games", "boardroom leaderboard", game="race", scope="everywhere"),
            DEFERRED_MESSAGE,
        )
    )
    assert uk_board.content.startswith("**Race (test game)**: таблиця лідерів усюди")
    assert "alice" in uk_board.content and uk_board.components == []  # one page: no buttons

    # /game score after the end: the game's own page of results.
    score = await private_reply(acked(await fake.slash("alice", "games", "game score"), DEFERRED_MESSAGE))
    assert f"#{second}, ended" in score.content and "rating" in score.content

    # Someone with no ended game yet is named by their Discord name.
    empty = await private_reply(
        acked(await fake.slash("carol", "games", "boardroom profile"), DEFERRED_MESSAGE)
    )
    assert empty.content == "**carol**'s games\nNo ended games yet."

    # alice hides her profile: bob no longer sees it, the board leaves her out; she comes back.
    hide = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom me", profile="hidden"), DEFERRED_MESSAGE)
    )
    assert "Your profile: hidden" in hide.content
    refused = await private_reply(
        acked(await fake.slash("carol", "games", "boardroom profile", player="alice"), DEFERRED_MESSAGE)
    )
    assert refused.content.startswith("That player keeps their profile hidden.")
    hidden_board = await private_reply(
        acked(await fake.slash("carol", "games", "boardroom leaderboard", game="race"), DEFERRED_MESSAGE)
    )
    assert "alice" not in hidden_board.content and "bob" in hidden_board.content
    acked(await fake.slash("alice", "games", "boardroom me", profile="shown"), DEFERRED_MESSAGE)
    back = await private_reply(
        acked(await fake.slash("carol", "games", "boardroom profile", player="alice"), DEFERRED_MESSAGE)
    )
    assert back.content.startswith("**alice**'s games")


async def test_a_long_leaderboard_turns_its_pages_with_buttons(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    sessions = sessions_of(handle)
    await _race(fake, sessions, "alice", "bob", [2] * 9)
    await _race(fake, sessions, "alice", "bob", [2] * 9)
    # Twelve more rated players in this server, below alice and bob (written as the ratings would be).
    async with sessions.store.db.transaction() as conn:
        await conn.executemany(
            "INSERT INTO ratings (scope, game, player, user_id, mu, sigma, ordinal, games) "
            "VALUES (?, 'race', ?, ?, ?, 8.0, ?, 2)",
            [(fake.guild.id, f"u{9000 + i}", 9000 + i, 10.0 - i, 10.0 - i - 24.0) for i in range(12)],
        )
    first = await private_reply(
        acked(await fake.slash("alice", "games", "boardroom leaderboard", game="race"), DEFERRED_MESSAGE)
    )
    assert first.content.endswith("Page 1 of 2") and "1. alice" in first.content
    assert first.button_labels() == ["◀ Previous", "Next ▶"]
    acked(await fake.click_button("alice", first, "Next ▶"))
    second = await fake.wait_for_update(first, lambda m: m.content.endswith("Page 2 of 2"), what="page 2")
    lines = [line for line in second.content.splitlines() if line[:3] in ("11.", "12.", "13.", "14.")]
    assert [line.split(".")[0] for line in lines] == ["11", "12", "13", "14"]
    acked(await fake.click_button("alice", second, "◀ Previous"))
    await fake.wait_for_update(first, lambda m: m.content.endswith("Page 1 of 2"), what="page 1 again")
