"""Export a game to a JSON document and import one as a new game, verified by replay.

The document holds everything needed to rebuild the game anywhere: the game's name, seed, options,
seats, the whole append-only action log with the undos, the snapshot, a format version and a sha256
checksum of the rest. The checksum only detects a file damaged or cut by accident: anyone can
recompute it, so import trusts nothing it can derive. The file's envelope is
``bot.ops.export_file``; its game is verified by replay in ``bot.ops.replayed_import``, and what is
stored is the replay's, never the file's. Import refuses, with one sentence, anything that does not
hold together, and stores nothing then. An imported game is a new game (new id) in the importing
channel; Discord interaction ids are not carried over, so nothing in the original deployment can
collide with it.

Knows neither Discord nor Pillow (the admin cog does the Discord side).
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from bot.clocks import clock_record
from bot.ops.export_file import FORMAT, FORMAT_VERSION, checksum
from bot.ops.replayed_import import verify
from bot.service.after_game.record import record_end
from bot.service.lobby import pass_host_on
from bot.service.refusals import ChannelOccupied, ExportRefused, HostOnly, NotInProgress
from bot.service.sessions import Sessions
from bot.service.tables import Table, load_table
from bot.storage import ChannelBusy, Status
from bot.storage import actions as action_log
from bot.storage import clocks as clock_rows
from bot.storage import whole_games as rows
from engine.core.words import msg

HIDDEN_UNTIL_THE_END = msg(
    "A game in progress cannot be exported by one of its players: the export holds the seed and the "
    "whole state, which would show hidden cards and every future draw. Export it once it has ended, "
    "or ask a member with Manage Server who is not playing."
)


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
