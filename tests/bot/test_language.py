"""Which language a reader gets (issue 21): a player's own choice, else their Discord locale
(Ukrainian, Russian, Polish; any other, English included, reads English); a game's language chosen at
/game new, kept by the database on both backends and carried by export and import (an unknown
language in an import is refused with one sentence, nothing stored)."""

from __future__ import annotations

import discord
import pytest

from bot.on_discord.language import (
    ChosenLanguages,
    choose_language,
    chosen_language,
    from_discord,
    player_language,
)
from bot.ops import export_file, transfer
from bot.service.refusals import Refusal
from bot.service.sessions import Sessions
from bot.storage import Database
from bot.storage import clocks as settings_rows
from bot.storage import games as game_rows
from engine.core import InvalidOptions
from render.common.language import current, speaking

HOST, GUEST, MODERATOR = 10, 11, 99


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (discord.Locale.ukrainian, "uk"),
        (discord.Locale.russian, "ru"),
        (discord.Locale.polish, "pl"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.british_english, "en"),
        (discord.Locale.french, "en"),
        ("pl", "pl"),
        (None, "en"),
    ],
)
def test_a_discord_locale_reads_its_language_or_english(
    locale: discord.Locale | str | None, expected: str
) -> None:
    assert from_discord(locale) == expected
    assert player_language(None, locale) == expected


def test_a_players_own_choice_comes_before_their_discord_locale() -> None:
    assert player_language("ca", discord.Locale.ukrainian) == "ca"
    assert player_language("en", discord.Locale.polish) == "en"
    # A value that is not one of ours (an old row, a hand edit) falls back to Discord's.
    assert player_language("xx", discord.Locale.russian) == "ru"


async def test_a_players_choice_is_kept_cleared_and_leaves_their_other_settings(db: Database) -> None:
    assert await chosen_language(db, HOST) is None
    async with db.transaction() as conn:
        await settings_rows.save_settings(
            conn, settings_rows.PlayerSettings(HOST, "Europe/Kyiv", 23, 8, True)
        )
    await choose_language(db, HOST, "ca")
    assert await chosen_language(db, HOST) == "ca"
    async with db.transaction(write=False) as conn:
        kept = await settings_rows.settings_of(conn, HOST)
    assert (kept.timezone, kept.quiet_from, kept.quiet_until, kept.dm) == ("Europe/Kyiv", 23, 8, True)
    # Settings saved after the choice (/boardroom me timezone:) keep it too.
    async with db.transaction() as conn:
        await settings_rows.save_settings(conn, settings_rows.PlayerSettings(HOST, "UTC"))
    assert await chosen_language(db, HOST) == "ca"
    await choose_language(db, HOST, None)
    assert await chosen_language(db, HOST) is None
    await choose_language(db, GUEST, "uk")  # a player with no settings yet
    assert await chosen_language(db, GUEST) == "uk"
    with pytest.raises(ValueError):
        await choose_language(db, GUEST, "xx")


async def test_the_chosen_languages_are_known_without_a_database_read(db: Database) -> None:
    """A click is acknowledged before any database read (Discord's three seconds include the network):
    the choices are read once, kept in memory, updated by a choice made here, and a choice made
    through another process arrives with the next reading."""
    await choose_language(db, HOST, "ca")
    languages = ChosenLanguages()
    assert languages.of(HOST) is None
    await languages.load(db)
    assert languages.of(HOST) == "ca" and languages.of(GUEST) is None
    await languages.choose(db, GUEST, "uk")
    await languages.choose(db, HOST, None)
    await db.close()  # nothing below may touch it
    assert (languages.of(HOST), languages.of(GUEST)) == (None, "uk")


async def test_a_choice_made_by_another_process_arrives_with_the_next_reading(db: Database) -> None:
    here, elsewhere = ChosenLanguages(), ChosenLanguages()
    await here.load(db)
    await elsewhere.choose(db, HOST, "pl")
    assert here.of(HOST) is None
    await here.load(db)
    assert here.of(HOST) == "pl"


async def test_a_game_keeps_its_language_and_refuses_an_unknown_one(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=1, channel_id=2, game_name="carnegie", host_id=HOST, language="ca"
    )
    assert table.game.language == "ca"
    assert await sessions.reading.game_language(table.id) == "ca"
    with pytest.raises(InvalidOptions):
        await sessions.lobby.create_game(
            guild_id=1, channel_id=3, game_name="carnegie", host_id=HOST, language="xx"
        )
    async with sessions.store.db.transaction(write=False) as conn:
        assert await game_rows.open_game_in_channel(conn, 3) is None
    plain = await sessions.lobby.create_game(guild_id=1, channel_id=4, game_name="carnegie", host_id=HOST)
    assert plain.game.language == "en"


async def _exported(sessions: Sessions, language: str) -> dict[str, object]:
    table = await sessions.lobby.create_game(
        guild_id=1, channel_id=2, game_name="carnegie", host_id=HOST, seats=2, language=language
    )
    await sessions.lobby.join(table.id, GUEST)
    await sessions.lobby.start(table.id, HOST)
    return await transfer.export_game(sessions, table.id, MODERATOR, may_manage=True)


async def test_export_and_import_carry_the_games_language(sessions: Sessions) -> None:
    document = await _exported(sessions, "pl")
    assert document["language"] == "pl"
    imported = await transfer.import_game(
        sessions, export_file.decode(export_file.encode(document)), guild_id=1, channel_id=5
    )
    assert imported.game.language == "pl"
    # An export made before languages existed imports as an English game.
    del document["language"]
    document["checksum"] = export_file.checksum(document)
    older = await transfer.import_game(sessions, document, guild_id=1, channel_id=6)
    assert older.game.language == "en"


async def test_an_import_in_an_unknown_language_is_refused_in_one_sentence_and_stores_nothing(
    sessions: Sessions,
) -> None:
    document = await _exported(sessions, "uk")
    document["language"] = "tlh"
    document["checksum"] = export_file.checksum(document)
    with pytest.raises(Refusal) as refused:
        await transfer.import_game(sessions, document, guild_id=1, channel_id=7)
    assert (
        refused.value.message
        == "The export's language 'tlh' is not one this bot speaks (en, uk, ru, pl, ca)."
    )
    async with sessions.store.db.transaction(write=False) as conn:
        assert await game_rows.latest_game_in_channel(conn, 7) is None


def test_speaking_is_undone_after_its_block() -> None:
    with speaking("uk"):
        assert current() == "uk"
    assert current() == "en"
