"""The world the bot sees: guilds, roles, channels, users and messages, the queries tests read them
with, and the READY and application payloads built from them."""

from __future__ import annotations

from typing import Any

from tests.fakediscord.gateway import RESUME_URL, Session
from tests.fakediscord.messages import Message
from tests.fakediscord.model import Channel, Guild, Member, Overwrite, Permission, Role, User, snowflake
from tests.fakediscord.state import FakeState


class WorldMixin(FakeState):
    """Default world: one guild with #general and #games, alice, bob, carol, dave and a moderator."""

    def _build_default_world(self) -> None:
        self.users["owner"] = self.owner
        self.guild = self.add_guild("Boardroom Test Guild", owner=self.owner)
        self.moderator_role = self.add_role(self.guild, "Moderator", Permission.MANAGE_GUILD)
        self.general = self.add_channel(self.guild, "general")
        self.games = self.add_channel(self.guild, "games")
        for name in ("alice", "bob", "carol", "dave"):
            self.add_user(name)
        self.add_user("mod", roles=[self.moderator_role])

    def add_guild(self, name: str, *, owner: User, guild_id: int | None = None) -> Guild:
        """A guild the bot is in; ``guild_id`` chooses its id (and so its shard)."""
        guild_id = guild_id or snowflake()
        guild = Guild(id=guild_id, name=name, owner_id=owner.id)
        guild.roles[guild_id] = Role(id=guild_id, name="@everyone", permissions=Permission.EVERYONE_DEFAULT)
        guild.members[owner.id] = Member(owner)
        bot_role = Role(
            id=snowflake(), name=self.bot.username, permissions=Permission.EVERYONE_DEFAULT, position=1
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = Member(self.bot, roles=[bot_role.id])
        self.guilds[guild_id] = guild
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int) -> Role:
        role = Role(id=snowflake(), name=name, permissions=permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_channel(self, guild: Guild, name: str, *, overwrites: list[Overwrite] | None = None) -> Channel:
        channel = Channel(
            id=snowflake(),
            name=name,
            guild_id=guild.id,
            position=len(guild.channels),
            overwrites=overwrites or [],
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_user(self, name: str, *, roles: list[Role] | None = None, guild: Guild | None = None) -> User:
        user = User(id=snowflake(), username=name)
        self.users[name] = user
        (guild or self.guild).members[user.id] = Member(user, roles=[r.id for r in roles or []])
        return user

    def channel(self, name: str) -> Channel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(name)

    def _user(self, user: User | str) -> User:
        return self.users[user] if isinstance(user, str) else user

    def _channel(self, channel: Channel | str | int) -> Channel:
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, int):
            return self.channels[channel]
        return self.channel(channel)

    def channel_messages(
        self, channel: Channel | str | int, *, include_ephemeral: bool = False
    ) -> list[Message]:
        channel_id = self._channel(channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def latest_message(
        self, channel: Channel | str | int, *, include_ephemeral: bool = False, by_bot: bool = True
    ) -> Message:
        messages = [
            m
            for m in self.channel_messages(channel, include_ephemeral=include_ephemeral)
            if not by_bot or m.author.id == self.bot.id
        ]
        if not messages:
            raise AssertionError(f"no message in #{self._channel(channel).name}")
        return messages[-1]

    def dm_channel(self, user: User | str) -> Channel:
        """The DM channel the bot opened with ``user`` (raises if it never did)."""
        target = self._user(user)
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipients == [target]:
                return channel
        raise AssertionError(f"the bot never opened a DM with {target.username}")

    def message(self, message_id: int) -> Message:
        return self.messages[message_id]

    def set_permissions(
        self, channel: Channel | str | int, target: User | Role | str, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Put a permission overwrite on a channel, e.g. deny the bot SEND_MESSAGES in #games."""
        where = self._channel(channel)
        if isinstance(target, Role):
            target_id, kind = target.id, 0
        else:
            target_id, kind = self._user(target).id, 1
        where.overwrites = [o for o in where.overwrites if o.id != target_id]
        where.overwrites.append(Overwrite(id=target_id, type=kind, allow=allow, deny=deny))

    def ready_payload(self, session: Session) -> dict[str, Any]:
        user = self.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0, "email": None}
        data: dict[str, Any] = {
            "v": 10,
            "user": user,
            "guilds": [
                {"id": str(g), "unavailable": True}
                for g, guild in self.guilds.items()
                if session.owns(g) and not guild.bot_removed
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": RESUME_URL,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "user_settings": {},
            "_trace": ["fakediscord"],
        }
        if session.shard is not None:
            data["shard"] = session.shard
        return data

    def application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.payload(),
            "team": None,
            "flags": 0,
            "rpc_origins": [],
            "redirect_uris": [],
            "tags": [],
            "install_params": None,
            "custom_install_url": None,
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": len(self.guilds),
            "integration_types_config": {"0": {}},
            "bot": self.bot.payload() | {"bot": True},
        }

    def _member_with_permissions(self, guild: Guild, channel: Channel, user: User) -> dict[str, Any]:
        data = guild.members[user.id].payload()
        data["permissions"] = str(guild.permissions_in(channel, user.id))
        return data
