"""The Discord side of the clock jobs: a reminder is a reply to the game's turn line that mentions
only that player (or a direct message, if they asked for one with ``/boardroom me dm:``); running out
of time is a public line with a **Skip** button for the other players, mentioning nobody."""

from __future__ import annotations

import logging

import discord

from bot.clocks.scheduler import Deliver
from bot.clocks.time_banks import Due, OutOfTime, Reminder
from bot.on_discord.language import chosen_language
from bot.on_discord.views import clock_text
from bot.on_discord.views.common import NO_MENTIONS
from bot.on_discord.views.skip import skip_view
from render.common.language import speaking

log = logging.getLogger(__name__)


def discord_deliverer(client: discord.Client) -> Deliver:
    async def deliver(due: Due, nonce: str) -> None:
        guild_id = due.table.game.guild_id
        announcer = getattr(client, "announcer", None)
        if announcer is not None and not announcer.refusals.in_guild(guild_id):
            # Removed from that server: its games are left alone (a message would be refused).
            log.info("game %s: no clock message, the bot is not in guild %s", due.table.id, guild_id)
            return
        if isinstance(due, Reminder):
            await _remind(client, due, nonce)
        elif isinstance(due, OutOfTime):
            await _out_of_time(client, due, nonce)

    return deliver


async def _remind(client: discord.Client, reminder: Reminder, nonce: str) -> None:
    """In the game's language in its channel; by direct message in the player's choice, if any."""
    language = reminder.table.game.language
    if reminder.dm:
        sessions = getattr(client, "sessions", None)
        chosen = await chosen_language(sessions.store.db, reminder.user_id) if sessions is not None else None
        language = chosen or language
    with speaking(language):
        await _say_reminder(client, reminder, nonce)


async def _say_reminder(client: discord.Client, reminder: Reminder, nonce: str) -> None:
    content = clock_text.reminder_text(reminder)
    only_them = discord.AllowedMentions(
        users=[discord.Object(id=reminder.user_id)], roles=False, everyone=False, replied_user=False
    )
    if reminder.dm:
        try:
            user = client.get_user(reminder.user_id) or await client.fetch_user(reminder.user_id)
            await user.send(content, allowed_mentions=only_them, nonce=nonce)
            return
        except (discord.HTTPException, discord.RateLimited) as exc:
            # Direct messages closed (403 / 50007), or Discord busy: the reminder goes to the game's
            # channel instead.
            log.info("game %s: a reminder by direct message failed (%s)", reminder.table.id, exc)
    game = reminder.table.game
    channel = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    reference = None
    if game.prompt_message_id is not None and _may_read_history(client, game.channel_id):
        reference = channel.get_partial_message(game.prompt_message_id).to_reference(fail_if_not_exists=False)
    if reference is not None:
        try:
            await channel.send(content, reference=reference, allowed_mentions=only_them, nonce=nonce)
            return
        except discord.Forbidden as exc:
            # A reply needs Read Message History (Create Message, "Limitations"), which a moderator
            # may have taken away since the bot last heard of the channel: said without the reply.
            log.info("game %s: a reminder as a reply was refused (%s); sent as a plain message", game.id, exc)
    await channel.send(content, allowed_mentions=only_them, nonce=nonce)


def _may_read_history(client: discord.Client, channel_id: int) -> bool:
    """Whether a reply may be made in the channel, as far as the bot knows (a channel it has not
    seen is tried, and the reply falls back)."""
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return True
    return channel.permissions_for(channel.guild.me).read_message_history


async def _out_of_time(client: discord.Client, due: OutOfTime, nonce: str) -> None:
    game = due.table.game
    with speaking(game.language):
        await _say_out_of_time(client, due, nonce)


async def _say_out_of_time(client: discord.Client, due: OutOfTime, nonce: str) -> None:
    game = due.table.game
    channel = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    post = await channel.send(
        clock_text.out_of_time_text(due.table, due.seat),
        view=skip_view(due.table.id, due.seat, due.since),
        allowed_mentions=NO_MENTIONS,
        nonce=nonce,
    )
    # Kept so that the button goes once the Skip no longer stands; if that is already so (the player
    # moved while the post was on its way), it goes now.
    clocks = getattr(client, "clocks", None)
    if clocks is not None and not await clocks.banks.out_of_time_posted(
        due.table.id, due.seat, due.since, post.id
    ):
        await post.edit(view=None)
