"""The driver: acting as players. Builds INTERACTION_CREATE envelopes (slash, autocomplete, click,
select, modal submit, forged presses), delivers them and waits for the acknowledgement."""

from __future__ import annotations

import contextlib
import mimetypes
import secrets
import time
from typing import Any

from tests.fakediscord.commands import CommandsMixin
from tests.fakediscord.gateway import GUILD_MESSAGES
from tests.fakediscord.messages import Attachment, Message
from tests.fakediscord.model import Channel, User, snowflake
from tests.fakediscord.outcome import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeInteraction,
    InteractionNotAcknowledged,
    InteractionOutcome,
)
from tests.fakediscord.rest_messages import MessagesMixin
from tests.fakediscord.wire import DEFAULT_UPLOAD_LIMIT


class InteractionsMixin(CommandsMixin, MessagesMixin):
    """Each call returns an ``InteractionOutcome`` once the bot acknowledged (default timeout 5 s)."""

    def _envelope(
        self, kind: int, user: User, channel: Channel, data: dict[str, Any], message: Message | None
    ) -> FakeInteraction:
        created_at = self.now()
        interaction_id = snowflake(created_at)  # discord.py's created_at: the token's 15 minutes
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": DEFAULT_UPLOAD_LIMIT,
        }
        if kind in (APPLICATION_COMMAND, AUTOCOMPLETE) and self._thread_archived(channel):
            # "Users cannot … use application commands … in archived threads" (threads.mdx §Active &
            # Archived): the client offers none there.
            raise AssertionError(f"#{channel.name} is an archived thread: no slash command can be used in it")
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            if guild.bot_removed:
                # Its commands and buttons went with it: no interaction reaches the bot from there.
                raise AssertionError(f"the bot was removed from {guild.name}: nobody can use it there")
            if user.id not in guild.members:
                raise AssertionError(f"{user.username} is not a member of {guild.name}")
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=self._member_with_permissions(guild, channel, user),
                app_permissions=str(guild.permissions_in(channel, self.bot.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(user=user.payload(), authorizing_integration_owners={"1": str(user.id)}, context=1)
        if message is not None:
            payload["message"] = message.payload()
        record = FakeInteraction(
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            payload=payload,
            created=time.monotonic(),
            created_at=created_at,
            source_message=message,
        )
        self.interactions[interaction_id] = record
        return record

    async def _deliver(self, record: FakeInteraction, timeout: float) -> InteractionOutcome:
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        try:
            await self.wait_until(
                lambda: record.attempts, timeout, f"acknowledgement of interaction {record.id}"
            )
        except AssertionError:
            raise InteractionNotAcknowledged(
                f"the bot did not acknowledge interaction {record.id} ({record.payload['data']}) within "
                f"{timeout}s; problems: {self.problems}"
            ) from None
        if not record.acknowledged:
            raise InteractionNotAcknowledged(
                f"interaction {record.id} answered late or wrongly: {record.attempts}; {self.problems}"
            )
        return InteractionOutcome(self, record)

    async def slash(
        self,
        user: User | str,
        channel: Channel | str | int,
        command: str,
        *,
        timeout: float = 5.0,
        **options: Any,
    ) -> InteractionOutcome:
        """Run ``/command sub …`` with the given options as ``user`` in ``channel``."""
        player, where = self._user(user), self._channel(channel)
        guild = self.guilds.get(where.guild_id) if where.guild_id is not None else None
        definition, sub_path = self.find_command(command, guild)
        self._check_can_use(definition, player, where, guild)
        resolved: dict[str, dict[str, Any]] = {}
        data: dict[str, Any] = {
            "id": definition["id"],
            "name": definition["name"],
            "type": 1,
            "options": self._build_options(definition, sub_path, options, None, resolved, guild, where),
        }
        if definition.get("guild_id"):
            data["guild_id"] = definition["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return await self._deliver(self._envelope(APPLICATION_COMMAND, player, where, data, None), timeout)

    async def autocomplete(
        self,
        user: User | str,
        channel: Channel | str | int,
        command: str,
        *,
        focused: str,
        value: str,
        timeout: float = 5.0,
        **options: Any,
    ) -> InteractionOutcome:
        """Type ``value`` into option ``focused`` of ``/command``; returns the suggestions (``.choices``)."""
        player, where = self._user(user), self._channel(channel)
        guild = self.guilds.get(where.guild_id) if where.guild_id is not None else None
        definition, sub_path = self.find_command(command, guild)
        self._check_can_use(definition, player, where, guild)
        resolved: dict[str, dict[str, Any]] = {}
        values = {**options, focused: value}
        data: dict[str, Any] = {
            "id": definition["id"],
            "name": definition["name"],
            "type": 1,
            "options": self._build_options(definition, sub_path, values, focused, resolved, guild, where),
        }
        if definition.get("guild_id"):
            data["guild_id"] = definition["guild_id"]
        return await self._deliver(self._envelope(AUTOCOMPLETE, player, where, data, None), timeout)

    def _component_target(self, message: Message | int, custom_id: str) -> tuple[Message, dict[str, Any]]:
        target = message if isinstance(message, Message) else self.messages[message]
        target = self.messages.get(target.id, target)
        if target.deleted:
            raise AssertionError(f"message {target.id} was deleted")
        component = target.component(custom_id)
        if component.get("disabled"):
            raise AssertionError(f"component {custom_id!r} on message {target.id} is disabled")
        # A click in an archived thread reaches the bot: the desktop client sends it as it is (web and
        # mobile ones first unarchive the thread for users allowed to, discord-api-docs #8474). The
        # thread stays archived until the bot posts in it; in a locked one the callback is refused.
        return target, component

    async def click(
        self, user: User | str, message: Message | int, custom_id: str, *, timeout: float = 5.0
    ) -> InteractionOutcome:
        target, component = self._component_target(message, custom_id)
        if component.get("type") != 2:
            raise AssertionError(f"{custom_id!r} is not a button")
        data = {"custom_id": custom_id, "component_type": 2}
        channel = self.channels[target.channel_id]
        return await self._deliver(
            self._envelope(MESSAGE_COMPONENT, self._user(user), channel, data, target), timeout
        )

    async def click_button(
        self, user: User | str, message: Message | int, label: str, *, timeout: float = 5.0
    ) -> InteractionOutcome:
        target = message if isinstance(message, Message) else self.messages[message]
        return await self.click(user, target, target.button(label)["custom_id"], timeout=timeout)

    async def select(
        self,
        user: User | str,
        message: Message | int,
        custom_id: str,
        values: list[str],
        *,
        timeout: float = 5.0,
    ) -> InteractionOutcome:
        target, component = self._component_target(message, custom_id)
        kind = component.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise AssertionError(f"{custom_id!r} is not a select menu")
        low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
        if not low <= len(values) <= high:
            raise AssertionError(f"{custom_id!r} takes {low}..{high} values, got {len(values)}")
        if kind == 3:
            offered = [o["value"] for o in component.get("options", [])]
            missing = [v for v in values if v not in offered]
            if missing:
                raise AssertionError(f"{custom_id!r} does not offer {missing}; it offers {offered}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind, "values": list(values)}
        channel = self.channels[target.channel_id]
        return await self._deliver(
            self._envelope(MESSAGE_COMPONENT, self._user(user), channel, data, target), timeout
        )

    async def submit_modal(
        self, user: User | str, opened: InteractionOutcome, values: dict[str, str], *, timeout: float = 5.0
    ) -> InteractionOutcome:
        """Fill in and submit the modal the bot opened in ``opened`` (callback type 9)."""
        modal = opened.modal

        def fill(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for item in items:
                if item.get("type") == 1:
                    out.append({"type": 1, "components": fill(item.get("components") or [])})
                elif item.get("type") == 18:
                    out.append({"type": 18, "component": fill([item["component"]])[0]})
                elif item.get("type") == 4:
                    out.append(
                        {
                            "type": 4,
                            "custom_id": item["custom_id"],
                            "value": values.get(item["custom_id"], ""),
                        }
                    )
                elif item.get("custom_id"):
                    out.append({"type": item["type"], "custom_id": item["custom_id"], "values": []})
            return out

        data = {"custom_id": modal["custom_id"], "components": fill(modal.get("components") or [])}
        source = opened.record.source_message
        record = self._envelope(MODAL_SUBMIT, self._user(user), opened.record.channel, data, source)
        return await self._deliver(record, timeout)

    async def press(
        self,
        user: User | str,
        channel: Channel | str | int,
        custom_id: str,
        *,
        values: list[str] | None = None,
        timeout: float = 5.0,
        expect_ack: bool = True,
    ) -> InteractionOutcome:
        """Deliver a component interaction carrying any ``custom_id`` (a button, or with ``values`` a
        string select) on a fresh bot message in ``channel``, whatever the bot posted there: a
        replayed custom_id from another channel or guild, a forged payload, a scripted player that
        skips the panel. With ``expect_ack=False`` an ignored interaction is not an error: the
        outcome is returned after ``timeout`` with ``outcome.type is None``."""
        player, where = self._user(user), self._channel(channel)
        if values is None:
            component: dict[str, Any] = {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        else:
            options = [{"label": (v or "-")[:100], "value": v} for v in dict.fromkeys(values)]
            component = {"type": 3, "custom_id": custom_id, "options": options}
            component |= {"min_values": 1, "max_values": 1}
            data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        message = Message(
            id=snowflake(),
            channel_id=where.id,
            guild_id=where.guild_id,
            author=self.bot,
            content="",
            components=[{"type": 1, "components": [component]}],
            application_id=self.application_id,
        )
        message.snapshot()
        self.messages[message.id] = message
        record = self._envelope(MESSAGE_COMPONENT, player, where, data, message)
        if expect_ack:
            return await self._deliver(record, timeout)
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        with contextlib.suppress(AssertionError):
            await self.wait_until(lambda: record.attempts, timeout, f"interaction {record.id}")
        return InteractionOutcome(self, record)

    async def redeliver(self, outcome: InteractionOutcome, *, quiet: float = 0.1) -> InteractionOutcome:
        """Deliver the same interaction (same id and token) again, as Discord occasionally does."""
        record = outcome.record
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        await self.settle(quiet=quiet)
        return outcome

    async def post_message(self, user: User | str, channel: Channel | str | int, content: str) -> Message:
        """A player writes an ordinary message (dispatched as MESSAGE_CREATE if the bot has the intent)."""
        where = self._channel(channel)
        message = Message(
            id=snowflake(),
            channel_id=where.id,
            guild_id=where.guild_id,
            author=self._user(user),
            content=content,
        )
        message.snapshot()
        self.messages[message.id] = message
        await self.gateway.dispatch("MESSAGE_CREATE", self._message_event(message), intent=GUILD_MESSAGES)
        return message

    def upload(self, filename: str, data: bytes, *, content_type: str | None = None) -> Attachment:
        """A file a user picks for an attachment option: ``await fake.slash(..., file=fake.upload(...))``."""
        guessed = content_type or mimetypes.guess_type(filename)[0]
        return Attachment(id=snowflake(), filename=filename, data=data, content_type=guessed)
