"""The weekly challenge: one deal per ISO week and level, the same for everyone on every server.

The week's seed is the first 62 bits of ``sha256("boardroom/challenge/<game>/<week>/<level>")``, the
week written as ISO 8601 (``2026-W48``, weeks begin on Monday, UTC): nothing to store or share, and
the engine is deterministic, so every player of the week meets the same table. A challenge is a
one-seat table with only the level option (``plugins.CHALLENGES``), started from that seed; the
seed alone recognises it later, and says its week (another 62-bit random seed equals it with odds
of 1 in 2^62): a game opened on Sunday night and finished on Monday belongs to the week it was dealt.

The week's board: each player's FIRST finished challenge game of that week and level (by the time it
ended) is their entry; later games of the same week do not replace it. Every entry is verified
before it is shown: its stored moves are replayed from the week's seed and must be legal, reach the
end, and give exactly the stored game and its score. An entry whose moves or score were edited in
the database is listed as refused, with the reason, and ranks nowhere. Past weeks stay viewable:
the games are never deleted.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from bot import plugins
from bot.service.moves import off_loop
from bot.service.refusals import Refusal
from bot.service.store import Store
from bot.service.tables import Table, load_table
from bot.storage import actions as action_log
from bot.storage import challenges as challenge_rows
from engine.core import EngineError, InvalidOptions, replay
from engine.core.words import Msg, msg, quietly

WEEK = re.compile(r"^(?P<year>\d{4})-W(?P<week>\d{2})$")
SEED_BITS = 62


class NoSuchWeek(Refusal):
    code = "no_such_week"


def week_of(moment: datetime) -> str:
    year, week, _ = moment.isocalendar()
    return f"{year}-W{week:02d}"


def parse_week(text: str) -> str:
    """An ISO week as a player types it ("2026-W48", "2026-w48"); refused with the expected form."""
    cleaned = text.strip().upper()[:16]
    found = WEEK.match(cleaned)
    if found is not None:
        try:
            date.fromisocalendar(int(found["year"]), int(found["week"]), 1)
            return cleaned
        except ValueError:
            pass
    raise NoSuchWeek(msg("There is no week {week}; write it like 2026-W48.", week=repr(text[:16])))


def week_seed(game: str, week: str, level: str) -> int:
    digest = hashlib.sha256(f"boardroom/challenge/{game}/{week}/{level}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


@dataclass(frozen=True)
class Entry:
    """One player's entry of a week: their score and the rival's, or why it was refused."""

    user_id: int
    name: str
    game_id: int
    ended_at: str
    score: int = 0
    rival: int | None = None
    # the rival's name as the game says it (a Msg: "Andrew")
    rival_name: str = ""
    won: bool = False
    refused: Msg | None = None


@dataclass(frozen=True)
class Board:
    game: str
    week: str
    level: str
    entries: list[Entry]

    @property
    def ranked(self) -> list[Entry]:
        """The verified entries, best score first (the earlier finish first on a tie)."""
        return sorted((e for e in self.entries if e.refused is None), key=lambda e: (-e.score, e.ended_at))

    @property
    def refused(self) -> list[Entry]:
        return [e for e in self.entries if e.refused is not None]


def level_names(game: str) -> dict[str, str]:
    """The levels a game's challenge is dealt at (its level option's choices), with their names (Msgs)."""
    key, _ = plugins.CHALLENGES[game]
    spec = next(o for o in plugins.game(game).guide.options if o.key == key)
    return {choice.value: choice.label for choice in spec.choices}


def levels(game: str) -> list[str]:
    return list(level_names(game))


@dataclass
class Challenges:
    store: Store
    # game id and version → its verified entry: a finished game never changes, so it is replayed once
    _verified: dict[tuple[int, int], Entry] | None = None

    def this_week(self) -> str:
        return week_of(self.store.clock())

    def table_options(
        self, game: str, options: Mapping[str, Any] | None, players: int | None = None
    ) -> tuple[dict[str, str], int]:
        """The options and seed of a challenge table of ``game`` opened now; refuses a game without a
        challenge, a table for more than one and any option but the level, so the deal is the same
        for everyone."""
        if game not in plugins.CHALLENGES:
            titles = ", ".join(plugins.game(name).title for name in plugins.CHALLENGES)
            raise InvalidOptions(msg("The weekly challenge is played in {titles} only.", titles=titles))
        if players not in (None, 1):
            raise InvalidOptions(msg("The weekly challenge is a solo game: open it for one player."))
        key, default = plugins.CHALLENGES[game]
        spec = next(o for o in plugins.game(game).guide.options if o.key == key)
        given = dict(options or {})
        level = str(given.pop(key, default))
        if given:
            raise InvalidOptions(
                msg(
                    "The weekly challenge is the same table for everyone: only {option} may be chosen.",
                    option=spec.name or key,
                )
            )
        if level not in levels(game):
            raise InvalidOptions(msg("There is no level {level}.", level=repr(level[:20])))
        return {key: level}, week_seed(game, self.this_week(), level)

    async def board(self, game: str, week: str, level: str) -> Board:
        """The week's board at ``level``: every player's first finished challenge game, verified."""
        seed = week_seed(game, week, level)
        async with self.store.db.transaction(write=False) as conn:
            rows = await challenge_rows.finished_from_seeds(conn, game, [seed])
            tables = [await load_table(conn, row.id) for row in rows]
        firsts: dict[int, Table] = {}
        for table in tables:
            people = [s for s in table.seats if not s.is_ai]
            if len(table.seats) != 1 or len(people) != 1:
                continue
            firsts.setdefault(people[0].user_id, table)
        entries = [await self._verified_entry(table, game, seed, level) for table in firsts.values()]
        return Board(game, week, level, entries)

    async def _verified_entry(self, table: Table, game_name: str, seed: int, level: str) -> Entry:
        if self._verified is None:
            self._verified = {}
        known = self._verified.get((table.id, table.version))
        if known is not None:
            return known
        async with self.store.db.transaction(write=False) as conn:
            rows = await action_log.live_actions(conn, table.id)
        # A replay takes 35–90 ms: in the engine thread, so other games' clicks are acknowledged meanwhile.
        moves = [(row.seat, row.notation) for row in rows]
        entry = await off_loop(verify, table, game_name, seed, level, moves)
        self._verified[(table.id, table.version)] = entry
        return entry


def verify(table: Table, game_name: str, seed: int, level: str, moves: list[tuple[int, str]]) -> Entry:
    """Replay ``moves`` from the week's ``seed``: the entry with its score, or refused with the reason."""
    game = plugins.game(game_name)
    seat = table.seats[0]
    base = Entry(seat.user_id, table.name_at(0), table.id, table.game.ended_at or "")
    key, _ = plugins.CHALLENGES[game_name]
    if json.loads(table.game.options) != {key: level}:
        return _refused(base, msg("it was not played with the challenge's options"))
    stored = game.score(game.load_state(table.game.snapshot or ""))
    claimed = _own(stored)
    try:
        with quietly():
            state = replay(game, 1, seed, {key: level}, moves)
            finished = game.pending(state).finished
    except EngineError:
        return _refused(base, msg("its stored moves are not legal from the week's deal"))
    if not finished:
        return _refused(base, msg("its stored moves do not reach the end of the game"))
    sheet = game.score(state)
    if _own(sheet) != claimed:
        return _refused(
            base,
            msg(
                "its stored score {claimed} is not what its moves give ({replayed})",
                claimed=claimed,
                replayed=_own(sheet),
            ),
        )
    if game.dump_state(state) != table.game.snapshot:
        return _refused(base, msg("its stored game is not what its moves give"))
    rival = next((line for line in sheet.lines if line.seat is None), None)
    won = any(sheet.lines[i].seat == 0 for i in sheet.winners)
    return Entry(
        base.user_id,
        base.name,
        base.game_id,
        base.ended_at,
        _own(sheet),
        None if rival is None else rival.total,
        "" if rival is None else rival.name,
        won,
    )


def _own(sheet: Any) -> int:
    return next((line.total for line in sheet.lines if line.seat == 0), 0)


def _refused(entry: Entry, reason: Msg) -> Entry:
    return Entry(entry.user_id, entry.name, entry.game_id, entry.ended_at, refused=reason)
