"""A decision of 6 to 25 public choices on the turn line as one select menu (Nipron's "take a worker",
about ten of them): the player it names moves the game with one pick there, through the same play path
as the panel; anyone else is told whose turn it is; a menu the game has moved past, or a value the bot
never wrote, is refused and changes nothing; the menu still works after the bot restarts. A decision
too long for one menu offers the panel's first level of groups there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.service.line_choices import ON_LINE, ON_MENU
from tests.e2e.carnegie_play import open_carnegie, seeded, sessions_of, turn_line
from tests.e2e.test_lobby import DEFERRED_UPDATE, acked
from tests.e2e.test_nipron import _open
from tests.fakediscord import PATIENCE, FakeDiscord, Message

ON_LINE_MENU = "br:o:"


def line_menu(message: Message) -> dict[str, Any] | None:
    return next((m for m in message.selects() if str(m.get("custom_id", "")).startswith(ON_LINE_MENU)), None)


async def _move(handle: Any, game_id: int, status: Any, seat: int, choice: int) -> None:
    """The seat's choice at ``choice`` played through the service (the panel's path), then announced."""
    sessions = sessions_of(handle)
    acted = await sessions.play.act(
        game_id,
        status.table.user_at(seat),
        status.progress.choices[seat][choice].notation,
        expected_version=None,
        interaction_id=None,
    )
    await handle.client.announcer.after_change(game_id, acted.all_events)


async def _until(
    handle: Any, game_id: int, wanted: Callable[[int], bool], choice: int, *, fresh: bool = False
) -> tuple[Any, int]:
    """Play the deciding seat's choice at ``choice`` (``_move``) until the seat has a number of choices
    ``wanted``: the status then, and that seat. ``fresh``: and a new line asks it (another seat moved
    last; such a decision of the seat that moved last is ended with Done)."""
    sessions = sessions_of(handle)
    last: int | None = None
    for _ in range(80):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        seat = status.progress.decision.seats[0]
        choices = status.progress.choices[seat]
        if wanted(len(choices)) and not (fresh and seat == last):
            return status, seat
        done = status.progress.decision.done
        ending = next((n for n, c in enumerate(choices) if c.notation == done), choice)
        await _move(handle, game_id, status, seat, ending if wanted(len(choices)) else choice)
        last = seat
    raise AssertionError("no such decision came up")


async def test_a_longer_decision_is_a_menu_on_the_turn_line(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    db_path = tmp_path / "db.sqlite3"
    first = seeded(await start_bot(db_path), 20261127)
    players = ["alice", "bob"]
    await _open(fake, players)
    sessions = sessions_of(first)
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    # Played through the service (the panel's path) until a player has a longer list to choose from.
    status, seat = await _until(first, game_id, lambda n: ON_LINE < n <= ON_MENU, -1)
    before, choices = status, status.progress.choices[seat]
    mover, other = players[seat], players[1 - seat]
    mention = f"<@{fake.users[mover].id}>"

    def menu_drawn() -> bool:
        line = turn_line(fake)
        if line is None:
            return False
        menu = line_menu(line)
        return (
            menu is not None and mention in line.content and f":{before.table.version}:" in menu["custom_id"]
        )

    await fake.wait_until(menu_drawn, PATIENCE, "the line to carry the decision as a menu")
    line = turn_line(fake)
    assert line is not None
    menu = line_menu(line)
    assert menu is not None
    # Every choice, in words, in the game's order; no button of the line's own, Take my turn beside it.
    options = menu["options"]
    assert [o["label"] for o in options] == [c.label[:100] for c in choices], options
    assert [o["value"] for o in options] == [str(n) for n in range(len(choices))]
    assert not [b for b in line.buttons() if str(b.get("custom_id", "")).startswith("br:c:")]
    assert len(menu["custom_id"]) <= 100 and len(menu.get("placeholder", "")) <= 150

    # Someone else's pick: told whose turn it is, privately; nothing moves.
    refused = acked(await fake.select(other, line, menu["custom_id"], ["0"]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: refused.replies, PATIENCE, "the refusal")
    assert refused.replies[0].ephemeral
    assert f"It is {mover}'s turn: this menu is theirs" in refused.replies[0].content, refused.replies[
        0
    ].content
    assert (await sessions.reading.status(game_id)).table.version == before.table.version
    # A value the bot never wrote (a forged payload): refused as out of date, nothing moves.
    forged = acked(
        await fake.press(mover, line.channel_id, menu["custom_id"], values=[str(ON_MENU)]), DEFERRED_UPDATE
    )
    await fake.wait_until(lambda: forged.replies, PATIENCE, "the forged value's refusal")
    assert "out of date" in forged.replies[0].content, forged.replies[0].content
    assert (await sessions.reading.status(game_id)).table.version == before.table.version

    # The player's pick moves the game through the same path as the panel.
    logged = len(await sessions.reading.live_log(game_id))
    picked = len(choices) - 1
    acked(await fake.select(mover, line, menu["custom_id"], [str(picked)]), DEFERRED_UPDATE)

    version: int = before.table.version

    async def moved() -> bool:
        return (await sessions.reading.status(game_id)).table.version > version

    await fake.wait_until_async(moved, PATIENCE, "the pick to be applied")
    log = await sessions.reading.live_log(game_id)
    assert log[logged].notation == choices[picked].notation and log[logged].seat == seat

    # The old menu, picked again (a client showing an old copy): refused, nothing changes.
    after = (await sessions.reading.status(game_id)).table.version
    stale = acked(await fake.press(mover, line.channel_id, menu["custom_id"], values=["0"]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: stale.replies, PATIENCE, "the stale refusal")
    assert "out of date" in stale.replies[0].content, stale.replies[0].content
    assert (await sessions.reading.status(game_id)).table.version == after

    # After a restart the menu on the newest line still works: played up to the next longer list.
    await first.stop()
    second = await start_bot(db_path)
    sessions = sessions_of(second)

    async def next_menu() -> bool:
        status = await sessions.reading.status(game_id)
        line = turn_line(fake)
        menu = line_menu(line) if line is not None else None
        return menu is not None and f":{status.table.version}:" in menu["custom_id"]

    for _ in range(40):
        if await next_menu():
            break
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        await _move(second, game_id, status, status.progress.decision.seats[0], -1)
        await fake.wait_idle(PATIENCE)
    else:
        raise AssertionError("no second menu came up")
    status = await sessions.reading.status(game_id)
    assert status.progress is not None
    seat = status.progress.decision.seats[0]
    line = turn_line(fake)
    assert line is not None
    menu = line_menu(line)
    assert menu is not None
    again = acked(await fake.select(players[seat], line, menu["custom_id"], ["0"]), DEFERRED_UPDATE)

    async def moved_again() -> bool:
        return (await sessions.reading.status(game_id)).table.version > status.table.version

    await fake.wait_until_async(moved_again, PATIENCE, "the pick after the restart to be applied")
    assert not [m for m in again.replies if "out of date" in m.content]


async def test_a_decision_too_long_for_a_menu_offers_its_groups_on_the_line(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Carnegie's setup moves (~100 journeys of employees), asked on a new line: the line's menu holds
    the panel's first level; a group opens the player's own panel there, privately, and plays nothing;
    a group of a line the game has moved past is refused."""
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261121)
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    sessions = sessions_of(handle)
    game_id = (await sessions.reading.status_in_channel(fake.games.id)).table.id
    status, seat = await _until(handle, game_id, lambda n: n > ON_MENU, 0, fresh=True)
    version = status.table.version
    mover, other = players[seat], players[1 - seat]

    def drawn() -> bool:
        line = turn_line(fake)
        menu = line_menu(line) if line is not None else None
        return menu is not None and f":{version}:{seat}" in menu["custom_id"]

    await fake.wait_until(drawn, PATIENCE, "the line to carry the first level of groups")
    line = turn_line(fake)
    assert line is not None
    menu = line_menu(line)
    assert menu is not None
    groups = [o for o in menu["options"] if o["value"].startswith("g")]
    assert groups and all(o["label"].endswith(" …") for o in groups), menu["options"]
    assert len(menu["options"]) <= ON_MENU

    # Someone else's pick of a group: refused, privately, and no panel of the mover's is shown.
    refused = acked(await fake.select(other, line, menu["custom_id"], [groups[0]["value"]]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: refused.replies, PATIENCE, "the refusal")
    assert f"It is {mover}'s turn: this menu is theirs" in refused.replies[0].content

    # The mover's pick: their panel, privately, at that group; nothing is played.
    opened = acked(await fake.select(mover, line, menu["custom_id"], [groups[0]["value"]]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: opened.replies, PATIENCE, "the panel at the group")
    panel = opened.replies[0]
    group = groups[0]["label"].removesuffix(" …")
    assert panel.ephemeral and f"Choosing: {group}" in panel.content, panel.content
    assert any(str(b.get("custom_id", "")).startswith("br:a:") for b in panel.buttons()), panel.buttons()
    assert (await sessions.reading.status(game_id)).table.version == version

    # A group of a line the game has moved past: refused as out of date.
    await _move(handle, game_id, await sessions.reading.status(game_id), seat, 0)
    stale = acked(
        await fake.press(mover, line.channel_id, menu["custom_id"], values=[groups[0]["value"]]),
        DEFERRED_UPDATE,
    )
    await fake.wait_until(lambda: stale.replies, PATIENCE, "the stale refusal")
    assert "out of date" in stale.replies[0].content, stale.replies[0].content
