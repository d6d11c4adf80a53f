"""A loopback Discord (REST + gateway) for driving the real, unpatched discord.py client offline.

How discord.py reaches it: ``discord.Client(connector=make_connector(fake.host, fake.port))`` (the bot:
``Settings.discord_loopback = fake.loopback``). The connector's resolver sends every host name to the
fake's port; the fake serves TLS with a throwaway self-signed certificate and the gateway at ``/``.

Driver (all ``async``, each waits until the bot acknowledged, default timeout 5 s; waits for what the
bot does next default to ``PATIENCE``), and returns an ``InteractionOutcome`` with ``type``,
``ephemeral``, ``content``, ``embeds``, ``components``,
``message``, ``followups``, ``latency``, ``choices``, ``modal``, ``text()``, ``wait_followups()``,
``wait_response()``, ``wait_for()``)::

    await fake.slash(user, channel, "game new", game="race", thread=False, players=2)
    await fake.click(user, message, custom_id)        / await fake.click_button(user, message, "Join")
    await fake.select(user, message, custom_id, ["a"])
    await fake.autocomplete(user, channel, "game play", focused="action", value="bu")
    await fake.submit_modal(user, opened_outcome, {"field_custom_id": "text"})
    await fake.redeliver(outcome)                      # same interaction id and token again
    fake.latest_message(channel); fake.channel_messages(channel); fake.message(id)
    message.button("Join"); message.button_labels(); message.component(custom_id); message.history
    await fake.wait_until(predicate, timeout, "what"); await fake.wait_until_async(async_predicate, ...)
    await fake.wait_for_message(channel, predicate); await fake.wait_for_update(message, predicate)
    await fake.wait_idle()                             # no request in flight (not a quiet period)
    await fake.settle()                                # a quiet period: only to check nothing more came

Faults: ``fake.rate_limit(route, count=, retry_after=)``, ``fake.fail_next(route, status=)``,
``fake.fail_next_upload()``, ``fake.hold_next_answer(route, matching=)`` (done, its answer held until the
returned event is set), ``await fake.drop_gateway()`` (close 4000 → RESUME with replay),
``await fake.send_reconnect()`` (op 7), ``await fake.invalidate_session()`` (op 9 → IDENTIFY),
``fake.expire_token(outcome)`` (401/50027), ``fake.set_permissions(channel, target, deny=...)``,
``fake.rate_limit(route, retry_after=60, scope="shared")``, ``await fake.remove_bot_from_guild(guild)``
(GUILD_DELETE, then 403/50001 there), ``fake.close_dms(user)`` (403/50007).
Invalid requests (401, 403, non-shared 429; Discord bans the IP at 10,000 in 10 minutes) are counted
(``fake.invalid_count``); the e2e fixture fails a test above its budget, which a test provoking
refusals on purpose states with ``fake.allow_invalid_requests(n)``.
Time and threads (``threads.py``): ``fake.now()`` / ``fake.clock()`` (the fake's time; give ``fake.clock``
to the bot as its clock), ``await fake.advance(seconds)`` (idle threads archive, tokens pass their 15
minutes), ``await fake.archive(thread)``, ``fake.unarchive``, ``await fake.lock(thread, archive=...)``,
``fake.unlock``: edits in an archived thread answer 50083, posts reopen it unless it is locked (50013).
Routes are named by template, e.g. ``"POST /channels/{channel_id}/messages"``; see ``fake.requests``.
Strict mode: ``fake.assert_clean()`` fails on unknown routes and on anything real Discord would refuse
(invalid bodies, late acknowledgements); ``fake.allow_problems()`` takes expected ones out.

Layout: ``server.py`` (``FakeDiscord``: construction, lifecycle, strict mode, waiting) is assembled
from parts, one job and module each: ``state.py`` (the shared state, declared once), ``world.py``
(guilds, channels, users, queries, READY payload), ``faults.py``, ``wire.py`` (recorded requests, JSON
responses, Discord errors), ``rest.py`` (route table, dispatch, bodies; account and guild routes),
``threads.py`` (the clock, archived and locked threads),
``rest_messages.py`` (messages and channel routes), ``rest_callbacks.py`` (interaction callback and
webhook), ``commands.py`` (command registration and option building), ``interactions.py`` (the
driver). ``gateway.py`` is the websocket; ``model.py`` and ``outcome.py`` hold the data types;
``validation.py`` what Discord would refuse.
"""

from tests.fakediscord.connector import LoopbackResolver, make_connector, parse_loopback
from tests.fakediscord.messages import Attachment, Message
from tests.fakediscord.model import (
    PATIENCE,
    PICTURE_PATIENCE,
    Channel,
    Guild,
    Permission,
    Role,
    User,
)
from tests.fakediscord.outcome import InteractionNotAcknowledged, InteractionOutcome
from tests.fakediscord.server import FakeDiscord, RecordedRequest

__all__ = [
    "PATIENCE",
    "PICTURE_PATIENCE",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Guild",
    "InteractionNotAcknowledged",
    "InteractionOutcome",
    "LoopbackResolver",
    "Message",
    "Permission",
    "RecordedRequest",
    "Role",
    "User",
    "make_connector",
    "parse_loopback",
]
