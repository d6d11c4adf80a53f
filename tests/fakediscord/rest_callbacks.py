"""Answering interactions: the callback route (types 4-9, the 3-second deadline) and the interaction
webhook (followups, GET/PATCH/DELETE of ``@original`` and followup messages, token expiry)."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from tests.fakediscord import validation
from tests.fakediscord.messages import EPHEMERAL, LOADING, Message
from tests.fakediscord.outcome import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    CallbackAttempt,
    FakeInteraction,
)
from tests.fakediscord.rest_messages import MessagesMixin
from tests.fakediscord.wire import Call, DiscordError, json_response, no_content

# "Interaction tokens are valid for 15 minutes" (receiving-and-responding.mdx §Followup Messages),
# counted from the interaction's creation, on the fake's clock (``FakeDiscord.now``, moved by tests).
TOKEN_LIFE = 15 * 60.0


class CallbacksMixin(MessagesMixin):
    """What the bot sends back for an interaction; each answer is recorded on its ``FakeInteraction``."""

    def _install_callback_routes(self) -> None:
        """The interaction callback and the interaction webhook."""
        r = self.route

        @r("POST", "/interactions/{interaction_id}/{token}/callback")
        async def callback(call: Call) -> web.StreamResponse:
            return await self._callback(call)

        def webhook_interaction(call: Call) -> FakeInteraction:
            if call.params["app_id"] != str(self.application_id):
                raise DiscordError(404, 10015, "Unknown Webhook")
            for interaction in self.interactions.values():
                if interaction.token == call.params["token"]:
                    if interaction.expired or self.now() - interaction.created_at > TOKEN_LIFE:
                        # Not a strict-mode problem: the bot cannot know; it must fall back.
                        raise DiscordError(401, 50027, "Invalid Webhook Token")
                    if not interaction.acknowledged:
                        self.problem(
                            f"{call.record.route} before the interaction {interaction.id} was acknowledged"
                        )
                        raise DiscordError(404, 10015, "Unknown Webhook")
                    return interaction
            raise DiscordError(404, 10015, "Unknown Webhook")

        def webhook_message(call: Call, interaction: FakeInteraction) -> Message:
            ref = call.params["message_id"]
            if ref == "@original":
                if interaction.original is None or interaction.callback_type in (AUTOCOMPLETE_RESULT, MODAL):
                    raise DiscordError(404, 10008, "Unknown Message")
                if interaction.original.deleted:
                    raise DiscordError(404, 10008, "Unknown Message")
                return interaction.original
            for message in [*interaction.followups, interaction.original]:
                if message is not None and str(message.id) == ref and not message.deleted:
                    return message
            raise DiscordError(404, 10008, "Unknown Message")

        @r("POST", "/webhooks/{app_id}/{token}")
        async def followup(call: Call) -> web.StreamResponse:
            interaction = webhook_interaction(call)
            original = interaction.original
            if (
                interaction.callback_type == DEFERRED_CHANNEL_MESSAGE
                and original is not None
                and original.loading
                and not original.deleted
            ):
                # Discord fills the "thinking…" message with the first followup.
                self._reject(
                    str(call.record.route),
                    validation.message_errors(call.payload or {}, creating=True, has_files=bool(call.files)),
                )
                message = await self._edit_message(call, original, interaction=interaction)
            else:
                message = await self._create_message(call, interaction.channel, interaction=interaction)
            interaction.followups.append(message)
            # RR §Create Followup Message: "Functions the same as Execute Webhook, but wait is always
            # true": the message comes back whatever ?wait says.
            return json_response(message.payload())

        @r("GET", "/webhooks/{app_id}/{token}/messages/{message_id}")
        async def webhook_get(call: Call) -> web.StreamResponse:
            return json_response(webhook_message(call, webhook_interaction(call)).payload())

        @r("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}")
        async def webhook_edit(call: Call) -> web.StreamResponse:
            interaction = webhook_interaction(call)
            message = webhook_message(call, interaction)
            return json_response((await self._edit_message(call, message, interaction=interaction)).payload())

        @r("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}")
        async def webhook_delete(call: Call) -> web.StreamResponse:
            interaction = webhook_interaction(call)
            await self._delete_message(webhook_message(call, interaction))
            return no_content()

    async def _callback(self, call: Call) -> web.StreamResponse:
        record = self.interactions.get(int(call.params["interaction_id"]))
        if record is None or record.token != call.params["token"]:
            self.problem(f"callback for unknown interaction {call.params['interaction_id']}")
            raise DiscordError(404, 10062, "Unknown interaction")
        if call.record.query.get("with_response") not in ("1", "true", "True"):
            self.problem("interaction callback without ?with_response=1 (discord.py 2.7 always sends it)")
        payload = call.payload or {}
        kind = int(payload.get("type", 0))
        data = dict(payload.get("data") or {})
        now = time.monotonic()
        if record.acknowledged:
            record.attempts.append(CallbackAttempt(kind, now, 400))
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - record.created > self.ack_deadline:
            record.attempts.append(CallbackAttempt(kind, now, 404))
            self.problem(
                f"interaction {record.id} acknowledged after {now - record.created:.2f}s "
                f"(> {self.ack_deadline}s): the user saw 'This interaction failed'"
            )
            raise DiscordError(404, 10062, "Unknown interaction")
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE}
            | ({DEFERRED_UPDATE, UPDATE_MESSAGE} if record.source_message is not None else set()),
        }[record.type]
        if kind not in allowed:
            record.attempts.append(CallbackAttempt(kind, now, 400))
            self._reject(
                str(call.record.route),
                [f"callback type {kind} is not valid for interaction type {record.type}"],
            )
        if kind == MODAL:
            self._reject(str(call.record.route), validation.modal_errors(data))
        if kind == AUTOCOMPLETE_RESULT and len(data.get("choices") or []) > 25:
            self._reject(str(call.record.route), ["data.choices: at most 25"])
        if record.channel.locked and self._thread_archived(record.channel):
            # An interaction in a closed and locked thread cannot be answered at all: Discord says
            # "Thread is archived" to the callback (discord-api-docs #5517, #6884).
            record.attempts.append(CallbackAttempt(kind, now, 400))
            raise DiscordError(400, 50083, "Thread is archived")
        if kind == DEFERRED_CHANNEL_MESSAGE and int(data.get("flags") or 0) & ~EPHEMERAL:
            # RR §Interaction Callback Data Structure: with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE "the
            # only valid message flag you may use is EPHEMERAL".
            record.attempts.append(CallbackAttempt(kind, now, 400))
            self._reject(
                str(call.record.route), ["data.flags: only EPHEMERAL (64) may be set on a deferred message"]
            )

        message: Message | None = None
        if kind == CHANNEL_MESSAGE:
            call.payload = data
            message = await self._create_message(call, record.channel, interaction=record)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            call.payload = {"flags": data.get("flags", 0)}
            message = await self._create_message(
                call, record.channel, interaction=record, extra_flags=LOADING, validate=False
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            message = record.source_message
            assert message is not None
            if kind == UPDATE_MESSAGE:
                call.payload = data
                await self._edit_message(call, message, interaction=record)
        record.attempts.append(CallbackAttempt(kind, now, 200))
        record.callback_type = kind
        record.callback_data = data
        record.callback_at = now
        record.original = message
        self.bump()
        body: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
        }
        if message is not None:
            body["interaction"]["response_message_id"] = str(message.id)
        resource: dict[str, Any] = {"type": kind}
        # RR §Interaction Callback Resource Object: message is "Only present if type is either
        # CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE" (not for a deferred one).
        if message is not None and kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            resource["message"] = message.payload()
        body["resource"] = resource
        return json_response(body)
