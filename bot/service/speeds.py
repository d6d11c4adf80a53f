"""The speeds a game can be played at (``/game new speed:``), after Board Game Arena's turn-based
model: each player has a time bank that runs only while they must decide; each decision they finish
adds time, up to a cap. The README's "Playing hours apart" section says the same in words."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.words import duration
from engine.core.words import msg_in
from render.common.language import say, t

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR


@dataclass(frozen=True)
class Speed:
    key: str
    label: str
    # the bank each player starts with, what each finished decision adds, and the most it can hold
    bank: int
    per_move: int
    cap: int
    # a first nudge once the decision has waited this long (clock time: quiet hours do not count)
    remind_after: int
    # a second one when this much of the bank is left (0: none)
    warn_before: int
    # never two reminders to a player in a game closer than this
    reminder_gap: int

    @property
    def limited(self) -> bool:
        return self.bank > 0

    @property
    def expel_after(self) -> int:
        """How long a skipped player must have been away before the others may vote them out:
        three full banks (three days at normal speed)."""
        return 3 * self.bank


NO_LIMIT = Speed("none", "no limit", 0, 0, 0, DAY, 0, 12 * HOUR)
SPEEDS: dict[str, Speed] = {
    s.key: s
    for s in (
        NO_LIMIT,
        # about one move a day: three days in the bank, a day back per move
        Speed("relaxed", "relaxed", 3 * DAY, DAY, 3 * DAY, 12 * HOUR, 6 * HOUR, 6 * HOUR),
        # two to four moves a day: a day in the bank, eight hours back per move
        Speed("normal", "normal", DAY, 8 * HOUR, DAY, 4 * HOUR, 2 * HOUR, 3 * HOUR),
        # eight to twelve moves a day: six hours in the bank, two hours back per move
        Speed("fast", "fast", 6 * HOUR, 2 * HOUR, 6 * HOUR, HOUR, 30 * MINUTE, 3 * HOUR),
        # played at once: ten minutes in the bank, thirty seconds back per move
        Speed("live", "live", 10 * MINUTE, 30, 10 * MINUTE, 2 * MINUTE, MINUTE, 3 * MINUTE),
    )
}
# What a demanding asynchronous community expects when the host says nothing (BGA's default
# turn-based speed is its "normal" one): a game never stalls for more than about a day a move.
DEFAULT_SPEED = "normal"
# Vacation days one player may take in one game, in total.
MAX_VACATION_DAYS = 14


def speed(key: str) -> Speed:
    return SPEEDS.get(key, NO_LIMIT)


def speed_blurb(pace: Speed) -> str:
    """The speed in a few words for the /game new menu: "1 day, +8 hours a move"."""
    if not pace.limited:
        return t("reminders only")
    return t("{bank}, +{per_move} a move", bank=duration(pace.bank), per_move=duration(pace.per_move))


def speed_name(pace: Speed) -> str:
    """The speed's name as players read it ("normal"). Its own context: the word agrees with "speed"
    where a language declines it (Polish "Tempo: normalne", not the bot level's "normalny")."""
    names = {
        "none": msg_in("speed", "no limit"),
        "relaxed": msg_in("speed", "relaxed"),
        "normal": msg_in("speed", "normal"),
        "fast": msg_in("speed", "fast"),
        "live": msg_in("speed", "live"),
    }
    return say(names[pace.key]) if pace.key in names else pace.label
