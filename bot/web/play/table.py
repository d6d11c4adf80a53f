"""The local table's page: the companion's game page (board, players, whose turn, the log) with the
panel of the person who must decide (hot-seat: whoever it is; with several at once, a tab each), and
its moves, undo and hint as POSTs. Only a game of the local table is shown or changed here: a Discord
game's id is refused as unknown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from bot import plugins
from bot.service import picker
from bot.service.hints import hint_text
from bot.service.local import is_local
from bot.service.play import STALE_CHOICE
from bot.service.refusals import NoGameHere
from bot.service.tables import GameStatus
from bot.storage import Status
from bot.web import reading
from bot.web.context import context_of
from bot.web.links import Signer
from bot.web.play.mode import Said, local_of
from bot.web.play.panel import PanelShown, panel_of
from bot.web.reader import reader_language
from bot.web.templating import page
from engine.core import EngineError, StaleState
from render.common.language import say, speaking, t

# A form's numbers are a client's input: bounded before they are used.
MAX_NUMBER = 10**9


async def local_status(request: web.Request, game_id: int) -> GameStatus:
    try:
        status = await context_of(request).sessions.reading.status(game_id)
    except NoGameHere:
        raise web.HTTPNotFound(text=t("There is no such game.")) from None
    if not is_local(status.table) or status.table.game.status is Status.LOBBY:
        raise web.HTTPNotFound(text=t("There is no such game."))
    return status


def people_deciding(status: GameStatus) -> list[int]:
    progress = status.progress
    if progress is None or progress.decision.finished or status.table.game.status is not Status.ACTIVE:
        return []
    return [s for s in progress.decision.seats if s not in status.table.ai_seats]


def play_words() -> dict[str, str]:
    return {
        **reading.page_words(),
        "undo": t("Undo"),
        "mine": t("My board"),
        "hint": t("Hint"),
        "rules": t("Rules"),
        "new": t("New game"),
        "bots_thinking": t("The bots are thinking…"),
    }


async def table_page(request: web.Request, *, note: str = "", refusal: str = "") -> web.Response:
    game_id = reading.local_game_id_of(request)
    lang = reader_language(request)
    context = context_of(request)
    with speaking(lang):
        status = await local_status(request, game_id)
        shown = await reading.public_game(context, game_id, lang)
        deciding = people_deciding(status)
        asked = _number(request.query.get("seat"))
        seat = asked if asked in deciding else (deciding[0] if deciding else None)
        panel: PanelShown | None = None
        mine = ""
        if seat is not None and status.progress is not None:
            step = picker.parse_step(request.query.get("step", "")[:40]) or ()
            panel = panel_of(status.table, status.progress, seat, step, note)
            # the seat's own view (its close-up, what it wants in view), as /game player links it
            now = int(context.sessions.store.clock().timestamp())
            mine = Signer(context.secret).seat_path(game_id, seat, now)
        tabs = [(s, status.table.said_at(s)) for s in deciding]
        found = plugins.game(status.table.game.game)
        topics = [(say(topic.title), say(topic.body)) for topic in found.guide.topics.values()]
        bots = not deciding and not shown.finished
        if bots:
            # a bot's decision left pending (a restart between two moves) is taken now
            local_of(request).kick(game_id)
        return page(
            "play_table.html",
            lang,
            game=shown,
            panel=panel,
            mine=mine,
            tabs=tabs,
            topics=topics,
            bots=bots,
            refusal=refusal,
            token=local_of(request).token,
            words=play_words(),
            path=request.path,
        )


async def show(request: web.Request) -> web.StreamResponse:
    """The table; after a hint or a refused move, what it said (``said``: its key, made by the POST)."""
    key = request.query.get("said", "")[:40]
    said = local_of(request).said.get(key) if key else None
    if said is None or said.game_id != reading.local_game_id_of(request):
        return await table_page(request)
    return await table_page(request, note=said.note, refusal=said.refusal)


def _said(
    request: web.Request, game_id: int, seat: int | None, note: str = "", refusal: str = ""
) -> web.HTTPSeeOther:
    """POST-redirect-GET: the table's address with what the POST said kept for it."""
    key = local_of(request).keep(Said(game_id, note, refusal))
    where = f"/play/{game_id}?" + (f"seat={seat}&" if seat is not None else "")
    return web.HTTPSeeOther(f"{where}said={key}")


