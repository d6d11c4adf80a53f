"""``python -m tests.transcript.after_the_game``: what comes after a game, as players see it, into
``docs/transcripts/after-the-game.md`` (``make transcript`` writes it with the games' transcripts).

alice and bob finish a seeded two-player Carnegie game (the transcript shows its last round and its
end; the whole game reads like ``carnegie-2p.md``); the final post's chart is saved beside the file
(``after-the-game-chart.png``); alice presses **Rematch**, bob **Join** and alice **Start** on the new
lobby, and they play it; both read their profiles, alice the server's leaderboard and bob his
history; then a challenge week: alice plays the week's Carnegie solo challenge (a fixed week, so the
same deal each run) and bob reads the week's board with ``/game challenge``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.service.after_game.challenge import Challenges
from bot.service.store import Store
from bot.storage import Status
from tests.transcript.journal import Entry, JournalFake
from tests.transcript.patterns import findings
from tests.transcript.play import DEFAULT_SEEDS, WAIT, Result, Table, carrying, check_fake, start_bot
from tests.transcript.write import Tally, markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"
OUT = DOCS / "after-the-game.md"
CHART = "after-the-game-chart.png"
SEED = DEFAULT_SEEDS[2]
# The challenge's week is fixed here so that every run deals the same challenge (the bot's own is
# the week of today).
WEEK_OF = datetime(2026, 11, 25, 12, tzinfo=UTC)
SHOWN_FROM = "Round 19 is over"


class ChallengeTable(Table):
    """alice at the week's solo challenge: ``/game new game:carnegie challenge:True difficulty:easy``
    starts at once (a table for one)."""

    async def open(self) -> None:
        opened = await self.type_command(
            self.players[0], "game new", game="carnegie", challenge=True, difficulty="easy"
        )
        await opened.wait_response(timeout=WAIT)
        async with self.sessions.store.db.transaction(write=False) as conn:
            row = await conn.fetchone("SELECT MAX(id) FROM games")
        assert row is not None
        self.game_id = int(row[0])
        table = (await self.sessions.reading.status(self.game_id)).table
        self.ais[0] = self.game.ai(table.game.seed or 0, "easy")
        await self.agreed()


class RematchTable(Table):
    """The rematch's table, opened and started by the clicks above: its game is the one they started."""

    async def open(self) -> None:
        for seat in range(len(self.players)):
            self.ais[seat] = self.game.ai(self.seed + seat, "easy")
        await self.agreed()


