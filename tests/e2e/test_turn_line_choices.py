"""A small decision's choices on the public turn line: the player it names moves the game with one
click there; anyone else is told whose turn it is; a button the game has moved past is refused and
changes nothing; the buttons still work after the bot restarts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.on_discord.views.clock_text import _coarse
from tests.e2e.carnegie_play import open_carnegie, seeded, sessions_of, turn_line
from tests.e2e.test_lobby import DEFERRED_UPDATE, acked
from tests.fakediscord import PATIENCE, FakeDiscord, Message

ON_LINE = "br:c:"


def line_choices(message: Message) -> list[dict[str, Any]]:
    return [b for b in message.buttons() if str(b.get("custom_id", "")).startswith(ON_LINE)]


async def test_a_small_decision_is_answered_on_the_turn_line(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db_path = tmp_path / "db.sqlite3"
    first = seeded(await start_bot(db_path), 20261121)
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    sessions = sessions_of(first)
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    # The tab sides are chosen at the same time: a row for each player, their name on its buttons;
    # a click on the other player's row is refused (and says where one's own are).
    both = turn_line(fake)
    assert both is not None
    bobs = [b for b in line_choices(both) if b["custom_id"].split(":")[4] == "1"]
    assert bobs and all(b["label"].startswith("bob: ") for b in bobs), both.buttons()
    wrong = acked(await fake.click("alice", both, bobs[0]["custom_id"]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: wrong.replies, PATIENCE, "the refusal of a click on another's row")
    assert "These buttons are bob's" in wrong.replies[0].content, wrong.replies[0].content
    # bob chooses his four, so that alice is the one left to choose and the line asks her alone.
    announcer = first.client.announcer
    for _ in range(4):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None and 1 in status.progress.decision.seats
        bob_choice = status.progress.choices[1][0].notation
        acted = await sessions.play.act(
            game_id, fake.users["bob"].id, bob_choice, expected_version=None, interaction_id=None
        )
        await announcer.after_change(game_id, acted.all_events)
    before = await sessions.reading.status(game_id)
    assert before.progress is not None and before.progress.decision.seats == [0]
    alone = f"<@{fake.users['alice'].id}> — your turn:"

    def asks_alice() -> bool:
        line = turn_line(fake)
        return line is not None and alone in line.content and bool(line_choices(line))

    await fake.wait_until(asks_alice, PATIENCE, "the line to ask alice alone, with her choices")
    # and how long she has (the game's default speed: a day in the bank), in whole hours
    asking = turn_line(fake)
    assert asking is not None
    assert re.search(r" \((1 day|2[0-3] hours) left\)$", fake.message(asking.id).content)
    seat = before.progress.decision.seats[0]
    mover, other = (players[seat], players[1 - seat])
    line = turn_line(fake)
    assert line is not None and f"<@{fake.users[mover].id}>" in line.content
    # The setup's first tab side: two choices, in words, beside Take my turn.
    offered = line_choices(line)
    labels = [c.label for c in before.progress.choices[seat]]
    assert [b["label"] for b in offered] == labels and len(offered) == 2, line.buttons()
    assert all(len(b["custom_id"]) <= 100 and len(b["label"]) <= 80 for b in offered)

    # Someone else's click: told whose turn it is, privately; nothing moves.
    refused = acked(await fake.click(other, line, offered[0]["custom_id"]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: refused.replies, PATIENCE, "the refusal")
    assert refused.replies[0].ephemeral
    assert f"It is {mover}'s turn" in refused.replies[0].content, refused.replies[0].content
    assert (await sessions.reading.status(game_id)).table.version == before.table.version

    # The player's click moves the game through the same path as the panel.
    stale_id = offered[1]["custom_id"]
    clicked = acked(await fake.click(mover, line, offered[0]["custom_id"]), DEFERRED_UPDATE)

    async def moved() -> bool:
        return (await sessions.reading.status(game_id)).table.version == before.table.version + 1

    await fake.wait_until_async(moved, PATIENCE, "the click to be applied")
    log = await sessions.reading.live_log(game_id)
    assert log and log[-1].notation == before.progress.choices[seat][0].notation
    # More of the same decision is theirs (the next tab): a private panel comes unasked, and the
    # line shows the next step's choices, drawn at the new version.
    await fake.wait_until(lambda: clicked.replies, PATIENCE, "the rest of the turn on a panel")
    assert clicked.replies[0].ephemeral and clicked.replies[0].buttons()
    version = before.table.version + 1
    line_id = line.id
    await fake.wait_until(
        lambda: (
            all(f":{version}:" in b["custom_id"] for b in line_choices(fake.message(line_id)))
            and bool(line_choices(fake.message(line_id)))
        ),
        PATIENCE,
        "the line's buttons drawn again",
    )

    # A button the game has moved past: refused, nothing changes (a client showing an old copy).
    stale = acked(await fake.press(mover, line.channel_id, stale_id), DEFERRED_UPDATE)
    await fake.wait_until(lambda: stale.replies, PATIENCE, "the stale refusal")
    assert "out of date" in stale.replies[0].content, stale.replies[0].content
    assert (await sessions.reading.status(game_id)).table.version == version

    # After a restart the line's buttons still work.
    await first.stop()
    second = await start_bot(db_path)
    line = fake.message(line.id)
    again = acked(await fake.click(mover, line, line_choices(line)[0]["custom_id"]), DEFERRED_UPDATE)

    async def moved_again() -> bool:
        return (await sessions_of(second).reading.status(game_id)).table.version == version + 1

    await fake.wait_until_async(moved_again, PATIENCE, "the click after the restart to be applied")
    assert not [m for m in again.replies if "out of date" in m.content]


def test_the_time_left_on_a_line_is_said_in_whole_hours() -> None:
    """Rounded down after a minute's grace: the line of a day-long turn that began a moment ago."""
    assert [_coarse(s) for s in (86_400, 86_399, 86_400 - 61, 3_600 * 5 + 58 * 60, 59 * 60 + 59, 30)] == [
        "1 day",
        "1 day",
        "23 hours",
        "5 hours",
        "59 minutes",
        "30 seconds",
    ]
