"""The lobby end to end: the real discord.py client running ``BoardroomBot`` against the loopback
fake Discord (issue 6). Every interaction must be acknowledged within 3 s; the fake's strict
mode also fails a test on unknown routes or payloads real Discord would refuse."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest

from bot.on_discord.views import text
from bot.service.sessions import Sessions
from bot.storage import Status
from bot.storage import actions as action_log
from render.common.language import speaking, t
from tests.bot.countdown_game import CountdownState
from tests.conftest import TEST_GAME_MODULES
from tests.fakediscord import PATIENCE, PICTURE_PATIENCE, FakeDiscord, InteractionOutcome, Message

ACK_DEADLINE = 3.0
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE = 4, 5, 6
GAME_MODULES = list(TEST_GAME_MODULES)


def acked(outcome: InteractionOutcome, *types: int) -> InteractionOutcome:
    """The bot acknowledged in time, with one of the expected callback types."""
    assert outcome.latency < ACK_DEADLINE, outcome
    if types:
        assert outcome.type in types, outcome
    return outcome


async def private_reply(outcome: InteractionOutcome, timeout: float = PICTURE_PATIENCE) -> Message:
    """The ephemeral answer of a refused or private interaction: the deferred response filled in,
    or (when the public "thinking…" placeholder was removed) the first follow-up."""

    def answer(o: InteractionOutcome) -> Message | None:
        original = o.message
        if o.type in (MESSAGE, DEFERRED_MESSAGE) and original is not None and not original.deleted:
            return None if original.loading else original
        return o.followups[-1] if o.followups else None

    await outcome.wait_for(lambda o: answer(o) is not None, timeout)
    message = answer(outcome)
    assert message is not None and message.ephemeral, message
    return message


async def open_lobby(fake: FakeDiscord, host: str, game: str, **options: Any) -> Message:
    outcome = acked(
        await fake.slash(host, "games", "game new", game=game, thread=False, **options), DEFERRED_MESSAGE
    )
    lobby = await outcome.wait_response()
    assert not lobby.ephemeral and lobby.button_labels() == ["Join", "Leave", "Start", "Add a bot"]
    return lobby


async def seated(fake: FakeDiscord, lobby: Message, user: str) -> Message:
    """The lobby once the bot redrew it with ``user`` in it: the join is acknowledged first, saved
    after, and the message edited once it is saved."""
    mention = f"<@{fake.users[user].id}>"
    return await fake.wait_for_update(lobby, lambda m: mention in m.content, what=f"{user} in the lobby")


TAKE_MY_TURN = "Take my turn"
# Every private panel ends with these look-ups (issue 14: see the table without typing).
LOOKS = ["Board", "My board", "Since your last turn"]


def turn_lines(fake: FakeDiscord) -> list[Message]:
    return [m for m in fake.channel_messages("games") if "your turn" in m.content]


async def next_turn_line(fake: FakeDiscord, seen: int) -> Message:
    """Wait for the public turn line number ``seen + 1`` and return it."""
    await fake.wait_until(lambda: len(turn_lines(fake)) > seen, PATIENCE, "a new turn line")
    return turn_lines(fake)[seen]


async def start_game(fake: FakeDiscord, lobby: Message, host: str) -> Message:
    """Press Start; returns the first public "your turn" line."""
    seen = len(turn_lines(fake))
    acked(await fake.click_button(host, lobby, "Start"), DEFERRED_UPDATE)
    return await next_turn_line(fake, seen)


async def open_panel(fake: FakeDiscord, user: str, line: Message) -> Message:
    """Press "Take my turn" on the public line; returns the private panel."""
    outcome = acked(await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE)
    panel = await outcome.wait_response()
    assert panel.ephemeral
    return panel


async def choose(fake: FakeDiscord, user: str, panel: Message, label: str) -> InteractionOutcome:
    """Click a choice on a private panel and wait until the panel was redrawn."""
    edits = fake.message(panel.id).edits
    outcome = acked(await fake.click_button(user, fake.message(panel.id), label), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.message(panel.id).edits > edits, PATIENCE, "the panel to be redrawn")
    return outcome


def sessions_of(handle: Any) -> Sessions:
    sessions = handle.bot.sessions
    assert isinstance(sessions, Sessions)
    return sessions


async def test_new_join_start_status(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """/game new → three users join → start → status (and the token never reaches the log)."""
    caplog.set_level(logging.DEBUG)
    fake = fake_discord
    await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    scope = fake.commands[fake.guild.id]
    game_command = next(c for c in scope if c["name"] == "game")
    assert {o["name"] for o in game_command["options"]} == {
        "new",
        "status",
        "abandon",
        "replace",
        "help",
        "play",
        "board",
        "player",
        "score",
        "log",
        "rules",
        "hint",
        "vacation",
        "back",
        "expel",
        "challenge",
    }

    lobby = await open_lobby(fake, "alice", "countdown")
    alice, bob, carol, dave = (fake.users[n] for n in ("alice", "bob", "carol", "dave"))
    assert f"<@{alice.id}> (host)" in lobby.content
    # what a player joins for: the default speed, said as /game new's menu says it
    assert "Speed: normal (1 day, +8 hours a move)" in lobby.content
    for name in ("bob", "carol", "dave"):
        acked(await fake.click_button(name, lobby, "Join"), DEFERRED_UPDATE)
        await seated(fake, lobby, name)
    lobby = fake.message(lobby.id)
    assert "Players (4, 2–4)" in lobby.content
    assert [f"<@{u.id}>" in lobby.content for u in (alice, bob, carol, dave)] == [True] * 4

    turn = await start_game(fake, lobby, "alice")
    lobby = fake.message(lobby.id)
    assert "(started)" in lobby.content and lobby.buttons() == []
    assert "Speed:" not in lobby.content
    assert f"<@{alice.id}> — your turn" in turn.content and not turn.ephemeral
    # a small first decision is offered on the line itself, Take my turn last
    assert turn.button_labels() == ["Take 1", "Take 2", "Draw 1-2 at random", TAKE_MY_TURN]
    panel = await open_panel(fake, "alice", turn)
    assert panel.button_labels() == ["Take 1", "Take 2", "Draw 1-2 at random", *LOOKS]

    status = acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE)
    panel = await private_reply(status)
    assert "in progress" in panel.content and "version" not in panel.content
    assert f"Waiting for <@{alice.id}>" in panel.content and panel.buttons() == []  # not bob's turn
    mine = await private_reply(acked(await fake.slash("alice", "games", "game status"), DEFERRED_MESSAGE))
    assert mine.button_labels() == ["Take 1", "Take 2", "Draw 1-2 at random", *LOOKS]

    helped = acked(await fake.slash("carol", "games", "game help"))
    assert helped.ephemeral and "Countdown (test game)" in helped.content
    assert caplog.records and fake.token not in caplog.text


async def test_a_second_game_in_the_channel_is_refused(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    refused = acked(await fake.slash("bob", "games", "game new", game="race", thread=False), DEFERRED_MESSAGE)
    reply = await private_reply(refused)
    assert "This channel already has Race (test game) (lobby)" in reply.content
    await fake.settle()  # negative check: after the refusal, no public message may follow
    public = fake.channel_messages("games")
    assert [m.id for m in public] == [lobby.id]
    # Another channel is free.
    other = acked(await fake.slash("bob", "general", "game new", game="race", thread=False), DEFERRED_MESSAGE)
    assert not (await other.wait_response()).ephemeral


async def test_foreign_and_stale_clicks_are_refused_and_change_nothing(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    sessions = sessions_of(handle)
    lobby = await open_lobby(fake, "alice", "race")
    # A non-player cannot start, and the table is unchanged.
    refused = acked(await fake.click_button("carol", lobby, "Start"), DEFERRED_UPDATE)
    assert (await private_reply(refused)).content == "Only the host can start the game."
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    turn = await start_game(fake, fake.message(lobby.id), "alice")
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    # Alice's private panel shows the same choices at the same version.
    panel = await private_reply(acked(await fake.slash("alice", "games", "game status"), DEFERRED_MESSAGE))
    before = await sessions.reading.status(game_id)

    # Only the player whose turn it is gets a panel from the public line.
    refused = acked(await fake.click_button("carol", turn, TAKE_MY_TURN), DEFERRED_MESSAGE)
    assert (await private_reply(refused)).content == "You are not playing in this game."
    idle = await private_reply(acked(await fake.click_button("bob", turn, TAKE_MY_TURN), DEFERRED_MESSAGE))
    assert idle.content.startswith("Nothing to decide for you right now.") and idle.buttons() == []
    mine = await open_panel(fake, "alice", turn)
    for user, sentence in (
        ("carol", "You are not playing in this game."),
        ("bob", "These choices are for another player."),
    ):
        outcome = acked(await fake.click_button(user, mine, "Step 1"), DEFERRED_UPDATE)
        assert (await private_reply(outcome)).content == sentence
    await fake.settle()  # negative check: the refused clicks must change nothing, even late
    assert (await sessions.reading.status(game_id)).table.version == before.table.version
    assert fake.message(mine.id).button_labels() == ["Step 1", "Step 2", "Roll the die (1-3)", *LOOKS]

    seen = len(turn_lines(fake))
    await choose(fake, "alice", mine, "Step 2")
    bob_turn = await next_turn_line(fake, seen)
    assert f"<@{fake.users['bob'].id}> — your turn" in bob_turn.content
    # the old line loses its button once the new one is up
    await fake.wait_until(lambda: fake.message(turn.id).buttons() == [], PATIENCE, "the old line retired")
    assert fake.message(mine.id).buttons() == [] and "Step 2" in fake.message(mine.id).content
    after = await sessions.reading.status(game_id)

    # The panel's buttons still exist but were drawn at the old version: refused, nothing changes.
    stale = acked(await fake.click_button("alice", panel, "Step 1"), DEFERRED_UPDATE)
    assert "out of date" in (await private_reply(stale)).content
    await fake.settle()  # negative check: the stale click must change nothing, even late
    now = await sessions.reading.status(game_id)
    assert now.table.version == after.table.version and now.table.game.snapshot == after.table.game.snapshot


async def test_the_same_interaction_delivered_twice_is_applied_once(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    sessions = sessions_of(handle)
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    turn = await start_game(fake, fake.message(lobby.id), "alice")
    outcome = await choose(fake, "alice", await open_panel(fake, "alice", turn), "Roll the die (1-3)")
    bob_id = fake.users["bob"].id
    await fake.wait_for_message("games", lambda m: f"<@{bob_id}> — your turn" in m.content)
    await fake.redeliver(outcome, quiet=0)
    await outcome.wait_for(lambda o: len(o.record.attempts) == 2)  # the second delivery was answered
    await fake.settle()  # negative check: the duplicate must be neither applied nor announced, even late
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    async with sessions.store.db.transaction(write=False) as conn:
        log = await action_log.list_actions(conn, game_id)
    assert [(row.notation, row.interaction_id) for row in log] == [("roll", outcome.id)]
    bob = fake.users["bob"]
    prompts = [m for m in fake.channel_messages("games") if f"<@{bob.id}> — your turn" in m.content]
    assert len(prompts) == 1
    # The second delivery reached the bot and was answered as a duplicate (Discord refused the
    # second acknowledgement, which the bot tolerates).
    assert len(outcome.record.deliveries) == 2
    assert [a.status for a in outcome.record.attempts] == [200, 400]


async def test_a_button_posted_before_a_restart_works_after_it(
    fake_discord: FakeDiscord, start_bot_process: Any, tmp_path: Path
) -> None:
    """Restart the bot process (a crash: SIGKILL) on the same database; old buttons still work."""
    fake = fake_discord
    db_path = tmp_path / "db.sqlite3"
    first = await start_bot_process(db_path)
    await fake.wait_until(lambda: fake.commands.get(fake.guild.id), PATIENCE, "commands to be synced")
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    await first.kill()

    second = await start_bot_process(db_path)
    turn = await start_game(fake, fake.message(lobby.id), "alice")
    assert fake.message(lobby.id).buttons() == []
    second.process.terminate()  # SIGTERM, as `docker stop` or systemd: a clean shutdown
    assert await second.process.wait() == 0

    third = await start_bot_process(db_path)
    await choose(fake, "alice", await open_panel(fake, "alice", turn), "Step 1")
    bob_turn = await next_turn_line(fake, 1)
    assert f"<@{fake.users['bob'].id}> — your turn" in bob_turn.content
    assert await third.stop() == 0


async def test_abandon_is_for_the_host_or_a_manager(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    panel = await private_reply(acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE))
    assert panel.button_labels() == ["Join", "Leave", "Start", "Add a bot"]
    refused = acked(await fake.slash("bob", "games", "game abandon"), DEFERRED_MESSAGE)
    assert "Only the host or a member with Manage Server" in (await private_reply(refused)).content
    done = acked(await fake.slash("mod", "games", "game abandon"), DEFERRED_MESSAGE)
    announcement = await done.wait_response()
    assert not announcement.ephemeral and "abandoned **Race (test game)**" in announcement.content
    await fake.wait_for_update(lobby, lambda m: "(closed)" in m.content)  # redrawn after the announcement
    game_id = int(panel.button("Join")["custom_id"].split(":")[2])
    assert (await sessions_of(handle).reading.status(game_id)).table.game.status is Status.ABANDONED
    closed = fake.message(lobby.id)
    assert closed.buttons() == [] and "(closed)" in closed.content
    after = await private_reply(acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE))
    assert "(closed)" in after.content and after.buttons() == []
    late = acked(await fake.click_button("bob", panel, "Join"), DEFERRED_UPDATE)
    assert (await private_reply(late)).content == "This game has ended; you cannot join it."
    await open_lobby(fake, "bob", "race")  # the channel is free again
    nothing = acked(await fake.slash("alice", "general", "game status"), DEFERRED_MESSAGE)
    assert "There is no game in this channel" in (await private_reply(nothing)).content


async def test_lobby_buttons_on_a_status_panel_update_the_public_lobby(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    host_panel = await private_reply(
        acked(await fake.slash("alice", "games", "game status"), DEFERRED_MESSAGE)
    )
    panel = await private_reply(acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE))
    acked(await fake.click_button("bob", panel, "Join"), DEFERRED_UPDATE)
    await seated(fake, panel, "bob")  # the panel pressed on is redrawn first,
    await seated(fake, lobby, "bob")  # then the public lobby
    bob = fake.users["bob"]
    assert f"<@{bob.id}>" in fake.message(panel.id).content
    assert f"<@{bob.id}>" in fake.message(lobby.id).content
    # The host's panel was drawn before Bob joined: Start there is refused and the panel redrawn.
    stale = acked(await fake.click_button("alice", host_panel, "Start"), DEFERRED_UPDATE)
    assert "The table changed since this lobby was shown" in (await private_reply(stale)).content
    await seated(fake, host_panel, "bob")  # redrawn as the table is now
    assert f"<@{bob.id}>" in fake.message(host_panel.id).content
    acked(await fake.click_button("alice", fake.message(host_panel.id), "Start"), DEFERRED_UPDATE)
    turn = await next_turn_line(fake, 0)
    await fake.wait_for_update(lobby, lambda m: "(started)" in m.content)
    assert fake.message(lobby.id).buttons() == [] and "(started)" in fake.message(lobby.id).content
    assert "your turn" in turn.content


async def test_a_failed_announcement_says_the_change_was_saved(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    fake.fail_next("POST /webhooks/{app_id}/{token}", status=403)  # the "your turn" line: Start's follow-up
    started = acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    reply = await private_reply(started)
    assert reply.content.startswith("That was saved, but I could not update the messages here.")
    assert any("announcing it failed" in r.getMessage() and r.exc_info for r in caplog.records)
    status = await sessions_of(handle).reading.status_in_channel(fake.games.id)
    assert status.table.game.status is Status.ACTIVE
    panel = await private_reply(acked(await fake.slash("alice", "games", "game status"), DEFERRED_MESSAGE))
    assert panel.button_labels() == ["Step 1", "Step 2", "Roll the die (1-3)", *LOOKS]
    # The next change posts the turn line that could not be posted before.
    await choose(fake, "alice", panel, "Step 1")
    assert f"<@{fake.users['bob'].id}> — your turn" in (await next_turn_line(fake, 0)).content


async def test_an_unexpected_error_is_logged_and_apologised_for(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    await handle.bot.db.conn.execute("ALTER TABLE seats RENAME TO seats_gone")
    outcome = acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    reply = await private_reply(outcome)
    assert reply.content.startswith("Sorry, something went wrong on our side.")
    assert "seats" not in reply.content
    assert any(r.levelname == "ERROR" and r.exc_info for r in caplog.records)


async def test_a_new_game_speaks_the_servers_language_not_the_hosts(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """``/game new`` without a language: the game's public posts are in the server's language (Polish
    here), which the table reads, not in the host's own Discord language (Ukrainian)."""
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    fake.guild.locale = "pl"
    fake.users["alice"].locale = "uk"
    outcome = acked(
        await fake.slash("alice", "games", "game new", game="race", thread=False), DEFERRED_MESSAGE
    )
    lobby = await outcome.wait_response()
    status = await sessions_of(handle).reading.status_in_channel(fake.games.id)
    assert status.table.game.language == "pl"
    with speaking("pl"):
        buttons = [t(label) for label in ("Join", "Leave", "Start", "Add a bot")]
        assert lobby.content == text.lobby_text(status.table)
    assert lobby.button_labels() == buttons and buttons[0] != "Join"


