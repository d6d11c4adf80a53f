"""Messages as Discord stores them (create, edit, delete, attachments, MESSAGE_* events) and the
``/channels/...`` routes the bot posts, reads, edits and deletes them with."""

from __future__ import annotations

import mimetypes
import re
import time
from typing import Any

from aiohttp import web

from tests.fakediscord import validation
from tests.fakediscord.gateway import GUILD_MESSAGES
from tests.fakediscord.messages import EPHEMERAL, LOADING, Attachment, Message
from tests.fakediscord.model import Channel, Permission, User, iso_now, snowflake
from tests.fakediscord.outcome import APPLICATION_COMMAND, FakeInteraction
from tests.fakediscord.threads import ThreadsMixin
from tests.fakediscord.wire import DEFAULT_UPLOAD_LIMIT, Call, DiscordError, json_response, no_content

# Discord remembers a nonce "in the past few minutes"; read as two, the least that phrase promises.
NONCE_MEMORY = 120.0
# CODES 30015 "Maximum number of attachments in a message reached (10)"; MSG §Create Message
# Limitations: "The maximum request size when sending a message is 25 MiB".
MAX_ATTACHMENTS = 10
MAX_REQUEST_SIZE = 25 * 1024 * 1024
USER_MENTION = re.compile(r"<@!?(\d+)>")