def _asked_seat(request: web.Request) -> int | None:
    return _number(request.query.get("seat"))


def _number(raw: Any) -> int | None:
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return None
    value = int(raw)
    return value if value < MAX_NUMBER else None


@dataclass(frozen=True)
class Posted:
    """A form checked (this computer, the token), its numbers bounded, and the person it acts for."""

    form: MultiDictProxy[Any]
    status: GameStatus
    seat: int
    version: int
    user: int


async def _posted(request: web.Request, game_id: int) -> Posted:
    form = await request.post()
    token = form.get("token")
    local_of(request).check(request, token if isinstance(token, str) else None)
    seat, version = _number(form.get("seat")), _number(form.get("version"))
    status = await local_status(request, game_id)
    user = status.table.user_at(seat) if seat is not None else None
    if seat is None or version is None or user is None:
        raise StaleState(STALE_CHOICE)
    return Posted(form, status, seat, version, user)


def _back(game_id: int, seat: int, step: picker.Step = ()) -> web.HTTPSeeOther:
    where = f"/play/{game_id}?seat={seat}"
    return web.HTTPSeeOther(where + (f"&step={picker.format_step(step)}" if step else ""))


async def act(request: web.Request) -> web.StreamResponse:
    game_id = reading.local_game_id_of(request)
    sessions = context_of(request).sessions
    with speaking(reader_language(request)):
        try:
            posted = await _posted(request, game_id)
            progress = posted.status.progress
            choices = progress.choices.get(posted.seat, []) if progress else []
            index = _number(posted.form.get("index"))
            if posted.status.table.version != posted.version or index is None or index >= len(choices):
                raise StaleState(STALE_CHOICE)
            result = await sessions.play.act(
                game_id,
                posted.user,
                choices[index].notation,
                expected_version=posted.version,
                interaction_id=None,
                seat=posted.seat,
            )
        except EngineError as exc:
            raise _said(request, game_id, _asked_seat(request), refusal=say(exc.message)) from None
    local_of(request).kick(game_id)
    step: picker.Step = ()
    if result.seat in result.progress.decision.seats:
        step = picker.resume(picker.listed(result.progress, result.seat), result.path)
    raise _back(game_id, result.seat, step)


async def undo(request: web.Request) -> web.StreamResponse:
    game_id = reading.local_game_id_of(request)
    sessions = context_of(request).sessions
    with speaking(reader_language(request)):
        try:
            posted = await _posted(request, game_id)
            await sessions.play.undo(
                game_id, posted.user, expected_version=posted.version, interaction_id=None, seat=posted.seat
            )
        except EngineError as exc:
            raise _said(request, game_id, _asked_seat(request), refusal=say(exc.message)) from None
    raise _back(game_id, posted.seat)


async def hint(request: web.Request) -> web.StreamResponse:
    """The strong bot's choice for the deciding person, on their panel; recorded like /game hint."""
    game_id = reading.local_game_id_of(request)
    context = context_of(request)
    with speaking(reader_language(request)):
        try:
            posted = await _posted(request, game_id)
            turn = await context.sessions.play.hint_turn(game_id, posted.user)
            found = plugins.plugin(posted.status.table.game.game)
            notation = await local_of(request).ai_pool.choose(
                found, turn.snapshot, turn.seat, turn.seed, turn.level
            )
            said = hint_text(found.rules, turn, notation)
        except EngineError as exc:
            raise _said(request, game_id, _asked_seat(request), refusal=say(exc.message)) from None
    raise _said(request, game_id, posted.seat, note=said)


def routes(app: web.Application) -> None:
    app.router.add_get("/play/{game_id}", show)
    app.router.add_post("/play/{game_id}/act", act)
    app.router.add_post("/play/{game_id}/undo", undo)
    app.router.add_post("/play/{game_id}/hint", hint)
