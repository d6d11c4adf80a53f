"""Export a game to a JSON document and import one as a new game, verified by replay.

The document holds everything needed to rebuild the game anywhere: the game's name, seed, options,
seats, the whole append-only action log with the undos, the snapshot, a format version and a
sha256 checksum of the rest. Import refuses, with the reason, anything that does not hold
together: an unknown format or game, a checksum that does not match (the file was edited or cut),
a log that does not apply from the seed, or a snapshot that is not what the log replays to.
An imported game is a new game (new id) in the importing channel; Discord interaction ids are not
carried over, so nothing in the original deployment can collide with it.

Knows neither Discord nor Pillow (the admin cog does the Discord side).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from bot import plugins
from bot.refusals import ChannelOccupied, HostOnly, NotInProgress, Refusal
from bot.sessions import Sessions
from bot.storage import ChannelBusy, Status
from bot.storage import actions as action_log
from bot.storage import transfer as rows
from bot.storage.games import MAX_DISPLAY_NAME
from bot.tables import MAX_ROW_ID, Table, load_table
from engine.core import EngineError, Game, GameState, replay

FORMAT = "boardroom.game"
FORMAT_VERSION = 1
# A finished game's log is well under 1 MB; anything much larger is not ours.
MAX_DOCUMENT_BYTES = 8 * 1024 * 1024
MAX_NOTATION = 200


class ImportRefused(Refusal):
    code = "import_refused"


def checksum(document: dict[str, Any]) -> str:
    body = {k: v for k, v in document.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def encode(document: dict[str, Any]) -> bytes:
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False).encode()


async def export_game(sessions: Sessions, game_id: int, user_id: int, *, may_manage: bool) -> dict[str, Any]:
    """The document for a started game: its host or a member with Manage Server may take it."""
    async with sessions.db.transaction(write=False) as conn:
        table = await load_table(conn, game_id)
        if table.host_id != user_id and not may_manage:
            raise HostOnly("Only the host or a member with Manage Server can export this game.")
        if table.game.seed is None or table.game.snapshot is None:
            raise NotInProgress("The game has not started yet; there is nothing to export.")
        log = await action_log.list_actions(conn, game_id)
        undone = await rows.undos(conn, game_id)
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
        "exported_at": sessions.now(),
    }
    document["checksum"] = checksum(document)
    return document


def decode(raw: bytes) -> dict[str, Any]:
    """Parse and check a document's envelope and checksum (not yet its game)."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise ImportRefused(f"That file is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB.")
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise ImportRefused("That file is not a JSON document.") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused("That file is not a Boardroom game export.")
    if document.get("format_version") != FORMAT_VERSION:
        raise ImportRefused(
            f"That export has format version {document.get('format_version')!r}; "
            f"this bot reads version {FORMAT_VERSION}."
        )
    if document.get("checksum") != checksum(document):
        raise ImportRefused("The checksum does not match: the file was changed or cut after the export.")
    return document


def _int(value: Any, what: str, low: int = 0, high: int = MAX_ROW_ID) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ImportRefused(f"{what} is not a number.")
    try:
        number = int(value)
    except ValueError:
        raise ImportRefused(f"{what} is not a number.") from None
    if not low <= number <= high:
        raise ImportRefused(f"{what} is out of range.")
    return number


