"""The fake's world: users, guilds, roles, channels and members with permissions (its messages:
``tests.fakediscord.messages``)."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

# Discord epoch 2015-01-01; snowflakes carry a timestamp so discord.py's created_at is sane.

# How long a test waits for the bot before it gives up: only a backstop, every wait ends as soon as
# its condition holds. Generous, because the suite runs on shared, busy hosts (`make test-busy`).
PATIENCE = 30.0
# The same for an answer that carries a picture: the one render process starts slowly on a busy host
# (spawn, imports, every game's static layers) and draws one picture at a time.
PICTURE_PATIENCE = 4 * PATIENCE

_DISCORD_EPOCH_MS = 1_420_070_400_000
_counter = itertools.count(1)


def snowflake(at: float | None = None) -> int:
    """A new id; ``at`` (epoch seconds, default now) is the time it carries (the fake's own clock,
    for ids whose time the bot reads: an interaction's ``created_at``)."""
    ms = int((time.time() if at is None else at) * 1000) - _DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


class Permission:
    """Bit values from the developer docs (only those our flows care about)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1

    EVERYONE_DEFAULT = (
        VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | ADD_REACTIONS
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS
    )


@dataclass
class User:
    id: int
    username: str
    bot: bool = False
    global_name: str | None = None
    locale: str = "en-US"
    # False: the user closed direct messages from server members (the bot gets 403 / 50007)
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


# Announcement, public and private threads.
THREAD_TYPES = frozenset({10, 11, 12})


@dataclass
class Channel:
    id: int
    name: str
    type: int = 0  # 0 text, 1 DM, 4 category, 11 public thread
    guild_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    recipients: list[User] = field(default_factory=list)
    # a thread's own fields (type 11): who opened it and after how many idle minutes it archives
    owner_id: int | None = None
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    # the fake clock's epoch seconds of its last activity (a message, an unarchive, a new archive
    # time; edits do not count) and of its last archive-state change (``archive_timestamp``)
    last_activity: float = 0.0
    archive_changed: float = 0.0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "flags": 0,
            "last_message_id": None,
        }
        if self.guild_id is not None:
            data.update(
                guild_id=str(self.guild_id),
                parent_id=None if self.parent_id is None else str(self.parent_id),
                permission_overwrites=[o.payload() for o in self.overwrites],
                nsfw=False,
                topic=None,
                rate_limit_per_user=0,
            )
        else:
            data["recipients"] = [u.payload() for u in self.recipients]
        if self.is_thread:
            data.update(
                owner_id=None if self.owner_id is None else str(self.owner_id),
                message_count=0,
                member_count=1,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": datetime.fromtimestamp(self.archive_changed, UTC).isoformat(),
                    "locked": self.locked,
                },
            )
            del data["permission_overwrites"]
        return data

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def payload(self) -> dict[str, Any]:
        return {
            "user": self.user.payload(),
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    locale: str = "en-US"
    # True once the bot was kicked (``FakeDiscord.remove_bot_from_guild``): its channels answer 50001
    bot_removed: bool = False

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def base_permissions(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return Permission.ALL
        member = self.members[user_id]
        perms = self.everyone.permissions
        for role_id in member.roles:
            perms |= self.roles[role_id].permissions
        if perms & Permission.ADMINISTRATOR:
            return Permission.ALL
        return perms

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """The documented algorithm: base, then @everyone, role and member overwrites (a thread
        has none of its own: its parent channel's apply)."""
        if channel.is_thread and channel.parent_id in self.channels:
            channel = self.channels[channel.parent_id]
        perms = self.base_permissions(user_id)
        if perms == Permission.ALL:
            return perms
        member = self.members[user_id]
        by_id = {o.id: o for o in channel.overwrites}
        if (everyone := by_id.get(self.id)) is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in member.roles:
            if (o := by_id.get(role_id)) is not None:
                allow |= o.allow
                deny |= o.deny
        perms = (perms & ~deny) | allow
        if (own := by_id.get(user_id)) is not None and own.type == 1:
            perms = (perms & ~own.deny) | own.allow
        return perms

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
        }

    def create_payload(self) -> dict[str, Any]:
        """GUILD_CREATE: the REST guild plus the gateway-only fields discord.py reads."""
        data = self.payload()
        data.update(
            joined_at=iso_now(),
            large=False,
            unavailable=False,
            member_count=len(self.members),
            voice_states=[],
            members=[m.payload() for m in self.members.values()],
            channels=[c.payload() for c in self.channels.values()],
            threads=[],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
        return data
