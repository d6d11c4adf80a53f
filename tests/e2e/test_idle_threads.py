"""Long pauses and old tokens, end to end through the real discord.py client and the fake Discord with
its clock moved (and the bot's with it): a four-player game whose thread idles past Discord's seven
days, then past fifteen, is reopened by the bot's next edit and played to the end; a locked thread
is given up after one refusal, not retried every two minutes; a turn line whose click's token ended
during a simultaneous phase is edited through the channel, without a second line or a live stale
button."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.test_lobby import (
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    GAME_MODULES,
    TAKE_MY_TURN,
    acked,
    choose,
    open_panel,
    seated,
    sessions_of,
)
from tests.fakediscord import PATIENCE, FakeDiscord, Message
from tests.fakediscord.model import Channel

MINUTE, DAY = 60, 24 * 3600
ROUNDS_MODULES = [*GAME_MODULES, "tests.bot.rounds_game"]
PLAYERS = ("alice", "bob", "carol", "dave")
UNARCHIVE = "PATCH /channels/{channel_id}"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
TOKEN_EDIT = "PATCH /webhooks/{app_id}/{token}/messages/{message_id}"


def turn_lines(fake: FakeDiscord, where: Channel) -> list[Message]:
    # not the reminders ("… your turn came …")
    return [m for m in fake.channel_messages(where) if "your turn:" in m.content or "your turns" in m.content]


def live_lines(fake: FakeDiscord, where: Channel) -> list[Message]:
    return [m for m in turn_lines(fake, where) if TAKE_MY_TURN in m.button_labels()]


def line_edits(fake: FakeDiscord, route: str) -> list[int]:
    """The statuses of the edits of turn lines through ``route`` (not of the private panels)."""
    lines = {str(m.id) for m in turn_lines(fake, fake.games)}
    return [r.status for r in fake.requests_to(route) if r.path.rsplit("/", 1)[-1] in lines]


def mentioned(fake: FakeDiscord, message: Message, user: str) -> bool:
    return f"<@{fake.users[user].id}>" in message.content


async def _open_rounds(fake: FakeDiscord, players: tuple[str, ...], **options: Any) -> Message:
    """A game of Rounds (everyone bids at the same time) opened by the first player and joined by the
    others; returns the lobby once everyone is seated."""
    host, *others = players
    opened = acked(
        await fake.slash(host, "games", "game new", game="rounds", players=len(players), **options),
        DEFERRED_MESSAGE,
    )
    lobby = await opened.wait_response()
    for name in others:
        acked(await fake.click_button(name, fake.message(lobby.id), "Join"), DEFERRED_UPDATE)
        await seated(fake, lobby, name)
    return lobby


async def _bid(fake: FakeDiscord, where: Channel, user: str, label: str = "Bid 1") -> None:
    """``user`` opens their panel from the live turn line and bids."""
    (line,) = live_lines(fake, where)
    await choose(fake, user, await open_panel(fake, user, line), label)


async def _line_without(fake: FakeDiscord, line: Message, user: str) -> Message:
    return await fake.wait_for_update(
        line, lambda m: not mentioned(fake, m, user), what=f"the turn line without {user}"
    )


async def _next_line(fake: FakeDiscord, where: Channel, seen: int) -> Message:
    await fake.wait_until(lambda: len(turn_lines(fake, where)) > seen, PATIENCE, "a new turn line")
    return turn_lines(fake, where)[seen]


async def _reminded(fake: FakeDiscord, where: Channel, users: list[str], after: int) -> None:
    """Each of ``users`` was reminded in a message newer than ``after`` (an id)."""

    def done() -> bool:
        said = [m for m in fake.channel_messages(where) if m.id > after and "a reminder" in m.content]
        return all(any(mentioned(fake, m, u) for m in said) for u in users)

    await fake.wait_until(done, PATIENCE, f"reminders to {users}")


async def _a_day_later(fake: FakeDiscord, handle: Any) -> None:
    """A day and a minute pass, and the scheduler looks for due reminders (as it does every
    ``CHECK_EVERY`` seconds of the bot's time, not the fake's)."""
    await fake.advance(DAY + MINUTE)
    await handle.bot.scheduler.run_due()


async def _round(fake: FakeDiscord, thread: Channel, players: tuple[str, ...]) -> Message:
    """Everyone bids, the line edited as each finishes; returns the next round's line."""
    seen = len(turn_lines(fake, thread))
    for name in players[:-1]:
        (line,) = live_lines(fake, thread)
        await _bid(fake, thread, name)
        await _line_without(fake, line, name)
    await _bid(fake, thread, players[-1])
    return await _next_line(fake, thread, seen)