async def after_the_game(fake: JournalFake, db: Path) -> tuple[list[Entry], bytes]:
    """Play it all; returns the part of the story shown and the final post's chart (PNG)."""
    from bot.on_discord.client import BoardroomBot

    handle = await start_bot(fake, db)
    try:
        assert isinstance(handle.client, BoardroomBot)
        sessions = handle.client.sessions
        sessions.store.new_seed = lambda: SEED
        sessions.challenges = Challenges(Store(sessions.store.db, lambda: WEEK_OF, sessions.store.new_seed))
        table = Table(fake, handle, "carnegie", ["alice", "bob"], SEED, None)
        await table.open()
        await table.play()
        pictures = handle.client.announcer.pictures_after
        await asyncio.wait_for(pictures.drawn(), 120)
        await fake.wait_idle(WAIT)
        shown = next(
            i
            for i, e in enumerate(fake.entries)
            if e.kind == "post" and e.look and SHOWN_FROM in e.look.content
        )
        final = next(
            m for m in reversed(list(fake.messages.values())) if m.button_labels()[:1] == ["Rematch"]
        )
        chart = final.attachment("final-chart.png").data

        # Both players read their profiles after their first game together.
        await _read(table, "alice", "boardroom profile")
        await _read(table, "bob", "boardroom profile", versus="alice")

        # Rematch: alice asks, bob takes his seat again, alice starts.
        # found by what it carries (``ids.rematch_id``), whatever its label says
        rematch = next(b for b in final.buttons() if str(b.get("custom_id", "")).startswith("br:r:"))
        asked = await table.click("alice", final, rematch["custom_id"], str(rematch.get("label", "")))
        await asked.wait_response(timeout=WAIT)
        await fake.wait_idle(WAIT)
        status = await sessions.reading.status_in_channel(fake.games.id)
        assert status.table.game.lobby_message_id is not None
        lobby = fake.message(status.table.game.lobby_message_id)
        join = carrying(lobby, "j")
        assert join is not None
        await table.click("bob", lobby, join["custom_id"], str(join.get("label", "")))
        bob = f"<@{fake.users['bob'].id}>"
        await fake.wait_until(lambda: bob in fake.message(lobby.id).content, WAIT, "bob seated")
        lobby = fake.message(lobby.id)
        start = carrying(lobby, "s")
        assert start is not None
        await table.click("alice", lobby, start["custom_id"], str(start.get("label", "")))
        await fake.wait_until(
            lambda: "(started)" in fake.message(lobby.id).content, WAIT, "the rematch to start"
        )
        await fake.wait_idle(WAIT)
        again = RematchTable(fake, handle, "carnegie", ["alice", "bob"], SEED + 10, None)
        again.game_id = status.table.game.id
        await again.open()
        rematch_from = len(fake.entries)
        await again.play()
        await asyncio.wait_for(pictures.drawn(), 120)
        await fake.wait_idle(WAIT)
        rematch_end = next(
            i
            for i, e in enumerate(fake.entries)
            if i > rematch_from and e.kind == "post" and e.look and SHOWN_FROM in e.look.content
        )

        # Two rated games each: the server's leaderboard, alice's profile again, bob's history.
        await _read(table, "alice", "boardroom leaderboard", game="carnegie")
        await _read(table, "alice", "boardroom profile")
        await _read(table, "bob", "boardroom history")
        after_rematch = len(fake.entries)

        # A challenge week: alice plays the week's deal, bob reads the board.
        solo = ChallengeTable(fake, handle, "carnegie", ["alice"], SEED, None)
        await solo.open()
        first_turn = len(fake.entries)
        await solo.play()
        await asyncio.wait_for(pictures.drawn(), 120)
        await fake.wait_idle(WAIT)
        assert (await sessions.reading.status(solo.game_id)).table.game.status is Status.FINISHED
        board = await solo.type_command("bob", "game challenge")
        await board.wait_response(timeout=WAIT)
        await fake.wait_idle(WAIT)
    finally:
        await handle.stop()
    handle.raise_if_crashed()
    check_fake(fake)
    # The challenge game's rounds are left out up to its last summary (``carnegie-solo.md`` reads like it).
    last = max(
        i for i, e in enumerate(fake.entries) if e.kind == "post" and e.look and SHOWN_FROM in e.look.content
    )
    skipped = Entry(
        kind="act", who="alice", text="plays the challenge's rounds (left out up to the summary of round 19)"
    )
    replayed = Entry(
        kind="act", who="alice", text="and bob play the rematch (left out up to the summary of round 19)"
    )
    return _shown(
        [
            *fake.entries[shown:rematch_from],
            replayed,
            *fake.entries[rematch_end:after_rematch],
            *fake.entries[after_rematch:first_turn],
            skipped,
            *fake.entries[last:],
        ]
    ), chart


async def _read(table: Table, user: str, command: str, **options: object) -> None:
    """A command whose private answer is the story's next entry."""
    asked = await table.type_command(user, command, **options)
    await asked.wait_response(timeout=WAIT)
    await table.fake.wait_idle(WAIT)


def _shown(entries: list[Entry]) -> list[Entry]:
    """The entries without the edits of posts made before the part shown (late pictures of earlier
    rounds' summaries)."""
    posted = {e.message_id for e in entries if e.kind == "post"}
    return [e for e in entries if e.kind != "edit" or e.message_id in posted]


async def run(out: Path = OUT) -> Result:
    started = time.monotonic()
    fake = JournalFake()
    await fake.start()
    try:
        with tempfile.TemporaryDirectory(prefix="transcript-") as tmp:
            entries, chart = await after_the_game(fake, Path(tmp) / "db.sqlite3")
    finally:
        await fake.stop()
    (out.parent / CHART).write_bytes(chart)
    intro = [
        f"Carnegie, 2 players (alice, bob), seed {SEED}, then a rematch and a week's solo challenge. "
        "Written by `python -m tests.transcript.after_the_game` (`make transcript`). The players click "
        "what the game's own AI (easy) would choose, as in `carnegie-2p.md`; shown from the summary "
        f"of round 19 to the end, then what comes after the game.",
        "",
        f"The final post's chart (`final-chart.png`), saved beside this file: ![the chart]({CHART})",
        "",
        "The challenge's week is fixed to 2026-W48 here so that each run deals the same table; the bot "
        "itself deals the current ISO week's.",
    ]
    # The games' own transcripts count their clicks; here the counts would be of fragments.
    text = markdown("After the game", intro, entries, Tally(players=["alice", "bob"]), fake.plain)
    text = text.split("## Counts\n", 1)[0].rstrip() + "\n"
    out.write_text(text, encoding="utf-8")
    return Result(out, time.monotonic() - started, [], text)


def main() -> int:
    result = asyncio.run(run())
    print(f"{result.path}: {result.seconds:.0f} s; {len(findings(result.text))} pattern findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
