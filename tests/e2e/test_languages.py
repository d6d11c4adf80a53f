"""Issue 21 end to end: a complete 2-player Carnegie game through the real discord.py client and the
loopback fake, alice's Discord in Ukrainian, bob's in Polish, the game created with
``/game new language:ca``. Every text a player receives (public posts and their edits, private panels,
replies and follow-ups, button labels, menu placeholders, option labels and descriptions, embeds, modal
titles) is read in the language it must be in: public posts in the game's (Catalan), the rest in the
reader's. No English word may reach them (``tests.i18n.english``) but names, and no text may be in
another of the table's languages (a public post in a player's language, a panel in the game's).

The players are the transcript tool's (``tests.transcript.play``), who click by custom_id and value:
the same seeded game as ``docs/transcripts/carnegie-2p.md``.
"""

from __future__ import annotations

import re
from collections import defaultdict

from tests.fakediscord.outcome import MODAL
from tests.i18n.english import english_in
from tests.transcript.journal import JournalFake, Look
from tests.transcript.play import DEFAULT_SEEDS, played

GAME_LANGUAGE = "ca"
LOCALES = {"alice": "uk", "bob": "pl"}
# Letters only one of the table's languages writes: a text holding them is said in that language.
LETTERS = {
    "uk": re.compile(r"[а-яА-ЯіїєґІЇЄҐ]"),
    "pl": re.compile(r"[ąćęłńśźżĄĆĘŁŃŚŹŻ]"),
    "ca": re.compile(r"[àçèòÀÇÈÒ]|l·l"),
}


def texts(look: Look) -> list[str]:
    """Every text of a message a player reads."""
    found = [look.content, *look.buttons, *look.embeds]
    for menu in look.menus:
        found.append(menu.placeholder)
        for option in menu.options:
            found += [option.label, option.description]
    return [text for text in found if text]


def read(fake: JournalFake) -> list[tuple[str, str, str]]:
    """(reader, language, text) of everything the players received."""
    said: list[tuple[str, str, str]] = []
    for entry in fake.entries:
        if entry.look is None:
            continue
        if entry.kind == "private":
            reader, lang = entry.who, LOCALES[entry.who]
        else:
            reader, lang = "#" + entry.channel, GAME_LANGUAGE
        said += [(reader, lang, fake.plain(text)) for text in texts(entry.look)]
    for record in fake.interactions.values():
        if record.callback_type == MODAL:
            user = record.user.username
            said.append((user, LOCALES[user], str(record.callback_data.get("title", ""))))
    return said


async def test_a_whole_game_in_catalan_with_a_ukrainian_and_a_polish_player_shows_no_english() -> None:
    fake = JournalFake()
    await fake.start()
    for name, locale in LOCALES.items():
        fake.users[name].locale = locale
    try:
        table = await played(fake, "carnegie", list(LOCALES), DEFAULT_SEEDS[2], language=GAME_LANGUAGE)
    finally:
        await fake.stop()
    assert table.tally.decisions(), "no decision was played"
    names = [*LOCALES, fake.bot.username]
    english: dict[str, list[str]] = defaultdict(list)  # an English word: where it was read
    mixed: list[str] = []
    said = read(fake)
    assert any(reader == "#games" for reader, _, _ in said) and {r for r, _, _ in said} >= set(LOCALES)
    for reader, lang, text in said:
        for word in english_in(text, lang, names):
            english[word].append(f"{reader} ({lang}): {text[:160]!r}")
        for other, letters in LETTERS.items():
            if other != lang and letters.search(text):
                mixed.append(f"{reader} should read {lang}, reads {other}: {text[:160]!r}")
    report = [f"{word} ×{len(where)}, e.g. {where[0]}" for word, where in sorted(english.items())]
    assert not mixed, f"{len(mixed)} texts in another language:\n" + "\n".join(mixed[:30])
    assert not english, f"{len(english)} English words reached the players:\n" + "\n".join(report)
