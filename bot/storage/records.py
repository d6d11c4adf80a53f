"""Plain rows handed out by the storage functions (no SQL or Discord types leak out)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_open(self) -> bool:
        """Lobbies and games in progress occupy their channel."""
        return self in (Status.LOBBY, Status.ACTIVE)


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    status: Status
    options: str
    seats_wanted: int | None
    seed: int | None
    version: int
    snapshot: str | None
    lobby_message_id: int | None
    created_at: str
    updated_at: str
    ended_at: str | None
    # the public "your turn" line of the current decision, its seats (JSON list) and since when
    prompt_message_id: int | None = None
    prompt_seats: str | None = None
    waiting_since: str | None = None
    # the seats of a new line from just before its post until its id is recorded (JSON list)
    prompt_posting: str | None = None
    # played in its own thread (chosen at /game new); once moved, the lobby's channel
    thread_wanted: bool = False
    parent_channel_id: int | None = None
    # the language of its public posts, chosen at /game new
    language: str = "en"
    # how long each player may take (``bot.service.speeds``), chosen at /game new
    speed: str = "none"


@dataclass(frozen=True)
class SeatRow:
    game_id: int
    user_id: int
    joined_seq: int
    seat: int | None
    is_host: bool
    joined_at: str
    display_name: str | None = None
    is_ai: bool = False
    # the level of the bot playing this seat (None: the game's default level)
    ai_level: str | None = None


@dataclass(frozen=True)
class ActionRow:
    game_id: int
    seq: int
    seat: int
    user_id: int
    notation: str
    interaction_id: int | None
    version_after: int
    events: str
    created_at: str
    barrier: bool = False
    by_bot: bool = False  # the bot chose it (how much of a seat it played decides who is rated)


@dataclass(frozen=True)
class ScheduleRow:
    id: int
    game_id: int
    kind: str
    due_at: str
    payload: str
    done_at: str | None
    created_at: str
    # the seat a reminder or out-of-time is about (None: the whole game)
    seat: int | None = None
