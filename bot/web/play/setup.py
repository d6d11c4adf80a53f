"""Setting a local game up: one form per game, its seats (the first is a person at the screen, each
other empty, a person, or a bot at one of the game's levels) and its options from the game's own
guide; the table is opened, filled and started through the lobby, as on Discord."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from bot import plugins
from bot.service.local import LOCAL_CHANNELS, LOCAL_GUILD_ID, PERSON_IDS
from bot.service.local_games import games_to_resume
from bot.service.progress import player_range
from bot.service.refusals import ChannelOccupied
from bot.service.sessions import Sessions
from bot.service.speeds import NO_LIMIT
from bot.service.words import duration, level_word
from bot.storage.games import MAX_DISPLAY_NAME
from bot.web.context import context_of
from bot.web.play.mode import local_of
from bot.web.reader import reader_language
from bot.web.templating import page
from engine.core import EngineError
from render.common.language import say, speaking, t, tn

PERSON = "person"
# A random channel below any snowflake rarely meets an open local game's; a few tries make it certain.
CHANNEL_TRIES = 5


@dataclass(frozen=True)
class OptionShown:
    key: str
    label: str
    # (value, label); none: a checkbox
    choices: list[tuple[str, str]]


@dataclass
class GameForm:
    name: str
    title: str
    players: str
    seats: int
    # (value, label) of a seat after the first
    kinds: list[tuple[str, str]]
    # the preselected kind of each seat after the first
    preset: list[str]
    options: list[OptionShown] = field(default_factory=list)
    # "Seat 1"… in the reader's words
    seat_names: list[str] = field(default_factory=list)


def forms() -> list[GameForm]:
    found = []
    for name in plugins.names():
        game = plugins.game(name)
        kinds = [("", t("Empty")), (PERSON, t("A person at this screen"))]
        kinds += [(f"bot:{level}", t("Bot ({level})", level=level_word(level))) for level in game.ai_levels]
        # Two seats by default where a game needs two: the second a bot, so one person can start at once.
        preset = [
            f"bot:{game.ai_levels[0]}" if seat < game.min_players else ""
            for seat in range(1, game.max_players)
        ]
        options = [
            OptionShown(o.key, say(o.description), [(c.value, say(c.label)) for c in o.choices])
            for o in game.guide.options
        ]
        seat_names = [t("Seat {number}", number=n + 1) for n in range(game.max_players)]
        found.append(
            GameForm(
                name,
                game.title,
                say(player_range(game)),
                game.max_players,
                kinds,
                preset,
                options,
                seat_names,
            )
        )
    return found


def words() -> dict[str, str]:
    return {
        "language": t("Language"),
        "setup": t("Play at this screen"),
        "intro": t(
            "Set a game up: you take the first seat; each other seat is empty, another person at this "
            "screen (hot-seat: the page shows whoever must decide), or a bot."
        ),
        "name": t("Name"),
        "start": t("Start the game"),
        "options": t("Options"),
        "resume": t("Games to resume"),
    }


async def setup_page(request: web.Request) -> web.StreamResponse:
    return await _setup(request, reader_language(request))


@dataclass(frozen=True)
class Resumable:
    url: str
    title: str
    players: str
    moved: str


async def resumable(request: web.Request) -> list[Resumable]:
    """The unfinished local games, the one moved last first: game, players, when it last moved."""
    store = context_of(request).sessions.store
    now = store.clock()
    found = []
    for table in await games_to_resume(store):
        moved = int((now - datetime.fromisoformat(table.game.updated_at)).total_seconds())
        found.append(
            Resumable(
                f"/play/{table.id}",
                t("{game} #{id}", game=say(plugins.game(table.game.game).title), id=table.id),
                ", ".join(table.names),
                t("last move {time} ago", time=duration(moved)),
            )
        )
    return found


async def _setup(request: web.Request, lang: str, refusal: str = "") -> web.Response:
    with speaking(lang):
        return page(
            "play_setup.html",
            lang,
            resume=await resumable(request),
            games=forms(),
            words=words(),
            token=local_of(request).token,
            refusal=refusal,
            path=request.path,
            max_name=MAX_DISPLAY_NAME,
        )


@dataclass(frozen=True)
class Wanted:
    game: str
    # (kind, name) in seat order: kind PERSON or a bot level
    seats: list[tuple[str, str]]
    options: dict[str, Any]


class BadSetup(Exception):
    pass


def read_setup(form: MultiDictProxy[Any]) -> Wanted:
    """The form read and bounded; a sentence naming the limit for anything out of it."""
    name = str(form.get("game", ""))
    if name not in plugins.names():
        raise BadSetup(t("There is no such game."))
    game = plugins.game(name)
    seats: list[tuple[str, str]] = []
    for seat in range(game.max_players):
        kind = PERSON if seat == 0 else str(form.get(f"seat{seat}", ""))[:40]
        if not kind:
            continue
        typed = " ".join(str(form.get(f"name{seat}", "")).split())
        if kind == PERSON:
            if len(typed) > MAX_DISPLAY_NAME:
                raise BadSetup(
                    tn(
                        "A name is at most {n} character.",
                        "A name is at most {n} characters.",
                        MAX_DISPLAY_NAME,
                    )
                )
            persons = sum(1 for k, _ in seats if k == PERSON)
            seats.append((PERSON, typed or t("Player {number}", number=persons + 1)))
        elif kind.startswith("bot:") and kind[4:] in game.ai_levels:
            seats.append((kind[4:], ""))
        else:
            raise BadSetup(t("A seat is empty, a person or a bot at one of the game's levels."))
    if not game.min_players <= len(seats) <= game.max_players:
        raise BadSetup(
            t(
                "{title} is played by {players}, not {seats}.",
                title=game.title,
                players=say(player_range(game)),
                seats=len(seats),
            )
        )
    options: dict[str, Any] = {}
    for spec in game.guide.options:
        value = str(form.get(f"option-{spec.key}", ""))[:40]
        if spec.choices:
            if value and value not in {c.value for c in spec.choices}:
                raise BadSetup(t("{option}: not one of its choices.", option=say(spec.description)))
            if value:
                options[spec.key] = value
        elif value:
            options[spec.key] = True
    return Wanted(name, seats, options)


async def open_table(sessions: Sessions, wanted: Wanted, lang: str) -> int:
    """Open, fill and start the table through the lobby; the started game's id."""
    host = PERSON_IDS[0]
    host_name = wanted.seats[0][1]
    for attempt in range(CHANNEL_TRIES):
        try:
            table = await sessions.lobby.create_game(
                guild_id=LOCAL_GUILD_ID,
                channel_id=LOCAL_CHANNELS.start + secrets.randbelow(len(LOCAL_CHANNELS)),
                game_name=wanted.game,
                host_id=host,
                seats=len(wanted.seats),
                options=wanted.options,
                host_name=host_name,
                # No turn clock: nobody is reminded or skipped at a screen.
                speed=NO_LIMIT.key,
                language=lang,
            )
            break
        except ChannelOccupied:
            if attempt == CHANNEL_TRIES - 1:
                raise
    persons = iter(PERSON_IDS[1:])
    for kind, name in wanted.seats[1:]:
        if kind == PERSON:
            await sessions.lobby.join(table.id, next(persons), name)
        else:
            await sessions.lobby.add_bot(table.id, host, kind)
    status = await sessions.lobby.start(table.id, host, anyway=True)
    return status.table.id


async def new_game(request: web.Request) -> web.StreamResponse:
    form = await request.post()
    local = local_of(request)
    token = form.get("token")
    local.check(request, token if isinstance(token, str) else None)
    lang = reader_language(request)
    with speaking(lang):
        try:
            wanted = read_setup(form)
            game_id = await open_table(context_of(request).sessions, wanted, lang)
        except BadSetup as exc:
            return await _setup(request, lang, str(exc))
        except EngineError as exc:
            return await _setup(request, lang, say(exc.message))
    local.kick(game_id)
    raise web.HTTPSeeOther(f"/play/{game_id}")
