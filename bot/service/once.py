"""Exactly once across processes: the lease a process holds on a due job while it runs it, and the
nonce that makes a message's send idempotent.

A job (a post retry, a reminder) is claimed with a lease, its message sent, and only then marked
done. Two processes cannot hold one job at once; a holder renews its lease for as long as it works,
so a slow send on a busy host never lets a second process in. A process that dies between Discord's
answer and the record leaves the job leased until the lease runs out; the process that takes it over
sends the same message with the same nonce, and Discord (``enforce_nonce``, which discord.py sets
whenever a nonce is given) answers with the message made the first time instead of a second one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta

from bot.service.clock import Clock
from bot.storage import Database
from bot.storage.schedules import renew_leases

log = logging.getLogger(__name__)

# How long a claimed job stays with its holder without a renewal. Discord remembers a nonce for a few
# minutes, so a job taken over after its holder died is sent again well within that.
LEASE = timedelta(seconds=60)
# This process, as a lease names its holder (a restarted process is a new holder).
OWNER = f"{socket.gethostname()[:40]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
# Discord's limit on a nonce's length.
NONCE_LENGTH = 25


def lease_until(clock: Clock, lease: timedelta = LEASE) -> str:
    return (clock() + lease).isoformat()


@contextlib.asynccontextmanager
async def held(
    db: Database, job_ids: list[int], clock: Clock, *, owner: str = OWNER, lease: timedelta = LEASE
) -> AsyncIterator[None]:
    """Keep renewing this process's leases on ``job_ids`` while the body runs."""

    async def renew() -> None:
        while True:
            await asyncio.sleep(lease.total_seconds() / 3)
            try:
                async with db.transaction() as conn:
                    await renew_leases(conn, job_ids, owner, lease_until(clock, lease))
            except Exception as exc:  # the next renewal tries again; the lease has two more thirds
                log.warning("renewing the leases of jobs %s failed (%s)", job_ids, type(exc).__name__)

    task = asyncio.create_task(renew(), name="lease-renewal")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def nonce(*parts: object) -> str:
    """The nonce of one message the bot means to make once: the same parts give the same nonce in
    every process (25 characters, as Discord allows)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()
    return "b" + digest[: NONCE_LENGTH - 1]
