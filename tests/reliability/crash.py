"""Crash consistency (issue 8, part 1): SIGKILL ``python -m bot`` at random moments while scripted
players act, restart it on the same database, and check after every crash that

- SQLite's ``integrity_check`` and ``foreign_key_check`` pass;
- every acknowledged action is in the log exactly once (acknowledged = the bot edited the
  clicked message after the interaction, which it only does once the change is committed; a
  click that was merely deferred when the process died may be applied once or not at all);
- every started game's snapshot equals ``new_game(seed)`` + its live action log (the replay);
- the game continues: the first click after the restart is applied.

Shared by ``tests/reliability/test_crash.py`` (default run) and ``python -m tests.reliability.soak``.
The scripted players skip the panel and press the action's custom_id directly (``fake.press``), the
same custom_id the bot puts on the panel, so each cycle spends its time in the bot, not in the driver.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.conftest import RACE_MODULES
from tests.fakediscord import FakeDiscord
from tests.fakediscord.harness import ProcessHandle, start_bot_process
from tests.race_game import RACE

CHANNEL = "games"
PLAYERS = ("alice", "bob")
NOTATIONS = ("step 1", "step 2", "roll")


@dataclass
class CrashStats:
    cycles: int = 0
    acknowledged: int = 0  # action clicks whose success the fake recorded
    applied_unacknowledged: int = 0  # committed just before the kill, never confirmed: kept once
    lost: int = 0
    duplicated: int = 0
    games_started: int = 0
    games_checked: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


@dataclass
class CycleLog:
    """What a failing cycle needs to be reproduced: its number, the kill delay (a function of the seed and
    the cycle number alone, so ``soak --seed S --cycles N`` replays the same delays) and its timings."""

    number: int
    kill_delay: float  # seconds of play between the first confirmed click and the SIGKILL
    started: float = field(default_factory=time.monotonic)
    connected_after: float | None = None  # process start -> gateway connected, seconds
    first_click_after: float | None = None  # process start -> first click of this process confirmed
    killed_after: float | None = None  # process start -> SIGKILL
    clicks: int = 0  # interactions delivered to this process (its first click included)
    last_click_before_kill: float | None = None  # last delivery -> SIGKILL, seconds
    log_tail: str = ""

    def describe(self, seed: int) -> str:
        def ms(value: float | None) -> str:
            return "-" if value is None else f"{value * 1000:.0f} ms"

        return (
            f"cycle {self.number} (seed {seed}, kill delay {ms(self.kill_delay)}; connected after "
            f"{ms(self.connected_after)}, first click confirmed after {ms(self.first_click_after)}, "
            f"killed after {ms(self.killed_after)}, {self.clicks} clicks, last click sent "
            f"{ms(self.last_click_before_kill)} before the kill)"
        )

    def log_text(self) -> str:
        if not self.log_tail:
            return ""
        return "\n    bot log tail:\n      " + "\n      ".join(self.log_tail.splitlines())


def kill_delay(seed: int, cycle: int, max_play: float) -> float:
    """The random play time before cycle ``cycle``'s kill, independent of how earlier cycles went."""
    return random.Random(f"{seed}/{cycle}").uniform(0.0, max_play)


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=10)
    conn.row_factory = sqlite3.Row
    return conn


def open_game(path: Path, channel_id: int) -> dict[str, Any] | None:
    if not path.exists():
        return None
    with contextlib.closing(_connect(path)) as conn:
        try:
            game = conn.execute(
                "SELECT id, status, version, snapshot FROM games WHERE channel_id = ? "
                "AND status IN ('lobby', 'active')",
                (channel_id,),
            ).fetchone()
        except sqlite3.OperationalError:
            return None  # not migrated yet
        if game is None:
            return None
        seats = conn.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game["id"],)).fetchone()[0]
    return {**dict(game), "seats": seats}


def verify(path: Path, acknowledged: set[int], sent: set[int]) -> tuple[list[str], int, int]:
    """The checks after one crash; returns (failures, games replayed, unacknowledged but applied)."""
    failures: list[str] = []
    with contextlib.closing(_connect(path)) as conn:
        integrity = conn.execute("PRAGMA integrity_check").fetchall()
        if [tuple(r) for r in integrity] != [("ok",)]:
            failures.append(f"integrity_check: {[tuple(r) for r in integrity]}")
        if conn.execute("PRAGMA foreign_key_check").fetchall():
            failures.append("foreign_key_check found orphans")
        counts = {
            row[0]: row[1]
            for row in conn.execute(
                "SELECT interaction_id, COUNT(*) FROM actions WHERE interaction_id IS NOT NULL "
                "GROUP BY interaction_id"
            )
        }
        for interaction_id in acknowledged:
            n = counts.get(interaction_id, 0)
            if n != 1:
                failures.append(f"acknowledged interaction {interaction_id} is in the log {n} times")
        phantom = set(counts) - sent
        if phantom:
            failures.append(f"actions nobody sent: {sorted(phantom)}")
        extra = len(set(counts) & (sent - acknowledged))
        games = conn.execute(
            "SELECT id, seed, options, snapshot, version FROM games WHERE seed IS NOT NULL"
        ).fetchall()
        for game in games:
            rows = conn.execute(
                "SELECT seat, notation, version_after FROM actions a WHERE game_id = ? AND NOT EXISTS "
                "(SELECT 1 FROM undos u WHERE u.game_id = a.game_id AND u.seq = a.seq) ORDER BY seq",
                (game["id"],),
            ).fetchall()
            state = RACE.new_game(2, game["seed"], json.loads(game["options"]))
            for row in rows:
                state = RACE.apply(state, row["seat"], RACE.parse_action(row["notation"])).state
            if RACE.load_state(game["snapshot"]) != state:
                failures.append(f"game {game['id']}: the snapshot differs from the replay of its log")
            if rows and rows[-1]["version_after"] > game["version"]:
                failures.append(f"game {game['id']}: the log is ahead of the game's version")
    return failures, len(games), extra


