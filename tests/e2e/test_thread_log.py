"""The thread is the game's log: once its decision is made, a turn line is edited into the moves it
led to, under the question it asked ("✓ alice built …"), with no post added and nobody pinged by the edit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.carnegie_play import TAKE_MY_TURN, open_carnegie, play_to_the_end, seeded
from tests.fakediscord import PATIENCE, FakeDiscord

# the question it asked, its mentions made names, then the moves that answered it
RETIRED = re.compile(r"\*\*Carnegie\*\* #\d+.* — (alice|bob)( (alice|bob))? — your turns?\b.*\n✓ \S")


async def test_retired_turn_lines_tell_the_moves_they_led_to(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261121)
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    await play_to_the_end(fake, handle, players, seed=2, stop_after=12)

    def lines() -> list[Any]:
        return [m for m in fake.channel_messages("games") if m.author.id == fake.bot.id and m.pinged]

    def retired() -> list[Any]:
        return [m for m in lines() if not any(b.get("label") == TAKE_MY_TURN for b in m.buttons())]

    # The last retired line's edit may still be on its way (edits are paced after the new line).
    await fake.wait_until(lambda: all(RETIRED.match(m.content) for m in retired()), PATIENCE, "retired lines")
    told = retired()
    assert len(told) >= 8, [m.content for m in lines()]
    for message in told:
        # the edit mentions nobody, so it pings nobody: the line's pings were those of its posting
        assert "<@" not in message.content and 1 <= len(message.pinged) <= len(players), message.content
    assert any("chose" in m.content for m in told), [m.content for m in told]
    live = [m for m in lines() if m not in told]
    assert len(live) == 1 and "<@" in live[0].content
