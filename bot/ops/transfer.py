"""Export a game to a JSON document and import one as a new game, verified by replay.

The document holds everything needed to rebuild the game anywhere: the game's name, seed, options,
seats, the whole append-only action log with the undos, the snapshot, a format version and a
sha256 checksum of the rest. The checksum only detects a file damaged or cut by accident: anyone
can recompute it, so import trusts nothing it can derive. Every field is validated (pydantic
models, ASCII digits, bounded sizes: at most ``MAX_ACTIONS`` actions and ``MAX_UNDOS`` undos, and no
number anywhere larger than a row id), and the log with its undos is replayed in the order it was
made, each undo checked as ``Sessions.undo`` would (the player's own last step, not a barrier); the
events, undo barriers, versions, status and snapshot stored are the replay's, never the file's.
Import refuses, with one sentence, anything that does not hold together, and stores nothing then.
An imported game is a new game (new id) in the importing channel; Discord interaction ids are not
carried over, so nothing in the original deployment can collide with it.

Knows neither Discord nor Pillow (the admin cog does the Discord side).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot import plugins
from bot.clocks import clock_record
from bot.service import said_events
from bot.service.after_game.record import record_end
from bot.service.lobby import pass_host_on
from bot.service.play import MAX_UNDOS
from bot.service.refusals import ChannelOccupied, ExportRefused, HostOnly, ImportRefused, NotInProgress
from bot.service.sessions import Sessions
from bot.service.speeds import NO_LIMIT
from bot.service.tables import ID_DIGITS, MAX_ROW_ID, Table, load_table
from bot.storage import ChannelBusy, Status
from bot.storage import actions as action_log
from bot.storage import clocks as clock_rows
from bot.storage import whole_games as rows
from bot.storage.games import MAX_DISPLAY_NAME
from engine.core import EngineError, Game, GameState
from engine.core.words import msg, plural
from render.common.language import DEFAULT, LANGUAGES

FORMAT = "boardroom.game"
FORMAT_VERSION = 1
# A finished game's log is well under 1 MB; anything much larger is not ours.
MAX_DOCUMENT_BYTES = 8 * 1024 * 1024
MAX_NOTATION = 200


HIDDEN_UNTIL_THE_END = msg(
    "A game in progress cannot be exported by one of its players: the export holds the seed and the "
    "whole state, which would show hidden cards and every future draw. Export it once it has ended, "
    "or ask a member with Manage Server who is not playing."
)


def too_large() -> str:
    return msg("That file is larger than {n} MB.", n=MAX_DOCUMENT_BYTES // (1024 * 1024))


def checksum(document: dict[str, Any]) -> str:
    body = {k: v for k, v in document.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def encode(document: dict[str, Any]) -> bytes:
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False).encode()


async def export_game(sessions: Sessions, game_id: int, user_id: int, *, may_manage: bool) -> dict[str, Any]:
    """The document for a started game: its host or a member with Manage Server may take it."""
    async with sessions.store.db.transaction(write=False) as conn:
        table = await load_table(conn, game_id)
        if table.host_id != user_id and not may_manage:
            raise HostOnly(msg("Only the host or a member with Manage Server can export this game."))
        if table.game.seed is None or table.game.snapshot is None:
            raise NotInProgress(msg("The game has not started yet; there is nothing to export."))
        if table.game.status is Status.ACTIVE and user_id in table.player_ids:
            raise ExportRefused(HIDDEN_UNTIL_THE_END)
        log = await action_log.list_actions(conn, game_id)
        undone = await rows.undos(conn, game_id)
        pace = await clock_rows.game_speed(conn, game_id)
        clock_events = await clock_rows.clock_events(conn, game_id)
    game = table.game
    document: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.game,
        "game_id": game.id,
        "status": game.status.value,
        "seed": game.seed,
        "options": json.loads(game.options),
        "seats_wanted": game.seats_wanted,
        "version": game.version,
        "seats": [
            {
                "seat": s.seat,
                "user_id": str(s.user_id),
                "display_name": s.display_name,
                "is_host": s.is_host,
                "is_ai": s.is_ai,
                "ai_level": s.ai_level,
            }
            for s in table.seats
        ],
        "actions": [
            {
                "seq": a.seq,
                "seat": a.seat,
                "user_id": str(a.user_id),
                "notation": a.notation,
                "version_after": a.version_after,
                "barrier": a.barrier,
                "by_bot": a.by_bot,
                "events": a.events,
                "created_at": a.created_at,
            }
            for a in log
        ],
        "undos": [
            {
                "seq": u["seq"],
                "user_id": str(u["user_id"]),
                "version_after": u["version_after"],
                "created_at": u["created_at"],
            }
            for u in undone
        ],
        "snapshot": game.snapshot,
        # the language of the game's public posts
        "language": game.language,
        # the turn clock's speed and events, read back on import (``clock_record``)
        **clock_record.exported(pace, clock_events),
        "exported_at": sessions.store.now(),
    }
    document["checksum"] = checksum(document)
    return document


# No number in an export is larger than a row id (a seed, a Discord id, a time, a count): 19 digits.
MAX_DIGITS = len(str(MAX_ROW_ID))


def number_too_large() -> str:
    return msg(
        "The export holds a number larger than any in a game (over {digits} digits).", digits=MAX_DIGITS
    )


def _whole_number(text: str) -> int:
    # Before int(): past 4,300 digits, Python refuses to read a number at all (a ValueError, not a
    # refusal), and reading one of a million digits would take seconds.
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ImportRefused(number_too_large())
    return int(text)


def _not_json(text: str) -> NoReturn:
    raise ImportRefused(msg("That file is not a JSON document."))


def decode(raw: bytes) -> dict[str, Any]:
    """Parse and check a document's envelope and checksum (not yet its game)."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise ImportRefused(too_large())
    try:
        # NaN and Infinity are not JSON, though Python's parser takes them.
        document = json.loads(raw.decode("utf-8"), parse_int=_whole_number, parse_constant=_not_json)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ImportRefused(msg("That file is not a JSON document.")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused(msg("That file is not a Boardroom game export."))
    if document.get("format_version") != FORMAT_VERSION:
        raise ImportRefused(
            msg(
                "That export has format version {found}; this bot reads version {known}.",
                found=repr(document.get("format_version")),
                known=FORMAT_VERSION,
            )
        )
    if document.get("checksum") != checksum(document):
        raise ImportRefused(msg("The checksum does not match: the file was changed or cut after the export."))
    return document


# A long game is a few hundred actions; undos are a player's own steps taken back. These bound
# what an import may hold (and how long its replay may take) far above any real game; MAX_UNDOS is
# Sessions.undo's own bound, so a game's own export always imports.
MAX_ACTIONS = 20_000


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


def _bound_numbers(document: dict[str, Any]) -> None:
    """Refuse a number larger than any in a game anywhere in the document, the game's own options
    included (which no model here bounds): it would reach the engine and json.dumps, which cannot
    write an integer of more than 4,300 digits."""
    pending: list[Any] = [document]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
        elif isinstance(node, int | float) and not abs(node) <= MAX_ROW_ID:  # NaN too
            raise ImportRefused(number_too_large())


def verify(document: dict[str, Any]) -> Verified:
    """Validate the document and replay its log (with its undos, in the order they were made) from
    the seed; returns what to store. Runs the engine: call it in a worker thread, outside any
    database transaction."""
    _bound_numbers(document)
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


async def import_game(
    sessions: Sessions, document: dict[str, Any], *, guild_id: int, channel_id: int
) -> Table:
    """Verify the document (in a worker thread, outside any transaction) and store it as a new game
    in the channel, if the channel is free, in one short write transaction."""
    verified = await asyncio.to_thread(verify, document)
    at = datetime.now(UTC).isoformat()
    async with sessions.store.db.transaction() as conn:
        try:
            game_id = await rows.insert_imported_game(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                game=verified.game,
                status=verified.status,
                options=verified.options,
                seats_wanted=len(verified.seats),
                seed=verified.seed,
                version=verified.version,
                snapshot=verified.snapshot,
                at=at,
                language=verified.language,
            )
        except ChannelBusy:
            raise ChannelOccupied(
                msg(
                    "This channel already has a lobby or a game in progress; import into a free channel, "
                    "or finish or abandon that game first."
                )
            ) from None
        await rows.insert_seats(conn, game_id, verified.seats, at)
        await rows.insert_actions(conn, game_id, verified.actions)
        await rows.insert_undos(conn, game_id, verified.undos)
        await clock_record.store(conn, game_id, verified.clock)
        table = await load_table(conn, game_id)
        for seat, standing in sorted(verified.clock.standings.items()):
            if standing.expelled:
                # An export made while an expelled host kept the role must not hand it back to them.
                await pass_host_on(conn, table, seat)
        table = await load_table(conn, game_id)
        if table.game.status is Status.FINISHED:
            # Its result is kept (history, profiles), never rated: see bot.service.after_game.ratings.
            await record_end(conn, table, Status.FINISHED, None, at, imported=True)
        return table
