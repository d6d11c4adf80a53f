"""``python -m tests.reliability.soak [--cycles N] [--seed S] [--max-play SECONDS]``: the long crash
soak. Kills ``python -m bot`` with SIGKILL N times (default 500) at random moments while scripted
players act, restarting it on the same database, and checks after every crash what
``tests/reliability/crash.py`` describes. Prints the figures; exits 1 on any failure, printing the
failing cycle's number, kill delay and timings (the same ``--seed`` gives the same kill delays)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from bot import plugins
from tests.conftest import TEST_GAME_MODULES
from tests.fakediscord import FakeDiscord
from tests.reliability.crash import CrashRun


async def soak(cycles: int, seed: int, max_play: float, workdir: Path) -> int:
    plugins.load_all(TEST_GAME_MODULES)
    fake = await FakeDiscord().start()
    run = CrashRun(fake, workdir, seed=seed, max_play=max_play)
    try:
        for n in range(1, cycles + 1):
            try:
                await run.cycle()
            except AssertionError as exc:  # the bot did not start, or its first click failed
                run.stats.failures.append(str(exc))
                run.stats.cycles += 1
                break
            if run.stats.failures:
                break
            if n % 25 == 0:
                print(f"{n} cycles, {run.stats.acknowledged} acknowledged actions, {run.stats.seconds:.0f}s")
    finally:
        await fake.stop()
    s = run.stats
    print(
        f"crash cycles survived: {s.cycles - (1 if s.failures else 0)}/{cycles}; acknowledged actions: "
        f"{s.acknowledged}; applied but unconfirmed (kept once): {s.applied_unacknowledged}; lost: {s.lost}; "
        f"duplicated: {s.duplicated}; games started: {s.games_started}; games replayed: {s.games_checked}; "
        f"{s.seconds:.0f}s; unknown routes: {len(fake.unknown_routes)}"
    )
    for failure in s.failures:
        print("FAIL", failure)
    return 1 if s.failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=500)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--max-play", type=float, default=0.3, help="longest play before a kill, seconds")
    parser.add_argument("--workdir", type=Path, default=None, help="keep the database and log here")
    args = parser.parse_args(argv)
    if args.workdir is not None:
        args.workdir.mkdir(parents=True, exist_ok=True)
        return asyncio.run(soak(args.cycles, args.seed, args.max_play, args.workdir))
    with tempfile.TemporaryDirectory(prefix="boardroom-soak-") as tmp:
        return asyncio.run(soak(args.cycles, args.seed, args.max_play, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
