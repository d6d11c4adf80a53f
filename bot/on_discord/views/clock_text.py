"""What players read about the turn clocks: remaining times, reminders, out of time,
skips, hand-backs, vacations and the clock events in /game log. Player words only."""

from __future__ import annotations

from bot import plugins
from bot.clocks.clock_reading import SeatTime, Turn
from bot.clocks.seat_acts import Expulsion
from bot.clocks.time_banks import (
    BACK,
    EXPEL_VOTE,
    EXPELLED,
    FIRST,
    RAN_OUT,
    REMINDED,
    SKIPPED,
    VACATION,
    Reminder,
)
from bot.on_discord.views.text import mention
from bot.service.clock import epoch
from bot.service.speeds import Speed, speed_name
from bot.service.tables import Table
from bot.service.words import duration, listing
from bot.storage.clocks import ClockEvent
from render.common.language import t, tn


def _title(table: Table) -> str:
    return f"**{plugins.game(table.game.game).title}** #{table.id}"


def at(epoch_seconds: int) -> str:
    """A Discord timestamp, shown in each reader's own time zone ("25 November 2026 18:30")."""
    return f"<t:{epoch_seconds}:f>"


def ago(epoch_seconds: int) -> str:
    return f"<t:{epoch_seconds}:R>"


def clock_lines(table: Table, pace: Speed, times: dict[int, SeatTime]) -> str:
    """``/game status``: each player's time left."""
    if not pace.limited:
        return t("Speed: no limit (reminders only).")
    parts = []
    for seat in range(len(table.seats)):
        name = table.said_at(seat)
        time = times.get(seat)
        if time is None:
            continue
        if time.skipped:
            parts.append(t("{name}: skipped, the bot plays for them until they are back", name=name))
        elif seat in table.ai_seats:
            continue
        elif time.out_of_time:
            parts.append(t("{name}: out of time", name=name))
        else:
            left = duration(time.left)
            if time.deciding:
                line = t("{name}: {left} left and running", name=name, left=left)
            else:
                line = t("{name}: {left} left", name=name, left=left)
            if time.vacation_until:
                line = t("{line}, on vacation until {until}", line=line, until=at(time.vacation_until))
            parts.append(line)
    head = t(
        "Speed: {speed} ({bank} in the bank, {per_move} back per move)",
        speed=speed_name(pace),
        bank=duration(pace.bank),
        per_move=duration(pace.per_move),
    )
    return head + ("\n" + "\n".join(f"• {p}" for p in parts) if parts else "")


def line_time_left(table: Table, pace: Speed, times: dict[int, SeatTime], seats: list[int]) -> str:
    """What the turn line adds for the players it asks: " (23 hours left)", or each one's time when
    several decide; nothing without a time limit (reminders only) or for a clock that is not running
    down (out of time, skipped)."""
    if not pace.limited:
        return ""
    running = [times[s] for s in seats if s in times and not times[s].out_of_time and not times[s].skipped]
    if not running:
        return ""
    if len(seats) == 1:
        return " " + t("({left} left)", left=_coarse(running[0].left))
    each = [
        t("{name}: {left} left", name=table.said_at(time.seat), left=_coarse(time.left)) for time in running
    ]
    return " (" + "; ".join(each) + ")"


def _coarse(seconds: int) -> str:
    """A time left as the turn line (and ``/boardroom turns``) says it once, for a while: in whole
    hours (whole minutes under an hour, seconds under a minute), not "23 hours 59 minutes" that is
    out of date a minute later.
    Hours are rounded down after a minute's grace: a line posted a moment after a day-long turn began
    says "1 day left", not "23 hours"."""
    unit = 3600 if seconds >= 3600 else 60 if seconds >= 60 else 1
    if unit == 3600:
        seconds += 60
    return duration(seconds - seconds % unit)


def reminder_text(reminder: Reminder) -> str:
    table = reminder.table
    who = mention(reminder.user_id)
    if table.game.waiting_since:
        waiting = t(
            "{game} waits for your decision (your turn came {since})",
            game=_title(table),
            since=_since(table.game.waiting_since),
        )
    else:
        waiting = t("{game} waits for your decision", game=_title(table))
    if reminder.which == FIRST or reminder.left is None:
        if reminder.left is None:
            return t("{who}, a reminder: {waiting}.", who=who, waiting=waiting)
        return t(
            "{who}, a reminder: {waiting}. You have {left} left on your clock.",
            who=who,
            waiting=waiting,
            left=duration(reminder.left),
        )
    return t(
        "{who}, your clock is running out: {left} left on {game}. "
        "After that the other players may skip you, and the bot plays for you until you are back.",
        who=who,
        left=duration(reminder.left),
        game=_title(table),
    )


def _since(iso_text: str) -> str:
    return ago(epoch(iso_text))


def out_of_time_text(table: Table, seat: int) -> str:
    name = table.said_at(seat)
    return t(
        "{game}: {name} has run out of time. Any other player may press **Skip**: the bot then "
        "plays {name}'s seat until {name} presses **I'm back**.",
        game=_title(table),
        name=name,
    )


def skipped_text(table: Table, seat: int, by_user: int) -> str:
    name = table.said_at(seat)
    return t(
        "{game}: {by} skipped {name}. The bot plays {name}'s seat until {name} "
        "presses **I'm back** (or types /game back).",
        game=_title(table),
        by=mention(by_user),
        name=name,
    )


def back_text(table: Table, seat: int) -> str:
    return t("{game}: {name} is back and plays again.", game=_title(table), name=table.said_at(seat))


