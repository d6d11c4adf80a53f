"""A game's thread that Discord archived while nobody played: the bot's edits there are refused.

Discord archives a thread after its auto-archive time without "activity", which is a new message,
an unarchive or a new archive time; edits are not activity, and are refused in an archived thread
(400 / 50083 "Thread is archived"). A post reopens it by itself. A game can idle past the seven days
(vacations, the "no limit" speed, a slow group), and then its next change is often an edit only (a
player finishing their part of a simultaneous decision, a retired turn line, an abandon). The bot
opened the thread, so it may reopen it (threads.mdx §Editing & Deleting Threads): an edit refused
as archived reopens the thread and is tried once more. Reacting to the refusal, rather than asking
Discord before every edit, costs nothing while threads are open, and works after a restart, when
the bot has no list of archived threads (the gateway does not send them).

A thread a moderator locked cannot be reopened nor written in by the bot (it has no Manage Threads):
the reopening is refused with 403, which the caller hears as ``discord.Forbidden``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from bot.on_discord.pacer import Priority, pacing

log = logging.getLogger(__name__)

T = TypeVar("T")

THREAD_ARCHIVED = 50083


def archived_refusal(exc: BaseException) -> bool:
    return isinstance(exc, discord.HTTPException) and exc.code == THREAD_ARCHIVED


async def unarchiving(client: discord.Client, channel_id: int, edit: Callable[[], Awaitable[T]]) -> T:
    """``edit()``; if Discord refuses it because the thread ``channel_id`` is archived, reopen the
    thread and ``edit()`` once more."""
    try:
        return await edit()
    except discord.HTTPException as exc:
        if not archived_refusal(exc):
            raise
    log.info("thread %s was archived: reopened for an edit", channel_id)
    with pacing(Priority.TURN):
        await client.http.edit_channel(channel_id, archived=False)
    return await edit()
