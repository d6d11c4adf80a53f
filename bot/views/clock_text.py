"""What players read about the turn clocks (issue 20): remaining times, reminders, out of time,
skips, hand-backs, vacations and the clock events in /game log. Player words only."""

from __future__ import annotations

from bot import plugins
from bot.clock import epoch
from bot.speeds import Speed
from bot.storage.clocks import ClockEvent
from bot.tables import Table
from bot.turn_clock import (
    BACK,
    EXPEL_VOTE,
    EXPELLED,
    FIRST,
    RAN_OUT,
    REMINDED,
    SKIPPED,
    VACATION,
    Expulsion,
    Reminder,
    SeatTime,
    Turn,
)
from bot.views.text import mention
from bot.words import counted, duration, listing


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
        return "Speed: no limit (reminders only)."
    parts = []
    for seat in range(len(table.seats)):
        name = table.said_at(seat)
        time = times.get(seat)
        if time is None:
            continue
        if time.skipped:
            parts.append(f"{name}: skipped, the bot plays for them until they are back")
        elif seat in table.ai_seats:
            continue
        elif time.out_of_time:
            parts.append(f"{name}: out of time")
        else:
            running = " and running" if time.deciding else ""
            away = f", on vacation until {at(time.vacation_until)}" if time.vacation_until else ""
            parts.append(f"{name}: {duration(time.left)} left{running}{away}")
    head = f"Speed: {pace.label} ({duration(pace.bank)} in the bank, {duration(pace.per_move)} back per move)"
    return head + ("\n" + "\n".join(f"• {p}" for p in parts) if parts else "")


def reminder_text(reminder: Reminder) -> str:
    table = reminder.table
    who = mention(reminder.user_id)
    waiting = f"{_title(table)} waits for your decision"
    if table.game.waiting_since:
        waiting += f" (your turn came {_since(table.game.waiting_since)})"
    if reminder.which == FIRST or reminder.left is None:
        left = "" if reminder.left is None else f" You have {duration(reminder.left)} left on your clock."
        return f"{who}, a reminder: {waiting}.{left}"
    return (
        f"{who}, your clock is running out: {duration(reminder.left)} left on {_title(table)}. "
        "After that the other players may skip you, and the bot plays for you until you are back."
    )


def _since(iso_text: str) -> str:
    return ago(epoch(iso_text))


def out_of_time_text(table: Table, seat: int) -> str:
    name = table.said_at(seat)
    return (
        f"{_title(table)}: {name} has run out of time. Any other player may press **Skip**: the bot then "
        f"plays {name}'s seat until {name} presses **I'm back**."
    )


def skipped_text(table: Table, seat: int, by_user: int) -> str:
    name = table.said_at(seat)
    return (
        f"{_title(table)}: {mention(by_user)} skipped {name}. The bot plays {name}'s seat until {name} "
        "presses **I'm back** (or types /game back)."
    )


def back_text(table: Table, seat: int) -> str:
    return f"{_title(table)}: {table.said_at(seat)} is back and plays again."


def vacation_text(table: Table, seat: int, days: int, until: int, left: int) -> str:
    name = table.said_at(seat)
    if not days:
        return f"{_title(table)}: {name} is back from vacation; their clock runs again."
    return (
        f"{_title(table)}: {name} is on vacation until {at(until)}: their clock is paused and nobody "
        f"reminds them. ({counted(left, 'day')} of vacation left for them in this game.)"
    )


# Clock events as /game log tells them ({name}: whose clock, {by}: who did it).
_TOLD = {
    RAN_OUT: "{name} ran out of time.",
    SKIPPED: "{by} skipped {name}: the bot played for {name}.",
    BACK: "{name} was back and played again.",
    EXPEL_VOTE: "{by} voted to expel {name}.",
    EXPELLED: "{name} was expelled after a long absence: the bot played for {name} to the end.",
}


def event_text(table: Table, event: ClockEvent) -> str:
    """A clock event as a line of /game log."""
    names = table.said_names
    name = names[event.seat] if 0 <= event.seat < len(names) else "A player"
    by_seat = table.seat_of(event.by_user)
    by = names[by_seat] if by_seat is not None and 0 <= by_seat < len(names) else "Another player"
    if event.kind == REMINDED:
        if event.detail == FIRST:
            return f"{name} was reminded of their turn."
        return f"{name} was warned that their clock was running out."
    if event.kind == VACATION:
        days = int(event.detail or 0)
        return f"{name} took {counted(days, 'day')} of vacation." if days else f"{name} ended their vacation."
    return _TOLD.get(event.kind, "{name}'s clock changed.").format(name=name, by=by)


def turns_text(turns: list[Turn]) -> str:
    """``/boardroom turns``: every game waiting on the player, with a jump link to its turn line."""
    if not turns:
        return "No game is waiting for you right now."
    lines = []
    for turn in turns:
        game = turn.table.game
        link = (
            f"https://discord.com/channels/{game.guild_id}/{game.channel_id}/{game.prompt_message_id}"
            if game.prompt_message_id
            else f"<#{game.channel_id}>"
        )
        waited = f"; the table has waited since {_since(game.waiting_since)}" if game.waiting_since else ""
        left = "" if turn.left is None else f"; {duration(turn.left)} left on your clock"
        lines.append(f"• {_title(turn.table)}: {link}{left}{waited}")
    head = f"Your turn in {counted(len(turns), 'game')}:"
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
    return f"\nThe bot played for {names}, skipped for running out of time."


def expel_text(expulsion: Expulsion, by_user: int) -> str:
    table, name = expulsion.table, expulsion.table.said_at(expulsion.seat)
    if expulsion.done:
        return (
            f"{_title(table)}: {name} is expelled after a long absence. The bot plays {name}'s seat to "
            "the end, and the game's result will be flagged."
        )
    waiting = listing([mention(user) for user in expulsion.missing])
    return (
        f"{_title(table)}: {mention(by_user)} votes to expel {name} "
        f"({expulsion.votes} of {counted(expulsion.voters, 'vote')}); waiting for {waiting} "
        "to vote with /game expel, or for the host."
    )


def flagged_note(table: Table, seats: list[int]) -> str:
    """The line a result carries when a player was expelled."""
    if not seats:
        return ""
    names = listing([table.said_at(seat) for seat in seats])
    were = "was" if len(seats) == 1 else "were"
    return f"\n⚑ Flagged result: {names} {were} expelled after a long absence, and the bot played on."