def vacation_text(table: Table, seat: int, days: int, until: int, left: int) -> str:
    name = table.said_at(seat)
    if not days:
        return t(
            "{game}: {name} is back from vacation; their clock runs again.", game=_title(table), name=name
        )
    return tn(
        "{game}: {name} is on vacation until {until}: their clock is paused and nobody "
        "reminds them. ({n} day of vacation left for them in this game.)",
        "{game}: {name} is on vacation until {until}: their clock is paused and nobody "
        "reminds them. ({n} days of vacation left for them in this game.)",
        left,
        game=_title(table),
        name=name,
        until=at(until),
    )


# Clock events as /game log tells them ({name}: whose clock, {by}: who did it).
_TOLD = {
    RAN_OUT: lambda name, by: t("{name} ran out of time.", name=name),
    SKIPPED: lambda name, by: t("{by} skipped {name}: the bot played for {name}.", name=name, by=by),
    BACK: lambda name, by: t("{name} was back and played again.", name=name),
    EXPEL_VOTE: lambda name, by: t("{by} voted to expel {name}.", name=name, by=by),
    EXPELLED: lambda name, by: t(
        "{name} was expelled after a long absence: the bot played for {name} to the end.", name=name
    ),
}


def event_text(table: Table, event: ClockEvent) -> str:
    """A clock event as a line of /game log."""
    names = table.said_names
    name = names[event.seat] if 0 <= event.seat < len(names) else t("A player")
    by_seat = table.seat_of(event.by_user)
    by = names[by_seat] if by_seat is not None and 0 <= by_seat < len(names) else t("Another player")
    if event.kind == REMINDED:
        if event.detail == FIRST:
            return t("{name} was reminded of their turn.", name=name)
        return t("{name} was warned that their clock was running out.", name=name)
    if event.kind == VACATION:
        taken = int(event.detail or 0)
        if not taken:
            return t("{name} ended their vacation.", name=name)
        return tn("{name} took {n} day of vacation.", "{name} took {n} days of vacation.", taken, name=name)
    told = _TOLD.get(event.kind)
    return told(name, by) if told else t("{name}'s clock changed.", name=name)


def turns_text(turns: list[Turn]) -> str:
    """``/boardroom turns``: every game waiting on the player, with a jump link to its turn line."""
    if not turns:
        return t("No game is waiting for you right now.")
    lines = []
    for turn in turns:
        game = turn.table.game
        link = (
            f"https://discord.com/channels/{game.guild_id}/{game.channel_id}/{game.prompt_message_id}"
            if game.prompt_message_id
            else f"<#{game.channel_id}>"
        )
        line = f"• {_title(turn.table)}: {link}"
        if turn.left is not None:
            line = t("{line}; {left} left on your clock", line=line, left=_coarse(turn.left))
        if game.waiting_since:
            line = t(
                "{line}; the table has waited since {since}", line=line, since=_since(game.waiting_since)
            )
        lines.append(line)
    head = tn("Your turn in {n} game:", "Your turn in {n} games:", len(turns))
    return head + "\n" + "\n".join(lines)


def skipped_spans(events: list[ClockEvent]) -> dict[int, list[tuple[int, float]]]:
    """Per seat, the actions the bot took for a skipped player: seqs after the skip, up to the
    hand-back (no end while still skipped)."""
    spans: dict[int, list[tuple[int, float]]] = {}
    started: dict[int, int] = {}
    for event in events:
        if event.kind == SKIPPED:
            started[event.seat] = event.after_seq
        elif event.kind == BACK and event.seat in started:
            spans.setdefault(event.seat, []).append((started.pop(event.seat), event.after_seq))
    for seat, after in started.items():
        spans.setdefault(seat, []).append((after, float("inf")))
    return spans


def played_for(spans: dict[int, list[tuple[int, float]]], seat: int, seq: int) -> bool:
    return any(after < seq <= until for after, until in spans.get(seat, []))


def skipped_note(table: Table, seats: list[int]) -> str:
    """The line a round's summary adds while seats are skipped: the bot played for them."""
    if not seats:
        return ""
    names = listing([table.said_at(seat) for seat in seats])
    return "\n" + t("The bot played for {names}, skipped for running out of time.", names=names)


def expel_text(expulsion: Expulsion, by_user: int) -> str:
    table, name = expulsion.table, expulsion.table.said_at(expulsion.seat)
    if expulsion.done:
        said = t(
            "{game}: {name} is expelled after a long absence. The bot plays {name}'s seat to "
            "the end, and the game's result will be flagged.",
            game=_title(table),
            name=name,
        )
        if expulsion.host is not None:
            said += " " + t("{host} hosts the game from now on.", host=mention(expulsion.host))
        return said
    waiting = listing([mention(user) for user in expulsion.missing])
    return tn(
        "{game}: {by} votes to expel {name} ({votes} of {n} vote); waiting for {waiting} "
        "to vote with /game expel, or for the host.",
        "{game}: {by} votes to expel {name} ({votes} of {n} votes); waiting for {waiting} "
        "to vote with /game expel, or for the host.",
        expulsion.voters,
        game=_title(table),
        by=mention(by_user),
        name=name,
        votes=expulsion.votes,
        waiting=waiting,
    )


def flagged_note(table: Table, seats: list[int]) -> str:
    """The line a result carries when a player was expelled."""
    if not seats:
        return ""
    names = listing([table.said_at(seat) for seat in seats])
    said = tn(
        "⚑ Flagged result: {names} was expelled after a long absence, and the bot played on.",
        "⚑ Flagged result: {names} were expelled after a long absence, and the bot played on.",
        len(seats),
        names=names,
    )
    return "\n" + said
