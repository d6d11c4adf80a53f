"""``make scale-demo``: PostgreSQL and two bot processes on shards 0 and 1 of the same application, on
this machine, for trying "Scaling out" (README) before running it for real.

The server is the one the dev extra installs (``tests/postgres.py``), with its data kept in
``data/postgres`` (a second run finds the games of the first) and PostgreSQL's default durability;
it listens on a Unix socket in that directory only. The two processes read ``.env`` like ``make
run`` (DISCORD_TOKEN and the rest) with DATABASE_URL, SHARD_COUNT=2 and SHARD_IDS set here. Ctrl-C
stops both processes (as SIGINT stops ``make run``) and then the server.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.postgres import LocalPostgres

DATA = Path("data") / "postgres"
DATABASE = "boardroom"
SHARDS = 2


def main() -> int:
    server = LocalPostgres(durable=True, directory=DATA.resolve()).start()
    processes: list[subprocess.Popen[bytes]] = []
    try:
        with contextlib.suppress(subprocess.CalledProcessError):  # it exists after the first run
            server.create_database(DATABASE)
        url = server.url(DATABASE)
        print(f"PostgreSQL: {url}")
        print(f"Back it up: {server.bin / 'pg_dump'} --format=custom --file=boardroom.dump '{url}'")
        for shard in range(SHARDS):
            env = {**os.environ, "DATABASE_URL": url, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard)}
            processes.append(subprocess.Popen([sys.executable, "-m", "bot"], env=env))
            print(f"shard {shard}: python -m bot, pid {processes[-1].pid}")
        codes = [p.wait() for p in processes]
        return max(codes)
    except KeyboardInterrupt:
        for process in processes:
            process.send_signal(signal.SIGINT)
        for process in processes:
            process.wait()
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
