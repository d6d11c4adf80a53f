"""The turn clock's commands: ``/game vacation`` and ``/game back`` (in the /game group)
and ``/boardroom me`` and ``/boardroom turns`` (in the /boardroom group, for every member)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.on_discord.errors import announce_failed, defer_public, public_done
from bot.on_discord.language import reader_language
from bot.on_discord.translator import spoken
from bot.on_discord.views import clock_text
from bot.on_discord.views.common import NO_MENTIONS, send_followup
from bot.service.refusals import ClockRefused
from bot.service.speeds import MAX_VACATION_DAYS
from render.common.language import LANGUAGES, current, speaking, t, use

if TYPE_CHECKING:
    from bot.on_discord.client import BoardroomBot

_QUIET = re.compile(r"^\s*(\d{1,2})\s*[-–to]+\s*(\d{1,2})\s*$")
NO_QUIET = ("off", "none", "no")
# /boardroom me language: the choice that clears the player's own (their Discord's language again)
DISCORDS = "discord"
# /boardroom me profile: shown to everyone (and on the leaderboards), or hidden
SHOWN, HIDDEN = "shown", "hidden"


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """ "23-08" (from 23:00 to 08:00, local time) or "off"."""
    if text.strip().lower() in NO_QUIET:
        return None, None
    found = _QUIET.match(text)
    if found is None or not all(0 <= int(h) <= 23 for h in found.groups()) or found[1] == found[2]:
        raise ClockRefused(t('Quiet hours are two whole hours, from and until, like "23-08"; or "off".'))
    return int(found[1]), int(found[2])


def add_clock_commands(group: app_commands.Group, bot: BoardroomBot) -> None:
    async def vacation(
        interaction: discord.Interaction[Any], days: app_commands.Range[int, 0, MAX_VACATION_DAYS]
    ) -> None:
        await defer_public(interaction)
        if interaction.channel_id is None:
            raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
        status = await bot.sessions.reading.status_in_channel(interaction.channel_id)
        table, until, left = await bot.clocks.acts.vacation(status.table.id, interaction.user.id, days)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        try:
            with speaking(table.game.language):
                await interaction.followup.send(
                    clock_text.vacation_text(table, seat, days, until, left), allowed_mentions=NO_MENTIONS
                )
            public_done(interaction)
        except Exception as exc:
            await announce_failed(interaction, exc)

    vacation = app_commands.describe(
        days=spoken(
            f"How many days your clock pauses (0 ends a vacation; {MAX_VACATION_DAYS} per game in all)",
            lambda: t(
                "How many days your clock pauses (0 ends a vacation; {days} per game in all)",
                days=MAX_VACATION_DAYS,
            ),
        )
    )(vacation)
    group.add_command(
        app_commands.Command(
            name="vacation", description="Pause your clock in this game and tell the table", callback=vacation
        )
    )

    async def back(interaction: discord.Interaction[Any]) -> None:
        await defer_public(interaction)
        if interaction.channel_id is None:
            raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
        status = await bot.sessions.reading.status_in_channel(interaction.channel_id)
        table = await bot.clocks.acts.back(status.table.id, interaction.user.id)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None
        try:
            with speaking(table.game.language):
                await interaction.followup.send(
                    clock_text.back_text(table, seat), allowed_mentions=NO_MENTIONS
                )
            public_done(interaction)
            await bot.announcer.after_change(table.id, [])
        except Exception as exc:
            await announce_failed(interaction, exc)

    group.add_command(
        app_commands.Command(
            name="back", description="I'm back: play your seat again after being skipped", callback=back
        )
    )
    add_expel_command(group, bot)


def add_expel_command(group: app_commands.Group, bot: BoardroomBot) -> None:
    async def expel(interaction: discord.Interaction[Any], player: discord.User) -> None:
        await defer_public(interaction)
        if interaction.channel_id is None:
            raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
        status = await bot.sessions.reading.status_in_channel(interaction.channel_id)
        expulsion = await bot.clocks.acts.expel(status.table.id, player.id, interaction.user.id)
        try:
            with speaking(status.table.game.language):
                await interaction.followup.send(
                    clock_text.expel_text(expulsion, interaction.user.id), allowed_mentions=NO_MENTIONS
                )
            public_done(interaction)
        except Exception as exc:
            await announce_failed(interaction, exc)

    expel = app_commands.describe(player="A player skipped for a long absence")(expel)
    group.add_command(
        app_commands.Command(
            name="expel",
            description="Vote to expel a player skipped for a long absence (the host decides alone)",
            callback=expel,
        )
    )


def add_me_commands(group: app_commands.Group, bot: BoardroomBot) -> None:
    async def me(
        interaction: discord.Interaction[Any],
        timezone: str | None = None,
        quiet: str | None = None,
        dm: bool | None = None,
        language: str | None = None,
        profile: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if profile is not None:
            await bot.sessions.after.set_hidden(interaction.user.id, profile == HIDDEN)
        if language is not None:
            await bot.languages.choose(
                bot.db, interaction.user.id, None if language == DISCORDS else language
            )
            # The answer already speaks the new choice.
            use(reader_language(interaction))
        settings = await bot.clocks.acts.change_settings(
            interaction.user.id,
            timezone=timezone.strip() if timezone else None,
            quiet=None if quiet is None else parse_quiet(quiet),
            dm=dm,
        )
        # What quiet hours do is said only when there are some: with none it never happens.
        quiet_hours = (
            t(
                "Quiet hours: from {start}:00 to {end}:00 (your clock stops and nobody reminds you).",
                start=settings.quiet_from,
                end=settings.quiet_until,
            )
            if settings.quiet_from is not None and settings.quiet_until is not None
            else t("Quiet hours: none.")
        )
        if settings.dm:
            said = t(
                "Your time zone: {zone}. {quiet} Reminders come by direct message.",
                zone=settings.timezone,
                quiet=quiet_hours,
            )
        else:
            said = t(
                "Your time zone: {zone}. {quiet} Reminders come as a reply in the game's channel.",
                zone=settings.timezone,
                quiet=quiet_hours,
            )
        shown = (
            t("Your profile: hidden (only you see it; the leaderboards leave you out).")
            if await bot.sessions.after.is_hidden(interaction.user.id)
            else t("Your profile: shown to everyone, and on the leaderboards.")
        )
        await send_followup(
            interaction,
            said + "\n" + t("Your language: {language}.", language=LANGUAGES[current()]) + "\n" + shown,
        )

    me = app_commands.describe(
        timezone="Your time zone, like Europe/Paris or America/New_York",
        quiet='Your quiet hours in your time, like "23-08", or "off"',
        dm="Reminders by direct message (default: a reply in the game's channel)",
        language="The language I speak to you in (default: your Discord's)",
        profile="Show your profile and rank you on the leaderboards, or hide both",
    )(me)
    me = app_commands.choices(
        language=[
            *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
            app_commands.Choice(name="Discord's language", value=DISCORDS),
        ],
        profile=[
            app_commands.Choice(name="Shown", value=SHOWN),
            app_commands.Choice(name="Hidden", value=HIDDEN),
        ],
    )(me)
    group.add_command(
        app_commands.Command(
            name="me",
            description="Your time zone, quiet hours, reminders, language and profile",
            callback=me,
        )
    )

    async def turns(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await bot.clocks.reading.my_turns(interaction.user.id)
        # Only servers the bot still shares with the player: a game where it was removed is unreachable.
        shared = [t for t in found if bot.get_guild(t.table.game.guild_id) is not None]
        await send_followup(interaction, clock_text.turns_text(shared))

    group.add_command(
        app_commands.Command(
            name="turns", description="Every game, in every server, where it is your turn now", callback=turns
        )
    )