def verify(document: dict[str, Any]) -> GameState:
    """Check the document's structure and replay its log from the seed; returns the state, which
    equals the snapshot. Runs the engine: call it in a worker thread for long games."""
    try:
        game: Game[Any, Any] = plugins.game(str(document.get("game")))
    except EngineError:
        raise ImportRefused(f"This bot does not host the game {document.get('game')!r}.") from None
    seats = document.get("seats")
    actions = document.get("actions")
    undos = document.get("undos")
    options = document.get("options")
    if not isinstance(seats, list) or not isinstance(actions, list) or not isinstance(undos, list):
        raise ImportRefused("The export lacks its seats, actions or undos.")
    if not isinstance(options, dict) or not isinstance(document.get("snapshot"), str):
        raise ImportRefused("The export lacks its options or snapshot.")
    if not all(isinstance(s, dict) for s in seats):
        raise ImportRefused("A seat is malformed.")
    players = len(seats)
    if not game.min_players <= players <= game.max_players:
        raise ImportRefused(f"{players} seats is not a table of {game.title}.")
    if sorted(_int(s.get("seat"), "a seat number", 0, players - 1) for s in seats) != list(range(players)):
        raise ImportRefused("The seat numbers are not 0…n-1.")
    if len({_int(s.get("user_id"), "a user id") for s in seats}) != players:
        raise ImportRefused("A player sits twice.")
    for s in seats:
        name = s.get("display_name")
        if name is not None and (not isinstance(name, str) or len(name) > MAX_DISPLAY_NAME):
            raise ImportRefused(f"A display name is not text of at most {MAX_DISPLAY_NAME} characters.")
    seed = _int(document.get("seed"), "the seed")
    version = _int(document.get("version"), "the version")
    if document.get("status") not in (Status.ACTIVE.value, Status.FINISHED.value):
        raise ImportRefused("Only a game in progress or finished can be imported.")
    undone = {_int(u.get("seq"), "an undone seq") for u in undos if isinstance(u, dict)}
    if len(undone) != len(undos):
        raise ImportRefused("An undo is malformed or listed twice.")

    def moves() -> Iterator[tuple[int, str]]:
        # Checks each entry as the replay reaches it, so a bad entry is named by its number.
        for expected, action in enumerate(actions, start=1):
            if not isinstance(action, dict) or action.get("seq") != expected:
                raise ImportRefused(f"The log is not numbered 1, 2, 3… at entry {expected}.")
            notation = action.get("notation")
            if not isinstance(notation, str) or len(notation) > MAX_NOTATION:
                raise ImportRefused(f"Action {expected} has no readable notation.")
            seat = _int(action.get("seat"), f"the seat of action {expected}", 0, players - 1)
            _int(action.get("user_id"), f"the user of action {expected}")
            if _int(action.get("version_after"), f"the version of action {expected}") > version:
                raise ImportRefused(f"Action {expected} is newer than the game's version.")
            if not isinstance(action.get("events"), str) or not isinstance(action.get("created_at"), str):
                raise ImportRefused(f"Action {expected} is malformed.")
            if expected not in undone:
                yield seat, notation

    try:
        state: GameState = replay(game, players, seed, options, moves())
    except EngineError as exc:
        if isinstance(exc, ImportRefused):
            raise
        raise ImportRefused(f"The log does not replay from the seed: {exc.sentence}") from None
    except (ValueError, TypeError, KeyError):
        # Options or notations of the wrong shape that the engine's models reject.
        raise ImportRefused("The export's options or log cannot be read by this game.") from None
    if undone - set(range(1, len(actions) + 1)):
        raise ImportRefused("An undo names an action that is not in the log.")
    try:
        snapshot = game.load_state(document["snapshot"])
    except Exception:
        raise ImportRefused("The snapshot cannot be read.") from None
    if snapshot != state:
        raise ImportRefused("The snapshot is not what the log replays to from the seed.")
    finished = game.pending(state).finished
    if finished != (document["status"] == Status.FINISHED.value):
        raise ImportRefused("The game's status does not match its state.")
    return state


async def import_game(
    sessions: Sessions, document: dict[str, Any], *, guild_id: int, channel_id: int
) -> Table:
    """Verify the document and store it as a new game in the channel (if the channel is free)."""
    await asyncio.to_thread(verify, document)
    at = datetime.now(UTC).isoformat()
    status = document["status"]
    async with sessions.db.transaction() as conn:
        try:
            game_id = await rows.insert_imported_game(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                game=document["game"],
                status=status,
                options=json.dumps(document["options"], sort_keys=True),
                seats_wanted=len(document["seats"]),
                seed=int(document["seed"]),
                version=int(document["version"]),
                snapshot=document["snapshot"],
                at=at,
            )
        except ChannelBusy:
            raise ChannelOccupied(
                "This channel already has a lobby or a game in progress; import into a free channel, "
                "or finish or abandon that game first."
            ) from None
        for joined, seat in enumerate(sorted(document["seats"], key=lambda s: int(s["seat"])), start=1):
            await rows.insert_seat(
                conn,
                game_id,
                user_id=int(seat["user_id"]),
                joined_seq=joined,
                seat=int(seat["seat"]),
                is_host=bool(seat.get("is_host")),
                is_ai=bool(seat.get("is_ai")),
                display_name=seat.get("display_name") if isinstance(seat.get("display_name"), str) else None,
                at=at,
            )
        for action in document["actions"]:
            await rows.insert_action(conn, game_id, action)
        for undo in document["undos"]:
            await rows.insert_undo(conn, game_id, undo)
        return await load_table(conn, game_id)
