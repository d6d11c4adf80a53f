"""The replay: a game stepped through action by action and checkpoint by checkpoint (buttons, the
arrow keys, a slider), its public pictures drawn at each point through the render pool and kept,
the log beside them. Only what the channel saw: public pictures, the channel's log."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot.web import pictures, reading, replay
from bot.web.context import WebContext, context_of
from bot.web.links import game_path
from bot.web.reader import reader_language
from bot.web.replay import History
from bot.web.templating import page
from render.common.language import say, speaking, t

# A point in an address: at most this many digits (a game has some hundreds of actions).
POINT_DIGITS = 6


@dataclass(frozen=True)
class Step:
    point: int
    sentences: list[str]
    checkpoint: str = ""


async def history_of(context: WebContext, game_id: int) -> History:
    table = await reading.load_public(context, game_id)
    if table.game.seed is None:
        raise web.HTTPNotFound(text=t("That game has not started yet."))
    return await replay.history_of(context.sessions, context.replays, table)


def point_of(raw: str | None, last: int) -> int:
    """A point asked for in an address; out of range or unreadable: a clear 404."""
    if raw is None:
        return last
    if not raw.isascii() or not raw.isdigit() or len(raw) > POINT_DIGITS or int(raw) > last:
        raise web.HTTPNotFound(text=t("The replay has points 0 to {last}.", last=last))
    return int(raw)


async def replay_page(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    game_id = reading.game_id_of(request)
    lang = reader_language(request)
    with speaking(lang):
        history = await history_of(context, game_id)
        point = point_of(request.query.get("at"), history.points)
        names = history.table.names
        titles = history.checkpoint_titles()
        steps = [Step(0, [t("The start.")])] + [
            Step(k + 1, line, titles.get(k + 1, "")) for k, line in enumerate(history.lines(names))
        ]
        specs = reading.public_specs(history.table)
        return page(
            "replay.html",
            lang,
            game_id=game_id,
            game_path=game_path(context.secret, game_id),
            title=history.game.title,
            point=point,
            last=history.points,
            checkpoints=",".join(str(p) for p in titles),
            steps=steps,
            pictures=[(spec.key, say(spec.title), spec.in_summaries) for spec in specs],
            words=replay_words(),
            path=request.path_qs,
        )


async def replay_picture(request: web.Request) -> web.StreamResponse:
    context = context_of(request)
    game_id = reading.game_id_of(request)
    history = await history_of(context, game_id)
    key = pictures.public_key(request, history.table)
    point = point_of(request.match_info["point"], history.points)
    state = history.state(point)
    body = await pictures.drawn(
        context, history.table, key, state, ("replay", *history.mark(point)), reader_language(request)
    )
    return pictures.png(body)


def replay_words() -> dict[str, str]:
    return {
        "replay": t("Replay"),
        "game_page": t("Back to the game"),
        "first": t("Start"),
        "previous_checkpoint": t("Previous round or scoring"),
        "previous": t("Previous action"),
        "next": t("Next action"),
        "next_checkpoint": t("Next round or scoring"),
        "last": t("Now"),
        "position": t("Action"),
        "keys": t("Arrow keys: ← → one action, ↑ ↓ one round or scoring."),
        "zoom_in": t("Zoom in"),
        "zoom_out": t("Zoom out"),
        "fit": t("Fit"),
        "language": t("Language"),
        "log": t("Log"),
    }


def routes(app: web.Application) -> None:
    app.router.add_get("/game/{game_id}/replay", replay_page)
    app.router.add_get("/game/{game_id}/replay/{point}/{key}.png", replay_picture)
