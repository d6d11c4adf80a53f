"""Nipron on Discord (issue 15), end to end through the real discord.py client: ``/game new
game:nipron``, Join, Start, every decision taken from the turn line's private panel by clicking,
a summary with the board picture at every scoring, the final ranked result with the board, and
the look-ups answered by Nipron's guide and pictures."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.storage import Status
from engine.nipron import GAME
from tests.e2e.test_carnegie import Played, check_image, seeded, sessions_of, take_turn
from tests.e2e.test_lobby import DEFERRED_MESSAGE, DEFERRED_UPDATE, acked, seated
from tests.fakediscord import FakeDiscord


async def test_a_complete_two_player_nipron_game(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261125)
    outcome = acked(
        await fake.slash("alice", "games", "game new", game="nipron", players=2), DEFERRED_MESSAGE
    )
    lobby = await outcome.wait_response()
    acked(await fake.click_button("bob", lobby, "Join"), DEFERRED_UPDATE)
    await seated(fake, lobby, "bob")
    acked(await fake.click_button("alice", fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
    sessions = sessions_of(handle)
    status = await sessions.status_in_channel(fake.games.id)
    users = {fake.users[name].id: name for name in ("alice", "bob")}

    # Looking around, privately: the rules topics, the board picture and one's own player board.
    topics = acked(await fake.autocomplete("bob", "games", "game rules", focused="topic", value=""))
    assert topics.choices and all("§" not in c["name"] for c in topics.choices)
    board = await acked(await fake.slash("bob", "games", "game board"), DEFERRED_MESSAGE).wait_response(
        timeout=30
    )
    check_image(board)
    mine = await acked(await fake.slash("bob", "games", "game player"), DEFERRED_MESSAGE).wait_response(
        timeout=30
    )
    check_image(mine)

    rng = random.Random(5)
    played = Played()
    for _ in range(3000):
        if not await take_turn(fake, sessions, status.table.id, users, rng, played):
            break
    else:
        raise AssertionError("the game did not end")
    final_status = await sessions.status_in_channel(fake.games.id, include_ended=True)
    assert final_status.table.game.status is Status.FINISHED
    replayed = await sessions.replay(status.table.id)
    assert GAME.dump_state(replayed) == GAME.dump_state(await sessions.load(status.table.id))
    public = [m for m in fake.channel_messages("games") if m.author.id == fake.bot.id]
    final = public[-1]
    assert "game over" in final.content and "1. <@" in final.content
    check_image(final)
    summaries = [
        m for m in public if m.content.startswith("**Nipron — ") and "Provisional score" in m.content
    ]
    titles = [m.content.split("\n")[0] for m in summaries]
    assert titles == [
        "**Nipron — Scoring 1 is done.**",
        "**Nipron — Scoring 2 is done.**",
        "**Nipron — The final turns begin.**",
        "**Nipron — Scoring 3 is done.**",
    ], titles
    for message in summaries:
        check_image(message)
        assert "**Provisional score**" in message.content
    assert played.decisions > 40
