"""One call awaited by several callers: the pacer's coalesced edits, the render pool's coalesced
pictures. The call runs in a task of its own; its callers wait on a future."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

T = TypeVar("T")


def shared_future() -> asyncio.Future[Any]:
    """The future a shared call's callers wait on (shielded, so that one caller giving up does not take the
    call from the others). When every caller gave up (cancelled by a shutdown), its failure has nobody left
    to read it and asyncio would log "Future exception was never retrieved": it is read here instead, as
    its callers would have."""
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    future.add_done_callback(_read)
    return future


def _read(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


async def settle(future: asyncio.Future[T], call: Awaitable[T]) -> None:
    """Await ``call`` and hand its result, or its error, to everyone waiting on ``future``."""
    try:
        result = await call
    except BaseException as exc:
        if not future.done():
            future.set_exception(exc)
        if not isinstance(exc, Exception):
            raise  # cancelled (a shutdown): the task itself ends cancelled too
    else:
        if not future.done():
            future.set_result(result)
