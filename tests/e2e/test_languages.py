"""Issue 21 end to end: a complete 2-player Carnegie game through the real discord.py client and the
loopback fake, alice's Discord in Ukrainian, bob's in Polish, the game created with
``/game new language:ca``. Every text a player receives (public posts and their edits, private panels,
replies and follow-ups, button labels, menu placeholders, option labels and descriptions, embeds, modal
titles) is read in the language it must be in: public posts in the game's (Catalan), the rest in the
reader's. No English word may reach them (``tests.i18n.english``) but names, and no text may be in
another of the table's languages (a public post in a player's language, a panel in the game's).
Before the words, the plumbing: every message the bot sends, it sends speaking the language its reader
needs (``render.common.language.current()`` at the request, compared with where the message goes), so a
sentence not translated yet is no excuse for a post in the wrong language.

The players are the transcript tool's (``tests.transcript.play``), who click by custom_id and value:
the same seeded game as ``docs/transcripts/carnegie-2p.md``.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import discord.http
import discord.webhook.async_
import pytest

from render.common.language import current
from tests.fakediscord.outcome import CHANNEL_MESSAGE, MODAL, UPDATE_MESSAGE
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


EPHEMERAL_FLAG = 1 << 6
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
FOLLOWUP = re.compile(r"/webhooks/\d+/([^/]+)(?:/messages/(@original|\d+))?$")
CHANNEL = re.compile(r"/channels/(\d+)/(?:messages|threads)(?:/\d+)?$|/channels/(\d+)/messages/\d+/threads$")


@dataclass
class Sent:
    """One request of the bot's that may carry words, and the language the bot spoke when it sent it."""

    method: str
    url: str
    payload: dict[str, Any]
    spoken: str


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Sent]]:
    """Every request the bot makes to Discord's API and to the interaction webhooks, with the language
    it was speaking (the request runs in the task that sends, so it reads that task's language)."""
    found: list[Sent] = []
    plain_request = discord.http.HTTPClient.request
    hook_request = discord.webhook.async_.AsyncWebhookAdapter.request

    def note(route: Any, payload: dict[str, Any] | None, multipart: list[dict[str, Any]] | None) -> None:
        if payload is None and multipart:
            given = next((part["value"] for part in multipart if part.get("name") == "payload_json"), None)
            payload = json.loads(given) if isinstance(given, str) else None
        found.append(Sent(route.method, route.url, payload or {}, current()))

    async def request(self: Any, route: Any, **kwargs: Any) -> Any:
        note(route, kwargs.get("json"), kwargs.get("form"))
        return await plain_request(self, route, **kwargs)

    async def webhook(self: Any, route: Any, session: Any, **kwargs: Any) -> Any:
        note(route, kwargs.get("payload"), kwargs.get("multipart"))
        return await hook_request(self, route, session, **kwargs)

    monkeypatch.setattr(discord.http.HTTPClient, "request", request)
    monkeypatch.setattr(discord.webhook.async_.AsyncWebhookAdapter, "request", webhook)
    yield found


def wanted(fake: JournalFake, request: Sent) -> tuple[str, str] | None:
    """(reader, language) a request that carries words must be said in; None when it carries none."""
    if request.method == "DELETE":
        return None
    by_token = {r.token: r for r in fake.interactions.values()}
    if match := CALLBACK.search(request.url):
        record = fake.interactions[int(match[1])]
        kind, data = request.payload.get("type"), request.payload.get("data") or {}
        if kind == CHANNEL_MESSAGE:
            private = bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)
        elif kind == UPDATE_MESSAGE:
            private = record.source_message is not None and record.source_message.ephemeral
        elif kind == MODAL:
            private = True
        else:
            return None  # a deferral: no words
        user = record.user.username
        return (user, LOCALES[user]) if private else ("#games", GAME_LANGUAGE)
    if match := FOLLOWUP.search(request.url):
        record = by_token[match[1]]
        user = record.user.username
        if match[2] is None:
            private = bool(int(request.payload.get("flags") or 0) & EPHEMERAL_FLAG)
        elif match[2] == "@original":
            private = record.original is not None and record.original.ephemeral
        else:
            private = fake.message(int(match[2])).ephemeral
        return (user, LOCALES[user]) if private else ("#games", GAME_LANGUAGE)
    if CHANNEL.search(request.url) and request.method in ("POST", "PATCH"):
        return "#games", GAME_LANGUAGE
    return None


def texts(look: Look) -> list[str]:
    """Every text of a message a player reads."""
    found = [look.content, *look.buttons, *look.embeds]
    for menu in look.menus:
        found.append(menu.placeholder)
        for option in menu.options:
            found += [option.label, option.description]
    return [text for text in found if text]


def _untimed(text: str) -> str:
    """Without the journal's stand-ins for Discord timestamps, which each client shows in its own
    language ("(a moment ago)", "(a date)")."""
    return text.replace("(a moment ago)", "").replace("(a date)", "")


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
        said += [(reader, lang, _untimed(fake.plain(text))) for text in texts(entry.look)]
    for record in fake.interactions.values():
        if record.callback_type == MODAL:
            user = record.user.username
            said.append((user, LOCALES[user], str(record.callback_data.get("title", ""))))
    return said


@pytest.mark.slow
async def test_a_whole_game_in_catalan_with_a_ukrainian_and_a_polish_player_shows_no_english(
    sent: list[Sent],
) -> None:
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
    spoken = []
    for request in sent:
        target = wanted(fake, request)
        if target is not None and target[1] != request.spoken:
            where = f"{request.method} {request.url} for {target[0]} ({target[1]})"
            spoken.append(f"{where} said in {request.spoken}")
    assert len(sent) > 100, "the bot's requests were not seen"
    assert not spoken, f"{len(spoken)} of {len(sent)} requests:\n" + "\n".join(spoken[:30])
    assert not mixed, f"{len(mixed)} texts in another language:\n" + "\n".join(mixed[:30])
    assert not english, f"{len(english)} English words reached the players:\n" + "\n".join(report)
