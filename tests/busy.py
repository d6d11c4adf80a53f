"""A busy machine on demand: ``python -m tests.busy [--hogs N] [--times K] -- command …`` runs the
command (K times in a row, stopping at the first failure) beside N processes that spin on a CPU each,
as on the shared hosts where players run the bot and CI runs the suite. Exits with the command's
status. ``make test-busy`` and ``make shards-busy`` use it."""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time


def _spin() -> None:
    while True:
        pass


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.busy")
    parser.add_argument("--hogs", type=int, default=2, help="processes spinning beside the command")
    parser.add_argument("--times", type=int, default=1, help="run the command this many times")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run")
    hogs = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(args.hogs)]
    for hog in hogs:
        hog.start()
    status = 0
    try:
        for run in range(1, args.times + 1):
            started = time.monotonic()
            status = subprocess.call(command)
            with open("/proc/loadavg") as load:
                average = load.read().split()[0]
            took = time.monotonic() - started
            print(f"busy run {run}/{args.times}: exit {status} in {took:.0f} s (load {average})", flush=True)
            if status != 0:
                break
    finally:
        for hog in hogs:
            hog.terminate()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
