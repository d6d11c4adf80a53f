"""An export's game verified by replay: every field validated (pydantic models, bounded sizes: at
most ``MAX_ACTIONS`` actions and ``MAX_UNDOS`` undos, and no number anywhere larger than a row id),
and the log with its undos replayed from the seed in the order it was made, each undo checked as
``Sessions.undo`` would (the player's own last step, not a barrier). The events, undo barriers,
versions, status and snapshot to store are the replay's, never the file's; anything that does not
hold together is refused with one sentence.

Runs the engine only: no database, no Discord.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot import plugins
from bot.clocks import clock_record
from bot.ops.export_file import bound_numbers
from bot.service import said_events
from bot.service.play import MAX_UNDOS
from bot.service.refusals import ImportRefused
from bot.service.speeds import NO_LIMIT
from bot.service.tables import ID_DIGITS, MAX_ROW_ID
from bot.storage import Status
from bot.storage.games import MAX_DISPLAY_NAME
from engine.core import EngineError, Game, GameState
from engine.core.words import msg, plural
from render.common.language import DEFAULT, LANGUAGES

# A long game is a few hundred actions; undos are a player's own steps taken back. These bound
# what an import may hold (and how long its replay may take) far above any real game; MAX_UNDOS is
# Sessions.undo's own bound, so a game's own export always imports.
MAX_ACTIONS = 20_000
MAX_NOTATION = 200


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Seat(_Strict):
    seat: Annotated[int, Field(strict=True, ge=0, le=15)]
    user_id: Annotated[str, Field(strict=True, pattern=ID_DIGITS)]
    display_name: Annotated[str, Field(strict=True, max_length=MAX_DISPLAY_NAME)] | None = None
    is_host: Annotated[bool, Field(strict=True)] = False
    is_ai: Annotated[bool, Field(strict=True)] = False
    # the computer player's level of a bot seat; checked against the game's levels
    ai_level: Annotated[str, Field(strict=True, max_length=16)] | None = None


class _Action(_Strict):
    seq: Annotated[int, Field(strict=True, ge=1, le=MAX_ACTIONS)]
    seat: Annotated[int, Field(strict=True, ge=0, le=15)]
    user_id: Annotated[str, Field(strict=True, pattern=ID_DIGITS)]
    notation: Annotated[str, Field(strict=True, min_length=1, max_length=MAX_NOTATION)]
    # Only orders the actions and undos in time; the stored versions are derived.
    version_after: Annotated[int, Field(strict=True, ge=0, le=MAX_ROW_ID)]
    created_at: Annotated[str, Field(strict=True, max_length=64)]
    # Whether the bot chose it: what a result counts of a seat the bot played (older exports: none).
    by_bot: Annotated[bool, Field(strict=True)] = False


class _Undo(_Strict):
    seq: Annotated[int, Field(strict=True, ge=1, le=MAX_ACTIONS)]
    user_id: Annotated[str, Field(strict=True, pattern=ID_DIGITS)]
    version_after: Annotated[int, Field(strict=True, ge=0, le=MAX_ROW_ID)]
    created_at: Annotated[str, Field(strict=True, max_length=64)]


class _Document(_Strict):
    game: Annotated[str, Field(strict=True, max_length=64)]
    seed: Annotated[int, Field(strict=True, ge=0, le=MAX_ROW_ID)]
    options: dict[str, Any]
    seats: Annotated[list[_Seat], Field(max_length=16)]
    actions: Annotated[list[_Action], Field(max_length=MAX_ACTIONS)]
    undos: Annotated[list[_Undo], Field(max_length=MAX_UNDOS)]
    snapshot: Annotated[str, Field(strict=True)]
    # exports made before games had a language have none: their games spoke English
    language: Annotated[str, Field(strict=True, max_length=16)] = DEFAULT
    # exports made before turn clocks have none: their games had no clock
    speed: Annotated[str, Field(strict=True, max_length=16)] = NO_LIMIT.key
    clock_events: clock_record.ClockEvents = []


@dataclass(frozen=True)
class Verified:
    """An import ready to store: every field the replay can derive is derived (events, barriers,
    versions, status, snapshot); the rest was validated."""

    game: str
    seed: int
    options: str
    status: str
    version: int
    snapshot: str
    seats: list[tuple[int, int, str | None, bool, bool, str | None]]  # seat, user id, name, host, ai, level
    actions: list[
        tuple[int, int, int, str, int, str, str, bool, bool]
    ]  # seq, seat, user, notation, version, events, at, barrier, by_bot
    undos: list[tuple[int, int, int, str]]  # seq, user, version, at
    language: str = DEFAULT
    clock: clock_record.ClockRecord = field(default_factory=clock_record.ClockRecord)


def _first_problem(exc: ValidationError) -> str:
    # pydantic's own words for the problem stay English: it is the export's author who reads them
    error = exc.errors(include_url=False)[0]
    where = " → ".join(str(part) for part in error["loc"])
    if not where:
        return msg("The export is malformed at the document: {problem}.", problem=error["msg"])
    return msg("The export is malformed at {where}: {problem}.", where=where, problem=error["msg"])


def verify(document: dict[str, Any]) -> Verified:
    """Validate the document and replay its log (with its undos, in the order they were made) from
    the seed; returns what to store. Runs the engine: call it in a worker thread, outside any
    database transaction."""
    bound_numbers(document)
    try:
        doc = _Document.model_validate(document)
    except ValidationError as exc:
        raise ImportRefused(_first_problem(exc)) from None
    try:
        game: Game[Any, Any] = plugins.game(doc.game)
    except EngineError:
        raise ImportRefused(msg("This bot does not host the game {game}.", game=repr(doc.game))) from None
    players = len(doc.seats)
    if not game.min_players <= players <= game.max_players:
        raise ImportRefused(
            plural(
                "{n} seat is not a table of {title}.",
                "{n} seats is not a table of {title}.",
                players,
                title=game.title,
            )
        )
    if sorted(s.seat for s in doc.seats) != list(range(players)):
        raise ImportRefused(msg("The seat numbers are not 0…n-1."))
    users = {s.seat: int(s.user_id) for s in doc.seats}
    if len(set(users.values())) != players or not all(0 < u <= MAX_ROW_ID for u in users.values()):
        raise ImportRefused(msg("A player sits twice, or a user id is out of range."))
    if sum(s.is_host for s in doc.seats) != 1:
        raise ImportRefused(msg("The export does not name exactly one host."))
    if doc.language not in LANGUAGES:
        raise ImportRefused(
            msg(
                "The export's language {language} is not one this bot speaks ({languages}).",
                language=repr(doc.language),
                languages=", ".join(LANGUAGES),
            )
        )
    ai_seats = {s.seat for s in doc.seats if s.is_ai}
    for s in doc.seats:
        if s.ai_level is not None and (not s.is_ai or s.ai_level not in game.ai_levels):
            raise ImportRefused(
                msg(
                    "Seat {seat} names a computer level {level} this game does not have for a bot's "
                    "seat (levels: {levels}).",
                    seat=s.seat,
                    level=repr(s.ai_level),
                    levels=", ".join(game.ai_levels),
                )
            )
    if [a.seq for a in doc.actions] != list(range(1, len(doc.actions) + 1)):
        raise ImportRefused(msg("The log is not numbered 1, 2, 3…."))
    undone = [u.seq for u in doc.undos]
    if len(set(undone)) != len(undone):
        raise ImportRefused(msg("An undo is listed twice."))
    if set(undone) - set(range(1, len(doc.actions) + 1)):
        raise ImportRefused(msg("An undo names an action that is not in the log."))
    clock = clock_record.checked(doc.speed, doc.clock_events, users, ai_seats, len(doc.actions))
    timeline = _timeline(doc)
    try:
        state, rows, undo_rows, version = _replay(game, doc, timeline, users, ai_seats)
        snapshot = game.load_state(doc.snapshot)
    except ImportRefused:
        raise
    except EngineError as exc:
        raise ImportRefused(
            msg("The log does not replay from the seed: {problem}", problem=exc.sentence)
        ) from None
    except Exception:
        # Options, notations or a snapshot of a shape this game's models reject.
        raise ImportRefused(
            msg("The export's options, log or snapshot cannot be read by this game.")
        ) from None
    if snapshot != state:
        raise ImportRefused(msg("The snapshot is not what the log replays to from the seed."))
    decision = game.pending(state)
    if not decision.finished and (not set(range(players)) - ai_seats or set(decision.seats) <= ai_seats):
        raise ImportRefused(
            msg("The bot's seats would have moved already: this game cannot go on as exported.")
        )
    status = Status.FINISHED.value if decision.finished else Status.ACTIVE.value
    return Verified(
        game=game.name,
        seed=doc.seed,
        options=json.dumps(doc.options, sort_keys=True),
        status=status,
        version=version,
        snapshot=game.dump_state(state),
        seats=[(s.seat, int(s.user_id), s.display_name, s.is_host, s.is_ai, s.ai_level) for s in doc.seats],
        actions=rows,
        undos=undo_rows,
        language=doc.language,
        clock=clock,
    )


def _timeline(doc: _Document) -> list[tuple[str, int]]:
    """("act", seq) and ("undo", seq) in the order they were made, from the export's versions (which
    are only trusted to order them: the replay then checks that this order is a legal history)."""
    last = 0
    for action in doc.actions:
        if action.version_after < last:
            raise ImportRefused(msg("Action {seq} is older than the action before it.", seq=action.seq))
        last = action.version_after
    acted = {a.version_after for a in doc.actions}
    undone = [u.version_after for u in doc.undos]
    if len(set(undone)) != len(undone) or acted & set(undone):
        raise ImportRefused(msg("Two changes of the export share one version."))
    entries = [(a.version_after, 0, "act", a.seq) for a in doc.actions]
    entries += [(u.version_after, 1, "undo", u.seq) for u in doc.undos]
    return [(kind, seq) for _, _, kind, seq in sorted(entries)]


def _replay(
    game: Game[Any, Any], doc: _Document, timeline: list[tuple[str, int]], users: dict[int, int], ai: set[int]
) -> tuple[GameState, list[Any], list[Any], int]:
    actions = {a.seq: a for a in doc.actions}
    undos = {u.seq: u for u in doc.undos}
    state: GameState = game.new_game(len(users), doc.seed, doc.options)
    # The live actions: (seq, the state before it, whether it is an undo barrier).
    live: list[tuple[int, GameState, bool]] = []
    rows: list[Any] = []
    undo_rows: list[Any] = []
    version = 1  # the start
    group: int | None = None
    for kind, seq in timeline:
        if kind == "undo":
            undo = undos[seq]
            if not live or live[-1][0] != seq:
                raise ImportRefused(
                    msg("Undo of action {seq}: it was not the last action when it was undone.", seq=seq)
                )
            _, before, barrier = live[-1]
            if barrier or users[actions[seq].seat] != int(undo.user_id):
                raise ImportRefused(
                    msg(
                        "Undo of action {seq}: only the player's own step since a hand-over can be undone.",
                        seq=seq,
                    )
                )
            live.pop()
            state = before
            version += 1
            group = None
            undo_rows.append((seq, int(undo.user_id), version, undo.created_at))
            continue
        action = actions[seq]
        if action.version_after != group:
            version += 1  # one change of the game: a player's step and the bot's moves after it
            group = action.version_after
        if users[action.seat] != int(action.user_id):
            raise ImportRefused(msg("Action {seq} names a user who does not sit in its seat.", seq=seq))
        if game.pending(state).finished:
            raise ImportRefused(msg("Action {seq} comes after the end of the game.", seq=seq))
        step = game.apply(state, action.seat, game.parse_action(action.notation))
        barrier = bool(step.barrier) or action.seat in ai
        live.append((seq, state, barrier))
        state = step.state
        events = said_events.dumps(step.events)
        rows.append(
            (
                seq,
                action.seat,
                int(action.user_id),
                action.notation,
                version,
                events,
                action.created_at,
                barrier,
                action.by_bot,
            )
        )
    return state, rows, undo_rows, version
