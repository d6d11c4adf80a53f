"""What the players saw and did, in the order it happened: a ``FakeDiscord`` that notes every message
the bot creates, edits or deletes (public, or private to the one player who sees it), plus the
driver's own notes of what each player typed, clicked and picked.

Only what a player sees is kept: texts, button labels, select options and their descriptions,
attachment file names. Never a custom_id, a message id or a user id: ``Namer`` turns mentions into
``@name``, timestamps into "(a moment ago)" and any id left over into a visible marker that the
pattern list (``patterns.py``) reports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.messages import EPHEMERAL, LOADING
from tests.fakediscord.outcome import FakeInteraction

THREAD_TYPES = (10, 11, 12)
USER_MENTION = re.compile(r"<@!?(\d+)>")
COMMAND_MENTION = re.compile(r"</([^:<>]+):\d+>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
CHANNEL_MENTION = re.compile(r"<#(\d+)>")
TIMESTAMP = re.compile(r"<t:-?\d+(?::([tTdDfFR]))?>")
MESSAGE_LINK = re.compile(r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/channels/[\d@me]+/\d+(?:/\d+)?")
SNOWFLAKE = re.compile(r"\b\d{17,20}\b")
# What an id left in a text becomes: visible in the transcript, and reported by ``patterns``.
ID_MARKER = "[Discord id]"


@dataclass(frozen=True)
class Option:
    label: str
    description: str


@dataclass(frozen=True)
class Menu:
    placeholder: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Look:
    """A message as a player sees it."""

    content: str
    buttons: tuple[str, ...]
    menus: tuple[Menu, ...]
    images: tuple[str, ...]
    embeds: tuple[str, ...] = ()

    @classmethod
    def of(cls, message: Message) -> Look:
        buttons = tuple(
            str(b.get("label") or (b.get("emoji") or {}).get("name") or "?") for b in message.buttons()
        )
        menus = tuple(
            Menu(
                str(m.get("placeholder") or ""),
                tuple(
                    Option(str(o.get("label", "")), str(o.get("description") or ""))
                    for o in m.get("options") or []
                ),
            )
            for m in message.selects()
        )
        embeds = tuple(
            "\n".join(
                p
                for p in (
                    e.get("title") or "",
                    e.get("description") or "",
                    *(f"{f.get('name', '')}: {f.get('value', '')}" for f in e.get("fields", [])),
                    (e.get("footer") or {}).get("text", ""),
                )
                if p
            )
            for e in message.embeds
        )
        return cls(
            content=message.content,
            buttons=buttons,
            menus=menus,
            images=tuple(a.filename for a in message.attachments),
            embeds=embeds,
        )


@dataclass
class Entry:
    """One line of the story.

    kind: "post" (a new public message), "edit" (a public message changed), "delete",
    "private" (a private message shown to ``who``: new, or ``edited``), "act" (a player's action).
    """

    kind: str
    who: str = ""  # the player who acts, or who sees a private message
    look: Look | None = None
    before: Look | None = None
    channel: str = ""
    thread: bool = False
    edited: bool = False
    text: str = ""  # for "act": what the player did, as written
    message_id: int = 0
    pinged: tuple[str, ...] = ()  # players notified by a new public post
    mentioned: tuple[str, ...] = ()  # players mentioned in a new public post


class JournalFake(FakeDiscord):
    """The fake Discord, keeping a journal of what players see (``entries``), in time order."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Entry] = []
        self._shown: dict[int, Look] = {}  # the last look of every message a player saw

    # -- names ---------------------------------------------------------------------------------
    def name_of(self, user_id: int) -> str:
        if user_id == self.bot.id:
            return self.bot.username
        for name, user in self.users.items():
            if user.id == user_id:
                return name
        return ID_MARKER

    def plain(self, text: str) -> str:
        """A text as the transcript shows it: mentions by name, no timestamps, no ids."""

        def user(match: re.Match[str]) -> str:
            return "@" + self.name_of(int(match[1]))

        def channel(match: re.Match[str]) -> str:
            found = self.channels.get(int(match[1]))
            return "#" + found.name if found is not None else ID_MARKER

        def role(match: re.Match[str]) -> str:
            for guild in self.guilds.values():
                if int(match[1]) in guild.roles:
                    return "@" + guild.roles[int(match[1])].name
            return ID_MARKER

        text = COMMAND_MENTION.sub(r"/\1", text)  # a client shows a command mention as its name
        text = USER_MENTION.sub(user, text)
        text = ROLE_MENTION.sub(role, text)
        text = CHANNEL_MENTION.sub(channel, text)
        text = TIMESTAMP.sub(lambda m: "(a moment ago)" if m[1] in (None, "R") else "(a date)", text)
        text = MESSAGE_LINK.sub("(a link to a message)", text)
        return SNOWFLAKE.sub(ID_MARKER, text)

    # -- the journal ---------------------------------------------------------------------------
    def note(self, who: str, text: str) -> None:
        """A player's action, as the transcript writes it."""
        self.entries.append(Entry(kind="act", who=who, text=text))

    def _where(self, message: Message) -> tuple[str, bool]:
        channel = self.channels.get(message.channel_id)
        if channel is None:
            return "(an unknown channel)", False
        return channel.name, channel.type in THREAD_TYPES

    def _viewer(self, message: Message, interaction: FakeInteraction | None) -> str:
        user = message.interaction_user or (interaction.user if interaction is not None else None)
        return user.username if user is not None else "?"

    def _pings(self, payload: dict[str, Any], content: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(notified, mentioned) players of a new public message, by Discord's allowed_mentions rules."""
        mentioned = [int(m) for m in USER_MENTION.findall(content)]
        allowed = payload.get("allowed_mentions")
        if allowed is None:
            notified = mentioned
        else:
            users = {int(u) for u in allowed.get("users") or []}
            everyone_user = "users" in (allowed.get("parse") or [])
            notified = [u for u in mentioned if everyone_user or u in users]
        names = tuple(self.name_of(u) for u in dict.fromkeys(notified))
        return names, tuple(self.name_of(u) for u in mentioned)

    def _record(
        self, message: Message, payload: dict[str, Any], interaction: FakeInteraction | None, *, created: bool
    ) -> None:
        if message.author.id != self.bot.id or message.flags & LOADING:
            return  # "Boardroom is thinking…": shown once filled in
        look = Look.of(message)
        before = self._shown.get(message.id)
        self._shown[message.id] = look
        where, thread = self._where(message)
        if message.flags & EPHEMERAL:
            self.entries.append(
                Entry(
                    kind="private",
                    who=self._viewer(message, interaction),
                    look=look,
                    before=before,
                    channel=where,
                    thread=thread,
                    edited=before is not None,
                    message_id=message.id,
                )
            )
            return
        if before is None:
            pinged, mentioned = self._pings(payload, message.content)
            self.entries.append(
                Entry(
                    kind="post",
                    look=look,
                    channel=where,
                    thread=thread,
                    message_id=message.id,
                    pinged=pinged if created else (),
                    mentioned=mentioned,
                )
            )
        elif look != before:
            self.entries.append(
                Entry(
                    kind="edit", look=look, before=before, channel=where, thread=thread, message_id=message.id
                )
            )

    async def _create_message(self, call: Any, channel: Any, **kw: Any) -> Message:
        message = await super()._create_message(call, channel, **kw)
        self._record(message, call.payload or {}, kw.get("interaction"), created=True)
        return message

    async def _edit_message(self, call: Any, message: Message, *, interaction: Any) -> Message:
        first_fill = message.loading
        edited = await super()._edit_message(call, message, interaction=interaction)
        # A deferred public reply filled in is the moment the post appears (and may ping).
        self._record(edited, call.payload or {}, interaction, created=first_fill)
        return edited

    async def _delete_message(self, message: Message) -> None:
        await super()._delete_message(message)
        if message.id in self._shown and message.author.id == self.bot.id:
            where, thread = self._where(message)
            who = self._viewer(message, None) if message.ephemeral else ""
            self.entries.append(
                Entry(
                    kind="delete",
                    who=who,
                    channel=where,
                    thread=thread,
                    message_id=message.id,
                    edited=message.ephemeral,
                )
            )
