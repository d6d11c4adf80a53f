"""Server pages for after the game, read-only and in the reader's language: a game's leaderboard in
a server or everywhere, a player's profile and their history. Everything is read through the table
service's after-the-game reading (``Sessions.after``), never a query of their own. Their addresses
carry keys made with the companion's secret (``links.board_path``, ``links.player_path``): a private
server's board or a player's page is not found by guessing an id; Discord's answers and the page of
an ended game give them. A hidden profile shows nothing, its history neither."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot import plugins
from bot.service.after_game.ratings import BOT
from bot.service.after_game.reading import ProfileHidden
from bot.service.after_game.words import (
    board_lines,
    board_rule,
    game_title,
    outcome,
    player_name,
    sparkline,
    tally_lines,
)
from bot.storage.results import EVERYWHERE
from bot.web import reading
from bot.web.context import context_of
from bot.web.links import board_path, player_key, player_path, scope_key
from bot.web.reader import reader_language
from bot.web.templating import page
from engine.core import UnknownGame
from render.common.language import speaking, t, tn

# Nobody asks on the web: a profile hidden from others is hidden here (user ids are never 0).
NOBODY = 0
# A page number in an address: at most this many digits (the reading bounds it again).
PAGE_DIGITS = 5


@dataclass(frozen=True)
class Link:
    label: str
    url: str
    current: bool = False


@dataclass(frozen=True)
class Entry:
    """A line of a leaderboard or a history: its words, and the player's page where there is one."""

    text: str
    url: str = ""


@dataclass(frozen=True)
class GameCard:
    title: str
    lines: list[str]
    trail: str
    board: str


def offered(game: str) -> bool:
    """Whether ``game`` is one the table offers (a game no longer offered has no leaderboard)."""
    try:
        plugins.plugin(game)
    except UnknownGame:
        return False
    return True


def page_of(raw: str | None) -> int:
    """The page asked for (shown from 1); anything unreadable is the first."""
    if raw is None or not raw.isascii() or not raw.isdigit() or len(raw) > PAGE_DIGITS:
        return 0
    return max(int(raw) - 1, 0)


def pager(base: str, page: int, pages: int) -> list[Link]:
    links = []
    if page > 0:
        links.append(Link(t("Previous page"), f"{base}?page={page}"))
    links.append(Link(t("Page {page} of {pages}", page=page + 1, pages=pages), "", current=True))
    if page + 1 < pages:
        links.append(Link(t("Next page"), f"{base}?page={page + 2}"))
    return links


def words() -> dict[str, str]:
    return {"language": t("Language"), "history": t("History"), "profile": t("Profile")}


async def leaderboard_page(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    lang = reader_language(request)
    with speaking(lang):
        scope = reading.keyed_number(request.match_info["scope"], context.secret, scope_key, zero=True)
        game = request.match_info["game"]
        if scope is None or not offered(game):
            raise web.HTTPNotFound(text=t("There is no such leaderboard."))
        board = await context.sessions.after.leaderboard(game, scope, page_of(request.query.get("page")))
        where = t("in this server") if scope != EVERYWHERE else t("everywhere")
        entries = [
            Entry(line, "" if row.player.startswith(BOT) else player_path(context.secret, row.user_id))
            for line, row in zip(board_lines(board, str), board.rows, strict=True)
        ]
        games = [
            Link(game_title(name), board_path(context.secret, scope, name), name == game)
            for name in plugins.names()
        ]
        return page(
            "leaderboard.html",
            lang,
            heading=t("{game} leaderboard {where}", game=game_title(game), where=where),
            rule=board_rule(board.min_games),
            entries=entries,
            empty=t("Nobody yet."),
            games=games,
            pager=pager(board_path(context.secret, scope, game), board.page, board.pages),
            words=words(),
            path=request.path_qs,
        )


def player_of(request: web.Request) -> int:
    found = reading.keyed_number(request.match_info["player"], context_of(request).secret, player_key)
    if found is None:
        raise web.HTTPNotFound(text=t("There is no such player."))
    return found


async def profile_page(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    lang = reader_language(request)
    with speaking(lang):
        user_id = player_of(request)
        try:
            profile = await context.sessions.after.profile(user_id, asker=NOBODY)
        except ProfileHidden:
            raise web.HTTPNotFound(text=t("That player keeps their profile hidden.")) from None
        name = profile.name or t("this player")
        cards = []
        for entry in profile.games:
            tally = entry.tally
            lines = tally_lines(entry)
            trail = sparkline(entry.trail) if len(entry.trail) > 1 else ""
            board = (
                board_path(context.secret, EVERYWHERE, tally.game) if tally.game in plugins.names() else ""
            )
            cards.append(GameCard(game_title(tally.game), lines, trail, board))
        return page(
            "profile.html",
            lang,
            heading=t("{name}'s games", name=name),
            cards=cards,
            empty=t("No ended games yet.") if not cards else "",
            board_word=t("Leaderboard everywhere"),
            history=player_path(context.secret, user_id) + "/history",
            words=words(),
            path=request.path_qs,
        )


async def history_page(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    lang = reader_language(request)
    with speaking(lang):
        user_id = player_of(request)
        after = context.sessions.after
        try:
            found = await after.history(user_id, asker=NOBODY, page=page_of(request.query.get("page")))
        except ProfileHidden:
            raise web.HTTPNotFound(text=t("That player keeps their profile hidden.")) from None
        name = await after.name(user_id) or t("this player")
        entries = []
        # No link to the games themselves: a player's history spans servers, and a game's page is
        # for those who could read its channel.
        for result in found.games:
            own = next((s for s in result.seats if s.user_id == user_id), None)
            table = ", ".join(
                player_name(s.player, s.name, str) for s in sorted(result.seats, key=lambda s: s.place)
            )
            entries.append(
                Entry(
                    t(
                        "{date} {game} #{id} — {outcome} · {table}",
                        date=result.ended_at[:10],
                        game=game_title(result.game),
                        id=result.game_id,
                        outcome=outcome(result, own),
                        table=table,
                    )
                )
            )
        base = player_path(context.secret, user_id)
        return page(
            "history.html",
            lang,
            heading=tn("{name}: {n} ended game", "{name}: {n} ended games", found.total, name=name),
            entries=entries,
            empty=t("No ended games yet.") if not entries else "",
            pager=pager(base + "/history", found.page, found.pages),
            profile=base,
            words=words(),
            path=request.path_qs,
        )


def routes(app: web.Application) -> None:
    app.router.add_get("/leaderboard/{scope}/{game}", leaderboard_page)
    app.router.add_get("/player/{player}", profile_page)
    app.router.add_get("/player/{player}/history", history_page)