class MessagesMixin(ThreadsMixin):
    """Shared by channel routes, interaction callbacks and webhooks (followups, ``@original``)."""

    def _upload_limit(self, interaction: FakeInteraction | None) -> int:
        if interaction is not None:
            return int(interaction.payload.get("attachment_size_limit", DEFAULT_UPLOAD_LIMIT))
        return DEFAULT_UPLOAD_LIMIT

    def _check_files(self, call: Call, limit: int) -> None:
        for attachment in call.files.values():
            if attachment.size > limit:
                self.problem(
                    f"{call.record.route}: {attachment.filename} is {attachment.size} bytes > {limit}"
                )
                raise DiscordError(413, 40005, "Request entity too large")
        total = sum(a.size for a in call.files.values())
        if total > MAX_REQUEST_SIZE:
            self.problem(f"{call.record.route}: {total} bytes of files in one request > 25 MiB")
            raise DiscordError(413, 40005, "Request entity too large")

    def _check_attachment_count(self, call: Call, attachments: list[Attachment]) -> None:
        if len(attachments) > MAX_ATTACHMENTS:
            self.problem(f"{call.record.route}: {len(attachments)} attachments on one message > 10")
            raise DiscordError(400, 30015, "Maximum number of attachments in a message reached (10)")

    def _attachments_for(self, call: Call, existing: list[Attachment], *, editing: bool) -> list[Attachment]:
        payload = call.payload or {}
        uploads = dict(call.files)
        if "attachments" not in payload:
            return [*existing, *uploads.values()] if editing else list(uploads.values())
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = []
        for entry in payload["attachments"] or []:
            ref = int(entry["id"])
            if ref in uploads:
                attachment = uploads.pop(ref)
                if entry.get("filename"):
                    attachment.filename = entry["filename"]
                    attachment.content_type = mimetypes.guess_type(attachment.filename)[0]
                attachment.description = entry.get("description")
                result.append(attachment)
            elif ref in by_id:
                result.append(by_id[ref])
            else:
                self._reject(str(call.record.route), [f"attachments: unknown attachment id {ref}"])
        if editing and uploads:
            # MSG §Edit Message: "Starting with API v10, the attachments array must contain all
            # attachments that should be present after edit, including retained and new attachments
            # provided in the request body"; a file sent but not listed is not on the message.
            names = sorted(a.filename for a in uploads.values())
            self.problem(f"{call.record.route}: uploaded {names} but left them out of attachments")
            return result
        return result + list(uploads.values())

    async def _create_message(
        self,
        call: Call,
        channel: Channel,
        *,
        interaction: FakeInteraction | None = None,
        extra_flags: int = 0,
        validate: bool = True,
    ) -> Message:
        payload = call.payload or {}
        if validate:
            self._reject(
                str(call.record.route),
                validation.message_errors(payload, creating=True, has_files=bool(call.files)),
            )
        self._check_files(call, self._upload_limit(interaction))
        nonce = payload.get("nonce")
        made = self._nonced(str(nonce)) if nonce is not None and payload.get("enforce_nonce") else None
        if made is not None:
            return made
        allowed = EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15)  # ephemeral, suppress embeds/notifications, v2
        flags = (int(payload.get("flags") or 0) & allowed) | extra_flags
        if interaction is None:
            flags &= ~EPHEMERAL
        if not flags & EPHEMERAL:
            await self._thread_allows_post(channel)
        message = Message(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self._attachments_for(call, [], editing=False),
            flags=flags,
        )
        self._check_attachment_count(call, message.attachments)
        if interaction is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_id = interaction.id
            message.interaction_user = interaction.user
            message.type = 20 if interaction.type == APPLICATION_COMMAND else 0
        self._apply_mentions(message, payload, webhook=interaction is not None)
        message.snapshot()
        self.messages[message.id] = message
        if nonce is not None and payload.get("enforce_nonce"):
            self.nonces[(self.bot.id, str(nonce))] = (message.id, time.monotonic())
        if not message.ephemeral and self.message_events:
            await self.gateway.dispatch("MESSAGE_CREATE", self._message_event(message), intent=GUILD_MESSAGES)
        return message

    def _apply_mentions(self, message: Message, payload: dict[str, Any], *, webhook: bool) -> None:
        """The users a message mentions, as Discord rebuilds ``mentions`` from the content (and v2 text)
        under ``allowed_mentions`` (MSG §Allowed Mentions Object); a create or edit without it parses
        with the defaults: every type in regular messages, users only in interactions and webhooks
        (an edit's defaults too, MSG §Edit Message). Who is notified is what it mentions when it is
        posted (``Message.pinged``): an edit changes ``mentions`` but pings nobody, except the edit
        that fills a deferred "thinking…" message, which is its sending."""
        allowed = payload.get("allowed_mentions")
        if allowed is None:
            allowed = {"parse": ["users"] if webhook else ["users", "roles", "everyone"]}
        listed = {int(u) for u in allowed.get("users") or []}
        everyone_parsed = "users" in (allowed.get("parse") or [])
        known = {u.id: u for u in [*self.users.values(), self.bot]}
        mentioned: list[User] = []
        for match in USER_MENTION.finditer(message.mention_text()):
            user = known.get(int(match.group(1)))
            if user is not None and (everyone_parsed or user.id in listed) and user not in mentioned:
                mentioned.append(user)
        reference = payload.get("message_reference") or {}
        replied = self.messages.get(int(reference.get("message_id") or 0))
        # A reply pings its author when allowed_mentions says replied_user (by default without it).
        pings_author = allowed.get("replied_user", "allowed_mentions" not in payload)
        if replied is not None and pings_author and replied.author.id != self.bot.id:
            mentioned += [] if replied.author in mentioned else [replied.author]
        message.mentions = mentioned
        if not message.loading and message.notified is None:
            message.notified = [] if message.ephemeral else list(mentioned)

    def _nonced(self, nonce: str) -> Message | None:
        """The message the bot made with this nonce in the last few minutes, which Discord returns
        instead of making a second one when ``enforce_nonce`` is set (Create Message)."""
        found = self.nonces.get((self.bot.id, nonce))
        if found is None or time.monotonic() - found[1] > NONCE_MEMORY:
            return None
        return self.messages.get(found[0])

    def _message_event(self, message: Message) -> dict[str, Any]:
        data = message.payload()
        if message.guild_id is not None:
            member = self.guilds[message.guild_id].members.get(message.author.id)
            if member is not None and message.webhook_id is None:
                data["member"] = {k: v for k, v in member.payload().items() if k != "user"}
        return data

    async def _edit_message(
        self, call: Call, message: Message, *, interaction: FakeInteraction | None
    ) -> Message:
        payload = call.payload or {}
        self._reject(
            str(call.record.route), validation.message_errors(payload, creating=False, has_files=False)
        )
        if not message.ephemeral:
            self._thread_allows_change(self.channels[message.channel_id])
        self._check_files(call, self._upload_limit(interaction))
        if "content" in payload:
            message.content = str(payload["content"] or "")
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "attachments" in payload or call.files:
            attachments = self._attachments_for(call, message.attachments, editing=True)
            self._check_attachment_count(call, attachments)
            message.attachments = attachments
        if "flags" in payload and payload["flags"] is not None:
            # Ephemerality cannot change after sending; only the v2 and suppress-embeds bits can.
            mutable = (1 << 2) | (1 << 15)
            message.flags = (message.flags & ~mutable) | (int(payload["flags"]) & mutable)
        filling = message.loading
        message.flags &= ~LOADING
        if "content" in payload or "components" in payload or filling:
            self._apply_mentions(message, payload, webhook=interaction is not None)
        message.edited_timestamp = iso_now()
        message.snapshot()
        if not message.ephemeral and self.message_events:
            await self.gateway.dispatch("MESSAGE_UPDATE", self._message_event(message), intent=GUILD_MESSAGES)
        return message

    async def delete_by_moderator(self, message: Message) -> None:
        """A member allowed to manage messages deletes one (the bot's, say): gone as the bot deleting it."""
        await self._delete_message(message)

    async def _delete_message(self, message: Message) -> None:
        if not message.ephemeral and message.channel_id in self.channels:
            self._thread_allows_change(self.channels[message.channel_id], deleting=True)
        message.deleted = True
        if not message.ephemeral and self.message_events:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=GUILD_MESSAGES)

    def _channel_param(self, call: Call) -> Channel:
        channel = self.channels.get(int(call.params["channel_id"]))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _message_param(self, call: Call, channel: Channel) -> Message:
        message = self.messages.get(int(call.params["message_id"]))
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    def _require(self, channel: Channel, needed: int, what: str) -> None:
        """Permissions (topic): a channel the bot cannot view answers 50001 Missing Access, whatever
        the route; a missing permission beyond that, 50013 Missing Permissions. A guild the bot was
        removed from answers 50001 too (it learns of it by GUILD_DELETE, so this is no bot fault)."""
        if channel.guild_id is None:
            if any(not u.dms_open for u in channel.recipients) and needed & Permission.SEND_MESSAGES:
                # Opcodes and Status Codes: 50007 "Cannot send messages to this user".
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return
        guild = self.guilds[channel.guild_id]
        if guild.bot_removed:
            raise DiscordError(403, 50001, "Missing Access")
        have = guild.permissions_in(channel, self.bot.id)
        if have & needed != needed:
            self.problem(f"bot lacks permissions for {what} in #{channel.name}")
            if not have & Permission.VIEW_CHANNEL:
                raise DiscordError(403, 50001, "Missing Access")
            raise DiscordError(403, 50013, "Missing Permissions")

    def _check_reference(self, call: Call, channel: Channel) -> None:
        """Create Message, "Limitations" of a reply: it "Requires the READ_MESSAGE_HISTORY
        permission", and "The referenced message must exist" unless ``fail_if_not_exists`` is false
        (then Discord sends the message as a plain one)."""
        reference = (call.payload or {}).get("message_reference")
        if not reference or reference.get("type", 0) != 0:
            return
        self._require(channel, Permission.READ_MESSAGE_HISTORY, "replying to a message")
        where = int(reference.get("channel_id") or channel.id)
        found = self.messages.get(int(reference.get("message_id") or 0))
        exists = found is not None and not found.deleted and found.channel_id == where == channel.id
        if not exists and reference.get("fail_if_not_exists", True) is not False:
            self._reject(str(call.record.route), ["message_reference: Unknown message"])

    def _install_message_routes(self) -> None:
        """Channel routes: messages, history, typing."""
        r = self.route

        @r("GET", "/channels/{channel_id}")
        async def get_channel(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            self._require(channel, Permission.VIEW_CHANNEL, "reading a channel")
            return json_response(channel.payload())

        @r("POST", "/channels/{channel_id}/messages")
        async def post_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            sending = Permission.SEND_MESSAGES_IN_THREADS if channel.is_thread else Permission.SEND_MESSAGES
            needed = Permission.VIEW_CHANNEL | sending
            if call.files:
                needed |= Permission.ATTACH_FILES
            if (call.payload or {}).get("embeds"):
                needed |= Permission.EMBED_LINKS
            self._require(channel, needed, "sending a message")
            self._check_reference(call, channel)
            return json_response((await self._create_message(call, channel)).payload())

        @r("GET", "/channels/{channel_id}/messages")
        async def list_messages(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            self._require(
                channel, Permission.VIEW_CHANNEL | Permission.READ_MESSAGE_HISTORY, "reading history"
            )
            limit = int(call.record.query.get("limit", "50"))
            messages = sorted(self.channel_messages(channel), key=lambda m: m.id, reverse=True)
            if "before" in call.record.query:
                messages = [m for m in messages if m.id < int(call.record.query["before"])]
            if "after" in call.record.query:
                # The page is the messages just after ``after``, newest first as every page (discord.py
                # reads the next page after its first item).
                later = [m for m in messages if m.id > int(call.record.query["after"])]
                return json_response([m.payload() for m in later[-limit:]])
            return json_response([m.payload() for m in messages[:limit]])

        @r("POST", "/channels/{channel_id}/messages/{message_id}/threads")
        async def thread_from_message(call: Call) -> web.StreamResponse:
            # A public thread on a message takes the message's id, as on Discord.
            channel = self._channel_param(call)
            message = self._message_param(call, channel)
            self._require(
                channel, Permission.VIEW_CHANNEL | Permission.CREATE_PUBLIC_THREADS, "opening a thread"
            )
            if channel.is_thread or channel.guild_id is None:
                raise DiscordError(400, 50024, "Cannot execute action on this channel type")
            if message.id in self.channels:
                raise DiscordError(400, 160004, "A thread has already been created for this message")
            payload = call.payload or {}
            name = str(payload.get("name") or "")
            archive = payload.get("auto_archive_duration", 1440)
            errors = [] if 1 <= len(name) <= 100 else ["name: must be 1-100 characters"]
            if archive not in (60, 1440, 4320, 10080):
                errors.append(f"auto_archive_duration: {archive!r} is not 60, 1440, 4320 or 10080")
            self._reject(str(call.record.route), errors)
            thread = Channel(
                id=message.id,
                name=name,
                type=11,
                guild_id=channel.guild_id,
                parent_id=channel.id,
                owner_id=self.bot.id,
                auto_archive_duration=int(archive),
                last_activity=self.now(),
                archive_changed=self.now(),
            )
            self.guilds[channel.guild_id].channels[thread.id] = thread
            self.channels[thread.id] = thread
            await self.gateway.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
            return json_response(thread.payload())

        @r("GET", "/channels/{channel_id}/messages/{message_id}")
        async def get_message(call: Call) -> web.StreamResponse:
            # Get Channel Message: "requires the VIEW_CHANNEL and READ_MESSAGE_HISTORY permissions".
            channel = self._channel_param(call)
            self._require(
                channel, Permission.VIEW_CHANNEL | Permission.READ_MESSAGE_HISTORY, "reading a message"
            )
            return json_response(self._message_param(call, channel).payload())

        @r("PATCH", "/channels/{channel_id}/messages/{message_id}")
        async def edit_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            # Even its own message: a channel the bot cannot see is out of its reach.
            self._require(channel, Permission.VIEW_CHANNEL, "editing a message")
            message = self._message_param(call, channel)
            if message.author.id != self.bot.id:
                raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
            return json_response((await self._edit_message(call, message, interaction=None)).payload())

        @r("DELETE", "/channels/{channel_id}/messages/{message_id}")
        async def delete_message(call: Call) -> web.StreamResponse:
            channel = self._channel_param(call)
            self._require(channel, Permission.VIEW_CHANNEL, "deleting a message")
            message = self._message_param(call, channel)
            if message.author.id != self.bot.id:
                self._require(channel, Permission.MANAGE_MESSAGES, "deleting someone else's message")
            await self._delete_message(message)
            return no_content()

        @r("POST", "/channels/{channel_id}/typing")
        async def typing(call: Call) -> web.StreamResponse:
            self._channel_param(call)
            return no_content()
