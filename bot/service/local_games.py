"""The local table's games to resume: its unfinished games (guild 0), the one moved last first, each
with its seats, read in one transaction."""

from __future__ import annotations

from bot.service.local import LOCAL_GUILD_ID
from bot.service.store import Store
from bot.service.tables import Table
from bot.storage import games as game_rows

# Games listed at most: the set-up page is a short list, not an archive (the rest stay resumable by
# their address).
LISTED = 20


async def games_to_resume(store: Store, limit: int = LISTED) -> list[Table]:
    async with store.db.transaction(write=False) as conn:
        rows = await game_rows.games_in_progress_in_guild(conn, LOCAL_GUILD_ID, limit)
        return [Table(row, await game_rows.list_seats(conn, row.id)) for row in rows]