async def test_a_game_thread_idle_for_8_and_then_15_days_is_reopened_and_played_to_the_end(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=ROUNDS_MODULES)
    handle.bot.sessions.store.clock = fake.clock  # one clock: the fake's, moved by the test
    lobby = await _open_rounds(fake, PLAYERS, speed="none")
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.channels.get(lobby.id), PATIENCE, "the game's thread")
    thread = fake.channels[lobby.id]
    line = await _next_line(fake, thread, 0)
    assert all(mentioned(fake, line, name) for name in PLAYERS)

    # Round 1: two bid, then nobody for a day (the one reminder of "no limit") and eight more.
    for name in ("alice", "bob"):
        await _bid(fake, thread, name)
        line = await _line_without(fake, line, name)
    await _a_day_later(fake, handle)
    await _reminded(fake, thread, ["carol", "dave"], after=line.id)
    assert await fake.advance(8 * DAY) == [thread]

    # Carol's bid only edits the line: refused in the archived thread, which the bot reopens.
    await _bid(fake, thread, "carol")
    line = await _line_without(fake, line, "carol")
    assert not thread.archived
    refused = [r for r in fake.requests_to(EDIT) if r.status == 400]
    assert len(refused) == 1
    (reopened,) = fake.requests_to(UNARCHIVE)
    assert reopened.json == {"archived": False} and reopened.status == 200
    await _bid(fake, thread, "dave")
    line = await _next_line(fake, thread, 1)
    await fake.wait_for_message(thread, lambda m: "Round 1 is over" in m.content, what="the summary")

    # Round 2: one bids, then the others are away for fifteen days (a reminder, then a vacation).
    await _bid(fake, thread, "alice")
    line = await _line_without(fake, line, "alice")
    await _a_day_later(fake, handle)
    # (Dave has been deciding since round 1 without a break: his one reminder was then.)
    await _reminded(fake, thread, ["bob", "carol"], after=line.id)
    assert await fake.advance(15 * DAY) == [thread]
    for name in ("bob", "carol"):
        await _bid(fake, thread, name)
        line = await _line_without(fake, line, name)
    assert len(fake.requests_to(UNARCHIVE)) == 2
    await _bid(fake, thread, "dave")
    await _next_line(fake, thread, 2)

    # Round 3, to the end: the result in the thread, and in the channel with a link.
    seen = len(turn_lines(fake, thread))
    for name in PLAYERS:
        (line,) = live_lines(fake, thread)
        await _bid(fake, thread, name, "Bid 2" if name == "carol" else "Bid 1")
        if name != PLAYERS[-1]:
            await _line_without(fake, line, name)
    final = await fake.wait_for_message(thread, lambda m: "game over" in m.content, what="the result")
    assert "carol" in final.content
    await fake.wait_for_message(
        fake.games, lambda m: f"<#{thread.id}>" in m.content and "game over" in m.content, what="the link"
    )
    await fake.wait_until(lambda: not live_lines(fake, thread), PATIENCE, "the last line retired")
    assert len(turn_lines(fake, thread)) == seen
    assert [r for r in fake.requests if r.status in (401, 403, 429)] == []
    game_id = (await sessions_of(handle).reading.status_in_channel(thread.id, include_ended=True)).table.id
    progress = (await sessions_of(handle).reading.status(game_id)).progress
    assert progress is not None and progress.decision.finished


