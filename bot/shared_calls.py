"""One call awaited by several callers: the pacer's coalesced edits, the render pool's coalesced
pictures. The call runs in a task of its own; its callers wait on a future."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


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
