"""Turn clocks: each player's time bank, reminders, running out of time, skipping,
"I'm back", expelling, vacations and quiet hours, for every game through the game seam; no Discord
here.

The time banks themselves, and the reminder and out-of-time jobs, are ``bot.clocks.time_banks``.
"""

from __future__ import annotations

from bot.clocks.clock_reading import ClockReading
from bot.clocks.seat_acts import SeatActs
from bot.clocks.time_banks import TimeBanks
from bot.service.sessions import Sessions


class TurnClocks:
    """The clocks of every game: the banks that follow each game and run its reminders and time-outs,
    what players do about them, and reading them; over the table service's store and clock."""

    def __init__(self, sessions: Sessions) -> None:
        self.banks = TimeBanks(sessions)
        self.acts = SeatActs(self.banks)
        self.reading = ClockReading(self.banks)