class CrashRun:
    """One long-lived fake Discord, one database, many bot processes."""

    def __init__(self, fake: FakeDiscord, workdir: Path, *, seed: int = 8, max_play: float = 0.3) -> None:
        self.fake = fake
        self.workdir = workdir
        self.db_path = workdir / "crash.sqlite3"
        self.seed = seed
        self.rng = random.Random(seed)
        self.max_play = max_play
        self.stats = CrashStats()
        self.channel_id = fake.channel(CHANNEL).id
        self.current = CycleLog(number=0, kill_delay=0.0)

    async def start(self) -> ProcessHandle:
        env = {
            "DATABASE_PATH": str(self.db_path),
            "GAME_MODULES": RACE_MODULES,
            "LOG_LEVEL": "WARNING",
        }
        return await start_bot_process(self.fake, env, self.workdir / "bot.log", timeout=30)

    async def step(self, timeout: float) -> bool:
        """One scripted move of whoever must act; True once the bot confirmed it."""
        game = open_game(self.db_path, self.channel_id)
        fake = self.fake
        if game is None:
            outcome = await fake.slash(
                PLAYERS[0], CHANNEL, "game new", game="race", thread=False, players=2, timeout=timeout
            )
            await outcome.wait_response(timeout)
            self.stats.games_started += 1
            return True
        gid, version = game["id"], game["version"]
        if game["status"] == "lobby":
            if game["seats"] < 2:
                outcome = await fake.press(PLAYERS[1], CHANNEL, f"br:j:{gid}:{version}", timeout=timeout)
            else:
                outcome = await fake.press(PLAYERS[0], CHANNEL, f"br:s:{gid}:{version}", timeout=timeout)
        else:
            seat = RACE.load_state(game["snapshot"]).turn
            notation = self.rng.choice(NOTATIONS)
            custom_id = f"br:a:{gid}:{version}:{seat}:{notation}"
            outcome = await fake.press(PLAYERS[seat], CHANNEL, custom_id, timeout=timeout)
        source = outcome.record.source_message
        assert source is not None
        await fake.wait_until(lambda: source.edits > 0 or outcome.replies, timeout, "the click's result")
        return True

    async def _drive(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self.step(timeout=1.0)
            except AssertionError:
                # The process died under this click (or the click was refused as stale): go on.
                await asyncio.sleep(0.005)

    async def cycle(self) -> None:
        number = self.stats.cycles + 1
        log = self.current = CycleLog(number, kill_delay(self.seed, number, self.max_play))
        started = log.started
        try:
            handle = await self.start()
        except AssertionError as exc:
            raise AssertionError(f"{log.describe(self.seed)}: the bot did not start: {exc}") from exc
        log.connected_after = time.monotonic() - started
        try:
            # The game continues after a crash: the first click of the new process is applied.
            for attempt in range(3):
                try:
                    await self.step(timeout=5.0)
                    break
                except AssertionError as exc:
                    if attempt == 2:
                        log.log_tail = _tail(handle.output())
                        raise AssertionError(
                            f"{log.describe(self.seed)}: the first click after the restart failed: {exc}"
                            + log.log_text()
                        ) from exc
            log.first_click_after = time.monotonic() - started
            stop = asyncio.Event()
            driver = asyncio.create_task(self._drive(stop))
            await asyncio.sleep(log.kill_delay)
        finally:
            await handle.kill()  # SIGKILL: no clean shutdown of any kind
            killed = time.monotonic()
            log.killed_after = killed - started
            delivered = [r.created for r in self.fake.interactions.values() if r.created >= started]
            log.clicks = len(delivered)
            log.last_click_before_kill = killed - max(delivered) if delivered else None
        stop.set()
        driver.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await driver
        # Every action click the fake delivered, including the one the kill interrupted.
        clicks = [
            r
            for r in self.fake.interactions.values()
            if str(r.payload.get("data", {}).get("custom_id", "")).startswith("br:a:")
        ]
        sent = {r.id for r in clicks}
        acknowledged = {r.id for r in clicks if r.source_message is not None and r.source_message.edits > 0}
        failures, games, extra = verify(self.db_path, acknowledged, sent)
        if failures:
            log.log_tail = _tail(handle.output())
        stats = self.stats
        stats.cycles += 1
        stats.acknowledged = len(acknowledged)
        stats.applied_unacknowledged = extra
        stats.games_checked = games
        stats.failures.extend(f"{log.describe(self.seed)}: {f}" for f in failures)
        if failures:
            stats.failures[-1] += log.log_text()
        # Counted on this cycle's own messages: the ones kept in stats.failures carry a log tail.
        stats.lost += sum("in the log 0 times" in f for f in failures)
        stats.duplicated += sum("times" in f and "0 times" not in f for f in failures)
        stats.seconds += time.monotonic() - started


def _tail(output: str, lines: int = 15) -> str:
    return "\n".join(output.splitlines()[-lines:])