async def test_operator_commands_are_for_the_owner_only(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    await start_bot(tmp_path / "db.sqlite3")
    refused = acked(await fake.slash("mod", "games", "boardroom sync"), MESSAGE)
    assert (await private_reply(refused)).content == "Only the bot's owner can use this command."
    synced = acked(await fake.slash("owner", "games", "boardroom sync"), DEFERRED_MESSAGE)
    assert (await private_reply(synced)).content == "Registered 2 commands in this server."
    about = await private_reply(
        acked(await fake.slash("owner", "games", "boardroom about"), DEFERRED_MESSAGE)
    )
    assert about.ephemeral and "race" in about.content and "1 server;" in about.content
    # the preflight: each command's size against Discord's limit, permissions, shards
    sized = r"^- /game: \d+ of 8000 characters \(longest in (Українська|Русский|Polski|English)\)\.$"
    assert re.search(sized, about.content, re.M), about.content
    assert "- Discord recommends 1 shard; this bot runs 1." in about.content, about.content
    fake.users["owner"].locale = "uk"  # the operator reads their own language too
    synced = acked(await fake.slash("owner", "games", "boardroom sync"), DEFERRED_MESSAGE)
    assert (await private_reply(synced)).content == "Зареєстровано 2 команди на цьому сервері."
    about = await private_reply(
        acked(await fake.slash("owner", "games", "boardroom about"), DEFERRED_MESSAGE)
    )
    assert about.content.startswith("Boardroom: 1 сервер; ігри: ")


async def test_more_than_25_choices_become_select_menus(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3", game_modules=GAME_MODULES)
    lobby = await open_lobby(fake, "alice", "wide")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    turn = await start_game(fake, fake.message(lobby.id), "alice")
    panel = await open_panel(fake, "alice", turn)
    menus = panel.selects()
    assert panel.button_labels() == LOOKS and [len(m["options"]) for m in menus] == [25, 6]
    assert all(len(m["custom_id"]) <= 100 for m in menus)
    refused = acked(await fake.select("bob", panel, menus[1]["custom_id"], ["take 30"]), DEFERRED_UPDATE)
    assert (await private_reply(refused)).content == "These choices are for another player."
    acked(await fake.select("alice", panel, menus[1]["custom_id"], ["take 30"]), DEFERRED_UPDATE)
    bob_turn = await next_turn_line(fake, 1)
    assert "the counter is 70" in bob_turn.content
    assert len((await open_panel(fake, "bob", bob_turn)).selects()) == 2
    # alice's panel is redrawn after the hand-over (the old line is edited into her move first)
    await fake.wait_until(
        lambda: "Take 30" in fake.message(panel.id).content, PATIENCE, "alice's panel redrawn"
    )
    assert fake.message(panel.id).selects() == []
    state = await sessions_of(handle).reading.load(
        (await sessions_of(handle).reading.status_in_channel(fake.games.id)).table.id
    )
    assert isinstance(state, CountdownState)
    assert state.counter == 70


async def test_a_game_played_to_the_end_posts_the_result(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = await start_bot(tmp_path / "db.sqlite3")
    lobby = await open_lobby(fake, "alice", "race")
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    turn = await start_game(fake, fake.message(lobby.id), "alice")
    for number, player in enumerate(["alice", "bob"] * 4 + ["alice"]):
        turn = await next_turn_line(fake, number)
        await choose(fake, player, await open_panel(fake, player, turn), "Step 2")
    alice = fake.users["alice"]
    result = fake.latest_message("games")
    assert "game over. Winner: **alice**" in result.content
    assert [b["label"] for b in result.buttons()] == ["Rematch", "Replay"]
    assert f"1. <@{alice.id}>: **10**" in result.content  # ranked, the winner named once above
    assert all(m.buttons() == [] for m in turn_lines(fake))
    status = await private_reply(acked(await fake.slash("bob", "games", "game status"), DEFERRED_MESSAGE))
    assert "finished" in status.content and f"<@{alice.id}>: **10**" in status.content
    game_id = (
        await sessions_of(handle).reading.status_in_channel(fake.games.id, include_ended=True)
    ).table.id
    assert await sessions_of(handle).reading.replay(game_id) == await sessions_of(handle).reading.load(
        game_id
    )
    await open_lobby(fake, "bob", "race")  # a finished game frees the channel
