"""Refusals of the table (lobby and seating), as opposed to the game's rules.

They are ``EngineError``s so that the one error funnel treats them alike: the player gets the
sentence, ephemerally, and nothing changes. Pure Python: ``bot/service/sessions.py`` raises them without
knowing Discord.
"""

from __future__ import annotations

from engine.core import EngineError


class Refusal(EngineError):
    code = "refusal"


class NoGameHere(Refusal):
    code = "no_game"


class ChannelOccupied(Refusal):
    code = "channel_occupied"


class NotAPlayer(Refusal):
    code = "not_a_player"


class AlreadySeated(Refusal):
    code = "already_seated"


class TableFull(Refusal):
    code = "table_full"


class NotInLobby(Refusal):
    """Joining, leaving or starting a game that is no longer (or not) a lobby."""

    code = "not_in_lobby"


class NotEnoughPlayers(Refusal):
    code = "not_enough_players"


class StartAnyway(Refusal):
    """Start was pressed at a table the game can play but the host may not have meant: fewer seated
    than the table was set for, or one player alone (a solo game). Nothing changes; the host is
    asked to confirm with ``start(..., anyway=True)``."""

    code = "start_anyway"

    def __init__(self, message: str, *, seated: int) -> None:
        super().__init__(message)
        self.seated = seated


class HostOnly(Refusal):
    code = "host_only"


class NotInProgress(Refusal):
    code = "not_in_progress"


class WrongChannel(Refusal):
    """A component of one channel's game pressed in another channel or server (a replayed or
    forged custom_id): games are played where they were opened."""

    code = "wrong_channel"


class PermissionsMissing(Refusal):
    """A game asked for where the bot lacks a permission it needs to run it (to post, to reply)."""

    code = "permissions_missing"


class NoThreadHere(Refusal):
    """A game asked to be played in a thread of its own where the bot cannot open one."""

    code = "no_thread_here"


class ClockRefused(Refusal):
    """A skip, a hand-back, a vacation or a setting the turn clocks refuse."""

    code = "clock_refused"


class ImportRefused(Refusal):
    """An export that does not hold together (``bot.ops.transfer``): nothing is stored."""

    code = "import_refused"


class ExportRefused(Refusal):
    code = "export_refused"
