"""What a public page shows of a game: only what its channel may see (the public view, pictures that
are not a seat's own, the score the summaries post, the log the channel read), said in the reader's
language. Plain data for the templates; no HTML here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from aiohttp import web

from bot import plugins
from bot.service import said_events
from bot.service.narrate import line_name
from bot.service.refusals import NoGameHere, NotInProgress
from bot.service.store import state_of
from bot.service.tables import MAX_ROW_ID, Table, load_table
from bot.service.words import duration
from bot.storage import Status
from bot.storage import games as game_rows
from bot.web.context import WebContext, context_of
from bot.web.links import board_path, game_key, game_path, player_path, same_key
from bot.web.log_lines import action_sentences
from bot.web.reader import reader_language
from engine.core import GameState, ScoreLine, ScoreSheet
from render.common.language import say, speaking, t
from render.common.pictures import PictureSpec


@dataclass(frozen=True)
class PlayerShown:
    name: str
    total: int | None
    # (category, points) in the game's order
    categories: list[tuple[str, int]]
    deciding: bool = False
    time_left: str = ""
    leading: bool = False


@dataclass(frozen=True)
class PictureShown:
    key: str
    title: str
    url: str
    # the phone-sized picture the summaries carry: shown first on a narrow screen
    phone: bool = False


@dataclass(frozen=True)
class LogLine:
    seq: int
    sentences: list[str]


@dataclass
class GameShown:
    id: int
    title: str
    version: int
    status: str
    stage: str
    finished: bool
    players: list[PlayerShown]
    # the score table's columns: every category any line has, in the first line's order
    categories: list[str]
    turn: str
    pictures: list[PictureShown]
    log: list[LogLine] = field(default_factory=list)
    note: str = ""
    # the game page's path, its key in it (``links.game_path``): every link of the game starts here
    path: str = ""
    # once it has ended: (label, address) of its leaderboard and its players' profiles
    after: list[tuple[str, str]] = field(default_factory=list)


# A key in an address is read at most this long: anything longer is wrong anyway.
MAX_KEY_CHARS = 100


def no_such_game(request: web.Request) -> web.HTTPNotFound:
    """The one answer for a game that is not there, whose key is wrong or missing, or whose address
    is unreadable: in the reader's language, and nothing of any game in it."""
    with speaking(reader_language(request)):
        return web.HTTPNotFound(text=t("There is no such game."))


def row_id(raw: str) -> int | None:
    """A game's number as an address spells it, or None when it cannot be one."""
    if not raw.isascii() or not raw.isdigit() or len(raw) > 19 or not 0 < int(raw) <= MAX_ROW_ID:
        return None
    return int(raw)


def keyed_number(
    raw: str, secret: bytes, key_of: Callable[[bytes, int], str], zero: bool = False
) -> int | None:
    """The number of an address's ``{number}-{key}`` when its key is the one made for it here (a
    constant-time compare), else None; ``zero``: 0 is a number here (everywhere's leaderboard)."""
    number, _, key = raw.partition("-")
    found = 0 if zero and number == "0" else row_id(number)
    if found is None or not same_key(key[:MAX_KEY_CHARS], key_of(secret, found)):
        return None
    return found


def game_id_of(request: web.Request) -> int:
    """The game of a public address (``/game/{id}-{key}``): the one place its key is checked."""
    game_id = keyed_number(request.match_info["game_id"], context_of(request).secret, game_key)
    if game_id is None:
        raise no_such_game(request)
    return game_id


def local_game_id_of(request: web.Request) -> int:
    """The game of a local table's address (``/play/{id}``): the table serves this computer only and
    shows its own games alone, so the number is enough there."""
    game_id = row_id(request.match_info["game_id"])
    if game_id is None:
        raise no_such_game(request)
    return game_id


async def load_public(context: WebContext, game_id: int) -> Table:
    """The game's row and seats (one read; no move is computed here)."""
    try:
        async with context.sessions.store.db.transaction(write=False) as conn:
            return await load_table(conn, game_id)
    except NoGameHere:
        raise web.HTTPNotFound(text=t("There is no such game.")) from None


def state_now(table: Table) -> GameState:
    """The game's state as the table's row holds it (one read: the state and its version agree)."""
    try:
        return state_of(plugins.game(table.game.game), table)
    except NotInProgress:
        raise web.HTTPNotFound(text=t("That game has not started yet.")) from None


def public_specs(table: Table) -> list[PictureSpec]:
    """The pictures the channel may see: every one that is not a seat's own close-up."""
    found = plugins.plugin(table.game.game)
    if found.pictures is None:
        return []
    return [spec for spec in found.pictures.specs if not spec.per_seat]


def score_columns(sheet: ScoreSheet) -> list[str]:
    """The score table's columns: every category any line has, in the order they first appear."""
    columns: list[str] = []
    for line in sheet.lines:
        columns += [say(c) for c in line.categories if say(c) not in columns]
    return columns


def _scored(line: ScoreLine | None) -> tuple[int | None, list[tuple[str, int]]]:
    if line is None:
        return None, []
    return line.total, [(say(k), v) for k, v in line.categories.items()]