async def test_a_locked_game_thread_is_given_up_until_it_is_unlocked(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=ROUNDS_MODULES)
    lobby = await _open_rounds(fake, ("alice", "bob"))
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.channels.get(lobby.id), PATIENCE, "the game's thread")
    thread = fake.channels[lobby.id]
    await _next_line(fake, thread, 0)
    await fake.lock(thread)

    # Alice's bid is saved; the line's edit is refused, and the bot stops writing there.
    (line,) = live_lines(fake, thread)
    outcome = acked(await fake.click_button("alice", line, TAKE_MY_TURN), DEFERRED_MESSAGE)
    panel = await outcome.wait_response()
    acked(await fake.click_button("alice", panel, "Bid 1"), DEFERRED_UPDATE)
    await fake.wait_until(lambda: [r for r in fake.requests if r.status == 403], PATIENCE, "the refused edit")
    await fake.wait_until(
        lambda: fake.requests_to("GET /channels/{channel_id}"), PATIENCE, "the bot to look at the thread"
    )
    announcer = handle.bot.announcer
    await fake.wait_until(lambda: thread.id in announcer.refusals.locked, PATIENCE, "the thread given up")
    refused = len([r for r in fake.requests if r.status == 403])
    for _ in range(3):  # the catch-up of every CATCH_UP_EVERY, run at once: nothing is sent there
        assert await announcer.catch_up() >= 1
    assert len([r for r in fake.requests if r.status == 403]) == refused == 1

    # Unlocked: the next catch-up brings the line up to date.
    await fake.unlock(thread)
    await fake.wait_until(lambda: thread.id not in announcer.refusals.locked, PATIENCE, "THREAD_UPDATE")
    await announcer.catch_up()
    await _line_without(fake, line, "alice")


async def test_a_token_ending_during_a_simultaneous_phase_falls_back_to_the_channel(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=ROUNDS_MODULES)
    players = ("alice", "bob", "carol")
    lobby = await _open_rounds(fake, players, thread=False)
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    games = fake.games
    line = await _next_line(fake, games, 0)
    start_click = next(i for i in fake.interactions.values() if line in i.followups)

    # The line is the Start click's follow-up, edited through its token while it lives.
    await _bid(fake, games, "alice")
    line = await _line_without(fake, line, "alice")
    assert line_edits(fake, TOKEN_EDIT) == [200]
    # Discord's clock runs ahead of the bot's: the token ends while the bot counts it alive.
    await fake.advance(15 * MINUTE + 1)
    await _bid(fake, games, "bob")
    line = await _line_without(fake, line, "bob")
    assert line_edits(fake, TOKEN_EDIT) == [200, 401]
    assert line_edits(fake, EDIT) == [200]
    assert fake.now() - start_click.created_at > 15 * MINUTE

    # The last bid: one new line (the click's follow-up), the old one retired through the channel.
    # From here on the bot and Discord share one clock.
    handle.bot.sessions.store.clock = fake.clock
    await _bid(fake, games, "carol")
    new = await _next_line(fake, games, 1)
    await fake.wait_for_update(line, lambda m: m.button_labels() == [], what="the old line retired")
    assert live_lines(fake, games) == [new] and len(turn_lines(fake, games)) == 2
    assert line_edits(fake, TOKEN_EDIT) == [200, 401]

    # With one clock, the bot's own count ends the token first: no 401 at all.
    line = new
    await _bid(fake, games, "alice")
    line = await _line_without(fake, line, "alice")
    await fake.advance(14 * MINUTE + 30)
    edits = len(line_edits(fake, EDIT))
    await _bid(fake, games, "bob")
    line = await _line_without(fake, line, "bob")
    assert len(line_edits(fake, EDIT)) == edits + 1
    assert line_edits(fake, TOKEN_EDIT) == [200, 401, 200]
    await _bid(fake, games, "carol")
    await _next_line(fake, games, 2)
    await fake.wait_for_update(line, lambda m: m.button_labels() == [], what="the old line retired")
    assert len(live_lines(fake, games)) == 1 and len(turn_lines(fake, games)) == 3
    # Nobody was told their change could not be shown.
    replies = [m.content for i in fake.interactions.values() for m in i.followups if m.ephemeral]
    assert not any("could not update" in r for r in replies)
