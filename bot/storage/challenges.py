"""The weekly challenge's games: finished games of a game dealt from given seeds (the week's seeds, one per
level), earliest ended first. A challenge game is recognised by its seed alone (62 bits derived from the
week, ``bot.service.after_game.challenge``), so the challenge needs no table of its own."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.connection import Connection
from bot.storage.games import _GAME_COLUMNS, _game
from bot.storage.records import GameRow


async def finished_from_seeds(conn: Connection, game: str, seeds: Sequence[int]) -> list[GameRow]:
    if not seeds:
        return []
    marks = ", ".join("?" for _ in seeds)
    rows = await conn.fetchall(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE game = ? AND status = 'finished' AND seed IN ({marks}) "
        "ORDER BY ended_at, id",
        (game, *seeds),
    )
    return [_game(row) for row in rows]
