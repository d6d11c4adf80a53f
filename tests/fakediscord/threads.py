"""Archived and locked threads, and the fake's own clock that archives them (and ages interaction
tokens, ``rest_callbacks.py``): ``fake.now()`` runs with real time plus whatever a test moved it by
(``await fake.advance(seconds)``); ``fake.clock`` is the same time as the bot's ``Clock`` reads it, so a
test that gives it to the bot (``bot.sessions.store.clock = fake.clock``) moves both at once.

The rules, from Discord's developer docs (topics/threads.mdx, cited TH):

- A thread archives after ``auto_archive_duration`` minutes without activity; "Activity" is "sending
  a message, unarchiving a thread, or changing the auto-archive time" (TH §Active & Archived), so
  edits do not keep a thread open. Checked whenever the fake looks at a thread and when a test moves
  the clock (which also sends THREAD_UPDATE, as Discord does; the lazy check sends nothing).
- "Users cannot edit messages, add reactions, use application commands, or join archived threads.
  The only operation that should happen within an archived thread is messages being deleted.
  Sending a message will automatically unarchive the thread, unless the thread has been locked"
  (TH §Active & Archived): an edit answers 400 / 50083 "Thread is archived" (CODES); a delete is
  allowed unless the thread is also locked ("deleting messages … will *only* be allowed in locked
  threads if that thread is also active", TH §Locked Threads).
- "Users … without the MANAGE_THREADS permission … won't be able to create or update messages in
  locked threads" (TH §Locked Threads): 403 / 50013 Missing Permissions. "Threads that have locked
  set to true can only be unarchived by a user with the MANAGE_THREADS permission" (TH §Active &
  Archived; the stricter of the two sentences TH has on it).
- Ephemeral messages are not the channel's: they neither reopen a thread nor are refused in one.
- Slash commands cannot be used in an archived thread (the driver refuses them). A click on a button
  there reaches the bot as it is: web and mobile clients first unarchive the thread for a user
  allowed to (discord-api-docs #8474), the desktop client does not; the fake models the desktop,
  so the thread stays archived until the bot posts in it. In an archived and locked thread the
  callback itself is refused with 50083 (discord-api-docs #5517, #6884).

None of these refusals is a strict-mode problem: the bot cannot know that a thread idled or that a
moderator locked it, only recover (the fake counts what it answers; tests read ``fake.requests``).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.fakediscord.model import Channel, Permission
from tests.fakediscord.rest import RestMixin
from tests.fakediscord.wire import Call, DiscordError, json_response

THREAD_ARCHIVED = 50083
MISSING_PERMISSIONS = 50013


class ThreadsMixin(RestMixin):
    """The fake's clock and its threads' archived and locked state."""

    # -- the clock ---------------------------------------------------------------------------
    def now(self) -> float:
        """The fake's time, epoch seconds: real time plus what tests moved it by."""
        return time.time() + self.clock_offset

    def clock(self) -> datetime:
        """``now`` as the bot's ``Clock`` (``bot.service.clock``) gives it."""
        return datetime.fromtimestamp(self.now(), UTC)

    async def advance(self, seconds: float) -> list[Channel]:
        """Move the fake's clock on (days of idling in a second): threads idle past their archive
        time archive, with THREAD_UPDATE, and interaction tokens age. Returns the threads archived."""
        if seconds < 0:
            raise ValueError("the fake's clock only moves forward")
        self.clock_offset += seconds
        archived = self._archive_idle_threads()
        for thread in archived:
            await self._thread_update(thread)
        self.bump()
        return archived

    # -- drivers: what a moderator (or Discord) does to a thread --------------------------------
    async def archive(self, thread: Channel | str | int) -> Channel:
        return await self._set_thread(thread, archived=True)

    async def unarchive(self, thread: Channel | str | int) -> Channel:
        return await self._set_thread(thread, archived=False)

    async def lock(self, thread: Channel | str | int, *, archive: bool = False) -> Channel:
        """A moderator locks the thread (and with ``archive``, closes it too, as "Close and lock")."""
        return await self._set_thread(thread, locked=True, archived=True if archive else None)

    async def unlock(self, thread: Channel | str | int) -> Channel:
        return await self._set_thread(thread, locked=False)

    async def _set_thread(
        self, thread: Channel | str | int, *, archived: bool | None = None, locked: bool | None = None
    ) -> Channel:
        where = self._channel(thread)
        if not where.is_thread:
            raise AssertionError(f"#{where.name} is not a thread")
        self._archive_idle_threads()
        if locked is not None:
            where.locked = locked
        if archived is not None and archived != where.archived:
            self._set_archived(where, archived)
        await self._thread_update(where)
        self.bump()
        return where

    # -- state ---------------------------------------------------------------------------------
    def _set_archived(self, thread: Channel, archived: bool) -> None:
        thread.archived = archived
        thread.archive_changed = self.now()
        if not archived:
            thread.last_activity = thread.archive_changed  # unarchiving is activity (TH)

    def _archive_idle_threads(self) -> list[Channel]:
        now = self.now()
        idle = [
            c
            for c in self.channels.values()
            if c.is_thread and not c.archived and now - c.last_activity >= c.auto_archive_duration * 60
        ]
        for thread in idle:
            self._set_archived(thread, True)
        return idle

    async def _thread_update(self, thread: Channel) -> None:
        if self.gateway.current is not None:
            await self.gateway.dispatch("THREAD_UPDATE", thread.payload())

    def _manages_threads(self, thread: Channel) -> bool:
        assert thread.guild_id is not None
        have = self.guilds[thread.guild_id].permissions_in(thread, self.bot.id)
        return bool(have & Permission.MANAGE_THREADS)

    # -- the checks every message route makes ----------------------------------------------------
    async def _thread_allows_post(self, channel: Channel) -> None:
        """A new (non-ephemeral) message in ``channel``: refused in a locked thread, and otherwise
        reopens an archived one (TH §Active & Archived) and counts as its activity."""
        if not channel.is_thread:
            return
        self._archive_idle_threads()
        if channel.locked and not self._manages_threads(channel):
            raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")
        if channel.archived:
            self._set_archived(channel, False)
            await self._thread_update(channel)
        channel.last_activity = self.now()

    def _thread_allows_change(self, channel: Channel, *, deleting: bool = False) -> None:
        """An edit (or with ``deleting``, a delete) of a message in ``channel``: no edit in an archived
        thread, no delete in an archived and locked one, neither in a locked one without Manage
        Threads unless it is a delete in an active thread (TH §Locked Threads)."""
        if not channel.is_thread:
            return
        self._archive_idle_threads()
        if channel.archived and (not deleting or channel.locked):
            raise DiscordError(400, THREAD_ARCHIVED, "Thread is archived")
        if channel.locked and not deleting and not self._manages_threads(channel):
            raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")

    def _thread_archived(self, channel: Channel) -> bool:
        if not channel.is_thread:
            return False
        self._archive_idle_threads()
        return channel.archived

    # -- the route -----------------------------------------------------------------------------
    def _install_thread_routes(self) -> None:
        """Modify Channel, for what the bot may change of a thread (CH §Modify Channel, TH §Editing &
        Deleting Threads)."""
        r = self.route

        @r("PATCH", "/channels/{channel_id}")
        async def modify_channel(call: Call) -> web.StreamResponse:
            channel = self.channels.get(int(call.params["channel_id"]))
            if channel is None:
                raise DiscordError(404, 10003, "Unknown Channel")
            payload: dict[str, Any] = call.payload or {}
            if not channel.is_thread:
                assert channel.guild_id is not None
                needed = Permission.VIEW_CHANNEL | Permission.MANAGE_CHANNELS
                if self.guilds[channel.guild_id].permissions_in(channel, self.bot.id) & needed != needed:
                    self.problem(f"bot lacks permissions for editing #{channel.name}")
                    raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")
                if "name" in payload:
                    channel.name = str(payload["name"])
                return json_response(channel.payload())
            self._archive_idle_threads()
            manages = self._manages_threads(channel)
            owns = channel.owner_id == self.bot.id
            if "locked" in payload and not manages:
                raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")
            if ({"name", "auto_archive_duration"} & payload.keys() or payload.get("archived")) and not (
                manages or owns
            ):
                raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")
            if payload.get("archived") is False and channel.archived and channel.locked and not manages:
                raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")
            if "auto_archive_duration" in payload:
                duration = payload["auto_archive_duration"]
                if duration not in (60, 1440, 4320, 10080):
                    self._reject(str(call.record.route), [f"auto_archive_duration: {duration!r}"])
                channel.auto_archive_duration = int(duration)
                channel.last_activity = self.now()  # a new archive time is activity (TH)
            if "name" in payload:
                channel.name = str(payload["name"])
            if "locked" in payload:
                channel.locked = bool(payload["locked"])
            if "archived" in payload and bool(payload["archived"]) != channel.archived:
                self._set_archived(channel, bool(payload["archived"]))
            await self._thread_update(channel)
            return json_response(channel.payload())
