"""Carnegie end to end, one panel at a time: a player's Undo, and two players deciding at the same
time from their own panels."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.e2e.carnegie_play import (
    FOLLOWUP,
    POST_MESSAGE,
    TAKE_MY_TURN,
    Played,
    choice_ids,
    open_carnegie,
    press,
    seeded,
    sessions_of,
    take_turn,
    turn_line,
)
from tests.e2e.test_lobby import DEFERRED_MESSAGE, DEFERRED_UPDATE, acked, private_reply
from tests.fakediscord import PATIENCE, FakeDiscord


async def test_undo_reverts_the_players_own_step(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261124)
    sessions = sessions_of(handle)
    await open_carnegie(fake, ["alice", "bob"], tab_sides="random")
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    # Play through Housing and reservations until someone has setup moves to make.
    users = {fake.users[n].id: n for n in ("alice", "bob")}
    rng = random.Random(9)
    for _ in range(10):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        if status.progress.decision.kind == "setup_moves":
            break
        await take_turn(fake, sessions, game_id, users, rng, Played())
    status = await sessions.reading.status(game_id)
    assert status.progress is not None and status.progress.decision.kind == "setup_moves"
    seat = next(s for s in status.progress.decision.seats if s not in status.table.ai_seats)
    user = users[status.table.user_at(seat) or 0]
    line = turn_line(fake)
    assert line is not None
    panel = await acked(await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE).wait_response()
    assert "Undo" not in panel.button_labels()
    move = next(
        (b["custom_id"] for b in panel.buttons() if ":move " in b["custom_id"]),
        None,
    )
    if move is None:  # many moves come in steps: first the department or Lobby left
        group = next(b for b in panel.buttons() if b["custom_id"].startswith("br:g:"))
        panel = await press(fake, user, panel, group["custom_id"], None)
        move = next(b["custom_id"] for b in panel.buttons() if ":move " in b["custom_id"])
    acked(await fake.click(user, fake.message(panel.id), move), DEFERRED_UPDATE)
    await fake.wait_until(
        lambda: "Undo" in fake.message(panel.id).button_labels(), PATIENCE, "an Undo button"
    )
    # Someone else cannot press it.
    other = "bob" if user == "alice" else "alice"
    refused = acked(await fake.click_button(other, fake.message(panel.id), "Undo"), DEFERRED_UPDATE)
    assert (await private_reply(refused)).content == "These choices are for another player."
    undone = acked(await fake.click_button(user, fake.message(panel.id), "Undo"), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.message(panel.id).content.startswith("Undone."), PATIENCE, "the undo")
    # A second delivery of the same click undoes nothing more.
    await fake.redeliver(undone)
    after = await sessions.reading.status(game_id)
    assert after.table.game.snapshot == status.table.game.snapshot
    assert after.table.version == status.table.version + 2
    assert "Undo" not in fake.message(panel.id).button_labels()
    assert await sessions.reading.replay(game_id) == await sessions.reading.load(game_id)


async def test_players_activate_at_the_same_time(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Setup step 12 / R5.5.1: one line mentions both players; each opens a panel; the first to
    finish does not make the other's panel stale, and the line is edited (no new ping)."""
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 77)
    sessions = sessions_of(handle)
    await open_carnegie(fake, ["alice", "bob"], tab_sides="random")
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    users = {fake.users[n].id: n for n in ("alice", "bob")}
    for _ in range(20):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        if status.progress.decision.kind == "setup_activate":
            break
        user = users[status.table.user_at(status.progress.decision.seats[0]) or 0]
        line = turn_line(fake)
        assert line is not None
        panel = await acked(
            await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE
        ).wait_response()
        moved: list[str] = []  # a few Lobby employees into different departments, then done
        while panel.iter_components():
            now = (await sessions.reading.status(game_id)).progress
            if now is not None and now.decision.kind == "setup_activate":
                break  # both players decide that one, each from their own panel below
            choices = choice_ids(panel)
            lobby = next((c for c in choices if c[0] == "From the Lobby …"), None)
            if lobby is not None and len(moved) < 3:  # the Lobby's moves behind their group
                panel = await press(fake, user, panel, lobby[1], None)
                choices = choice_ids(panel)
            into = [
                c
                for c in choices
                if c[0].startswith("Move an employee: Lobby →") and "empty" not in c[0] and c[0] not in moved
            ]
            done = [c for c in choices if c[1].endswith(":done")]
            label, custom_id, value = into[0] if into and len(moved) < 3 else (done or choices)[0]
            if into and len(moved) < 3:
                moved.append(label)
            panel = await press(fake, user, panel, custom_id, value)
    status = await sessions.reading.status(game_id)
    assert status.progress is not None and status.progress.decision.seats == [0, 1]
    # The clicker's panel goes out beside the new turn line, not after it: wait for the line.
    line = await fake.wait_until(
        lambda: (new := turn_line(fake)) is not None and "at the same time" in new.content and new,
        PATIENCE,
        "the turn line of the players deciding at the same time",
    )
    assert all(f"<@{fake.users[n].id}>" in line.content for n in ("alice", "bob"))
    # Only the player new to the decision is pinged: the last to finish setting up had a line already.
    # Posted as the click's public follow-up, or in the channel.
    sent = fake.requests_to(POST_MESSAGE) + fake.requests_to(FOLLOWUP)
    sent.sort(key=lambda r: r.started)
    posted = [r for r in sent if r.json and r.json.get("content") == line.content]
    newcomer = next(i for i, name in users.items() if name != user)
    assert [int(u) for u in posted[-1].json["allowed_mentions"]["users"]] == [newcomer]
    panels = {
        name: await acked(await fake.click_button(name, line, TAKE_MY_TURN), DEFERRED_MESSAGE).wait_response()
        for name in ("alice", "bob")
    }
    for name in ("alice", "bob"):
        assert any(label.startswith("Activate") for label, _, _ in choice_ids(panels[name]))
    lines_before = len([m for m in fake.channel_messages("games") if "your turn" in m.content])
    alice_done = next(c for c in choice_ids(panels["alice"]) if c[1].endswith(":done"))
    after = await press(fake, "alice", panels["alice"], alice_done[1], alice_done[2])
    assert after.buttons() == [] and "Your part is done" in after.content
    alice_mention = f"<@{fake.users['alice'].id}>"
    await fake.wait_for_update(line, lambda m: alice_mention not in m.content, what="the line without Alice")
    await fake.settle()  # negative check: the line is edited, and no new turn line (no ping) follows
    edited = fake.message(line.id)
    assert (
        f"<@{fake.users['alice'].id}>" not in edited.content
        and f"<@{fake.users['bob'].id}>" in edited.content
    )
    assert len([m for m in fake.channel_messages("games") if "your turn" in m.content]) == lines_before
    # Bob's panel was drawn before Alice finished: it still works.
    _, custom_id, value = next(c for c in choice_ids(panels["bob"]) if c[0].startswith("Activate"))
    version = (await sessions.reading.status(game_id)).table.version
    bob = await press(fake, "bob", panels["bob"], custom_id, value)
    assert bob.content.startswith("✓ Activate an employee in")
    assert (await sessions.reading.status(game_id)).table.version == version + 1
