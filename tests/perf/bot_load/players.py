"""The simulated players of the load benchmark: each game is opened through Discord (``/game new``,
**Join**, **Start**), then its players act from the public turn line (**Take my turn**), clicking a
legal button or menu option until the panel says the part is done."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import Message
from tests.fakediscord.model import User
from tests.fakediscord.outcome import InteractionNotAcknowledged
from tests.perf.bot_load.fake import TAKE_MY_TURN, WAIT, LoadFake

MENTION = re.compile(r"<@!?(\d+)>")

log = logging.getLogger(__name__)


@dataclass
class Table:
    channel: Any
    users: dict[int, User]
    rnd: random.Random
    panel_ms: list[tuple[float, float]] = field(default_factory=list)  # (click created, ms to the redraw)
    errors: int = 0
    decisions: int = 0
    think: float = 0.0  # mean seconds a player looks at the panel before each click


def pick(panel: Message, rnd: random.Random) -> tuple[str, str | None]:
    buttons = [b for b in panel.buttons() if b["custom_id"].startswith(("br:a:", "br:i:"))]
    done = [b for b in buttons if b["custom_id"].endswith(":done")]
    if done and rnd.random() < 0.75:
        return done[0]["custom_id"], None
    options: list[tuple[str, str | None]] = [(b["custom_id"], None) for b in buttons]
    for menu in panel.selects():
        options += [(menu["custom_id"], o["value"]) for o in menu["options"]]
    return options[rnd.randrange(len(options))]


async def open_game(fake: LoadFake, table: Table) -> None:
    host, guest = list(table.users.values())
    cid = table.channel.id
    out = await fake.slash(
        host, table.channel, "game new", game="carnegie", thread=False, players=2, timeout=WAIT
    )
    lobby = out.record.original
    assert lobby is not None
    await fake.wait_for_change("msg", lobby.id, lambda: not fake.message(lobby.id).loading)
    edits = fake.message(lobby.id).edits
    await fake.click_button(guest, fake.message(lobby.id), "Join", timeout=WAIT)
    await fake.wait_for_change("msg", lobby.id, lambda: fake.message(lobby.id).edits > edits)
    await fake.click_button(host, fake.message(lobby.id), "Start", timeout=WAIT)
    await fake.wait_for_change("chan", cid, lambda: cid in fake.turn_lines)


async def play(fake: LoadFake, table: Table, stop: asyncio.Event) -> None:
    cid = table.channel.id
    while not stop.is_set() and cid not in fake.finished:
        line = fake.turn_lines[cid]
        line = fake.message(line.id)
        if not line.buttons():
            # Retired: a newer line is coming (or the game is over).
            with contextlib.suppress(TimeoutError):
                await fake.wait_for_change("chan", cid, lambda old=line: fake.turn_lines[cid] is not old, 5)
            continue
        acted = False
        for uid in [int(u) for u in MENTION.findall(line.content)]:
            user = table.users.get(uid)
            if user is None or stop.is_set():
                continue
            try:
                acted = await take_turn(fake, table, user, line) or acted
            except (TimeoutError, InteractionNotAcknowledged, AssertionError, KeyError) as exc:
                table.errors += 1
                log.warning("game in #%s: %s", table.channel.name, exc)
                await asyncio.sleep(0.2)
        if not acted:
            edits = line.edits
            with contextlib.suppress(TimeoutError):
                await fake.wait_for_change(
                    "chan",
                    cid,
                    lambda old=line, e=edits: (
                        fake.turn_lines[cid] is not old or fake.message(old.id).edits > e
                    ),
                    5,
                )


async def take_turn(fake: LoadFake, table: Table, user: User, line: Message) -> bool:
    opened = await fake.click(user, line, line.button(TAKE_MY_TURN)["custom_id"], timeout=WAIT)
    panel_msg = opened.record.original
    assert panel_msg is not None
    pid = panel_msg.id
    await fake.wait_for_change("msg", pid, lambda: not fake.message(pid).loading)
    panel = fake.message(pid)
    if not panel.iter_components():
        return False
    table.decisions += 1
    while panel.iter_components():
        if table.think:
            await asyncio.sleep(table.think * (0.5 + table.rnd.random()))
        custom_id, value = pick(panel, table.rnd)
        edits = panel.edits
        if value is None:
            out = await fake.click(user, panel, custom_id, timeout=WAIT)
        else:
            out = await fake.select(user, panel, custom_id, [value], timeout=WAIT)
        await fake.wait_for_change(
            "msg",
            pid,
            lambda e=edits, o=out: fake.message(pid).edits > e or bool(o.replies),
        )
        if out.replies:
            table.errors += 1  # refused (stale, not your turn…): back to the turn line
            return True
        table.panel_ms.append((out.record.created, (fake.edited_at[pid] - out.record.created) * 1000))
        panel = fake.message(pid)
    return True