async def public_game(context: WebContext, game_id: int, lang: str) -> GameShown:
    """The game as its channel sees it, said in ``lang`` (the caller speaks it): kept per version
    and language, with each player's time left, which runs between versions, read every time."""
    table = await load_public(context, game_id)
    key = (game_id, table.version, lang)
    shown: GameShown | None = context.shown.get(key)
    if shown is None:
        shown = await _shown(context, table)
        context.shown.put(key, shown)
    times = await _times_left(context, game_id)
    if not times:
        return replace(shown, pictures=list(shown.pictures))
    players = [replace(p, time_left=times.get(seat, "")) for seat, p in enumerate(shown.players)]
    return replace(shown, players=players, pictures=list(shown.pictures))


async def _shown(context: WebContext, table: Table) -> GameShown:
    game_id = table.id
    found = plugins.plugin(table.game.game)
    game = found.rules
    if table.game.snapshot is None:
        return lobby_shown(table, game_path(context.secret, game_id))
    state = state_now(table)
    names = table.names
    decision = game.pending(state)
    sheet = game.score(state)
    columns = score_columns(sheet)
    leaders = {i for i in sheet.winners if 0 <= i < len(sheet.lines)}
    by_seat = {line.seat: (i, line) for i, line in enumerate(sheet.lines) if line.seat is not None}
    players = []
    for seat, name in enumerate(names):
        index, line = by_seat.get(seat, (-1, None))
        total, categories = _scored(line)
        deciding = seat in decision.seats and not decision.finished
        players.append(PlayerShown(name, total, categories, deciding, leading=index in leaders))
    # A rival without a seat (a solo game's opponent) is a row of the score too.
    for index, line in enumerate(sheet.lines):
        if line.seat is None:
            total, categories = _scored(line)
            players.append(PlayerShown(line_name(line, names), total, categories, leading=index in leaders))
    if decision.finished:
        turn = t("The game is over.")
    elif decision.seats:
        turn = t("Waiting for {names}.", names=", ".join(names[s] for s in decision.seats if s < len(names)))
    else:
        turn = ""
    pictures = [
        PictureShown(
            spec.key,
            say(spec.title),
            f"{game_path(context.secret, game_id)}/picture/{spec.key}.png?v={table.version}",
            spec.in_summaries,
        )
        for spec in public_specs(table)
    ]
    finished = decision.finished or table.game.status is not Status.ACTIVE
    after = await after_links(context, table) if finished else []
    rows = await context.sessions.reading.live_log(game_id)
    log = []
    for row in rows:
        log.append(LogLine(row.seq, action_sentences(row, said_events.loads(row.events), names)))
    return GameShown(
        id=game_id,
        title=game.title,
        version=table.version,
        status=table.game.status.value,
        stage=say(game.glance(state, None).stage),
        finished=finished,
        players=players,
        categories=columns,
        turn=turn,
        pictures=pictures,
        log=log,
        note=say(sheet.note) if sheet.final else "",
        path=game_path(context.secret, game_id),
        after=after,
    )


async def after_links(context: WebContext, table: Table) -> list[tuple[str, str]]:
    """An ended game's way to the pages after the game: its server's leaderboard of the game, and
    the profile of each person who played (a hidden profile is not linked: it shows nothing)."""
    links = [(t("Leaderboard"), board_path(context.secret, table.game.guild_id, table.game.game))]
    for seat in table.seats:
        if seat.seat is None or seat.is_ai or await context.sessions.after.is_hidden(seat.user_id):
            continue
        name = table.name_at(seat.seat)
        links.append((t("{name}'s profile", name=name), player_path(context.secret, seat.user_id)))
    return links


def lobby_shown(table: Table, path: str) -> GameShown:
    """A table still gathering players (the lobby's post links here already)."""
    game = plugins.game(table.game.game)
    if table.game.status is Status.LOBBY:
        turn = t("The players are gathering in the lobby; the game has not started yet.")
    else:
        turn = t("This table was closed before its game started.")
    return GameShown(
        id=table.id,
        title=game.title,
        version=table.version,
        status=table.game.status.value,
        stage="",
        finished=table.game.status is not Status.LOBBY,
        players=[PlayerShown(seat.display_name or t("A player"), None, []) for seat in table.seats],
        categories=[],
        turn=turn,
        pictures=[],
        path=path,
    )


async def _times_left(context: WebContext, game_id: int) -> dict[int, str]:
    if context.clocks is None:
        return {}
    pace, times = await context.clocks.reading.times(game_id)
    if pace.key == "none":
        return {}
    return {seat: duration(max(0, time.left)) for seat, time in times.items()}


async def game_version(context: WebContext, game_id: int) -> int:
    """The game's version alone (one row read): what a live page polls."""
    async with context.sessions.store.db.transaction(write=False) as conn:
        row = await game_rows.get_game(conn, game_id)
    if row is None:
        raise web.HTTPNotFound(text=t("There is no such game."))
    return row.version


def page_words() -> dict[str, str]:
    """The page's own words, said in the current language."""
    return {
        "players": t("Players"),
        "total": t("Total"),
        "log": t("Log"),
        "replay": t("Replay"),
        "language": t("Language"),
        "zoom_in": t("Zoom in"),
        "zoom_out": t("Zoom out"),
        "fit": t("Fit"),
        "time_left": t("Time left"),
        "nothing": t("Nothing has happened yet."),
        "private": t("Your own view, for you only"),
    }
