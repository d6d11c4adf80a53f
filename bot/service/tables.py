"""What the sessions service hands out: a table with its seats, a game's progress, the result of an
action. Plain data, no Discord, no SQL beyond ``load_table``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from bot.service.refusals import NoGameHere, WrongChannel
from bot.service.words import said
from bot.storage import GameRow, SeatRow
from bot.storage import games as game_rows
from bot.storage.connection import Connection
from engine.core import Decision, Event, ScoreSheet
from engine.core.words import msg
from render.common.language import t

# SQLite's INTEGER is signed 64-bit: a larger id in a custom_id cannot name a row.
MAX_ROW_ID = 2**63 - 1
# A Discord or row id as an export writes it: ASCII digits only (int() would also read "٣" or "³").
ID_DIGITS = r"^[0-9]{1,19}$"
WRONG_CHANNEL = msg("That belongs to a game in another channel; games are played where they were opened.")


@dataclass(frozen=True)
class Table:
    """A game row with its seats: who sits where, who hosts."""

    game: GameRow
    seats: list[SeatRow]

    @property
    def id(self) -> int:
        return self.game.id

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def host_id(self) -> int | None:
        return next((s.user_id for s in self.seats if s.is_host), None)

    @property
    def ai_seats(self) -> frozenset[int]:
        return frozenset(s.seat for s in self.seats if s.is_ai and s.seat is not None)

    def ai_level(self, seat: int) -> str | None:
        """The level of the bot playing ``seat`` (None: the game's default)."""
        return next((s.ai_level for s in self.seats if s.seat == seat), None)

    def name_at(self, seat: int) -> str:
        for row in self.seats:
            if row.seat == seat:
                return row.display_name or t("Seat {number}", number=seat + 1)
        return t("Seat {number}", number=seat + 1)

    def said_at(self, seat: int) -> str:
        """The seat's display name as text inside a message (markdown and links escaped)."""
        return said(self.name_at(seat))

    @property
    def said_names(self) -> list[str]:
        """``said_at`` in seat order: for the names inside messages (pictures use ``names``)."""
        return [said(name) for name in self.names]

    @property
    def names(self) -> list[str]:
        """Display names in seat order (for event texts and images)."""
        return [self.name_at(seat) for seat in range(len(self.seats))]

    @property
    def player_ids(self) -> list[int]:
        """User ids in seat order (join order while in the lobby)."""
        return [s.user_id for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The seat number once started; in the lobby, the position in join order."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return seat.seat if seat.seat is not None else index
        return None

    def user_at(self, seat: int) -> int | None:
        for row in self.seats:
            if row.seat == seat:
                return row.user_id
        return None


@dataclass(frozen=True)
class Choice:
    """One legal action: its notation (travels in a custom_id), a label for a player and the game's
    group labels above it on a panel (``engine.core.action_path``; empty when not grouped)."""

    notation: str
    label: str
    path: tuple[str, ...] = ()


class Choices(Mapping[int, list[Choice]]):
    """The deciding seats' choices, each seat's listed and labelled when first read. Only a panel reads
    them; the catch-up at start-up, the clocks and the turn lines read who decides, and labelling an HR
    turn's ~100 journeys costs a game's load more than the rest of it."""

    def __init__(self, seats: Iterable[int], make: Callable[[int], list[Choice]]) -> None:
        self._seats = tuple(seats)
        self._make = make
        self._made: dict[int, list[Choice]] = {}

    def __getitem__(self, seat: int) -> list[Choice]:
        if seat not in self._seats:
            raise KeyError(seat)
        if seat not in self._made:
            self._made[seat] = self._make(seat)
        return self._made[seat]

    def __iter__(self) -> Iterator[int]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)


@dataclass(frozen=True)
class Progress:
    """What the engine says about a started game: who decides, their choices, the score."""

    decision: Decision
    choices: Mapping[int, list[Choice]]
    score: ScoreSheet | None
    # seats whose last step can be undone now
    undoable: frozenset[int] = frozenset()
    # per deciding seat, what they want in view while deciding (money, goods…); may be empty
    notes: dict[int, str] = field(default_factory=dict)
    # where the game stands ("round 9/20"); may be empty
    stage: str = ""


@dataclass(frozen=True)
class GameStatus:
    table: Table
    progress: Progress | None


@dataclass(frozen=True)
class ActResult:
    table: Table
    seat: int
    notation: str
    label: str
    seq: int
    events: list[Event]
    progress: Progress
    duplicate: bool = False
    # the group labels the action was filed under on the panel (``engine.core.action_path``)
    path: tuple[str, ...] = ()
    # events of the AI seats that acted right after (included in ``all_events``)
    ai_events: list[Event] = field(default_factory=list)

    @property
    def all_events(self) -> list[Event]:
        return [*self.events, *self.ai_events]

    @property
    def version(self) -> int:
        return self.table.version


async def load_table(conn: Connection, game_id: int, channel_id: int | None = None) -> Table:
    """The game and its seats; with ``channel_id``, only if the game lives in that channel."""
    row = await game_rows.get_game(conn, game_id) if 0 < game_id <= MAX_ROW_ID else None
    if row is None:
        raise NoGameHere(msg("That game no longer exists."))
    if channel_id is not None and row.channel_id != channel_id:
        raise WrongChannel(WRONG_CHANNEL)
    return Table(row, await game_rows.list_seats(conn, game_id))
