"""Message texts for lobbies, turns and status, built from session results (short: phones)."""

from __future__ import annotations

import json
from datetime import datetime

import discord

from bot import plugins
from bot.limits import clip
from bot.narrate import line_name
from bot.storage import Status
from bot.storage.games import BOT_USER_IDS
from bot.tables import GameStatus, Progress, Table
from bot.words import listing, said
from engine.core import ScoreLine, ScoreSheet

STATUS_WORDS = {
    Status.LOBBY: "waiting in the lobby",
    Status.ACTIVE: "in progress",
    Status.FINISHED: "finished",
    Status.ABANDONED: "abandoned",
}

# The final result pings the players (once per game).
PING_PLAYERS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def seat_list(table: Table) -> str:
    lines = []
    for index, seat in enumerate(table.seats):
        number = (seat.seat if seat.seat is not None else index) + 1
        host = " (host)" if seat.is_host else ""
        if seat.is_ai and seat.user_id < BOT_USER_IDS:
            # seated by "Add a bot": nobody to mention
            lines.append(f"{number}. {said(seat.display_name or 'Bot')}")
            continue
        ai = " (played by the bot)" if seat.is_ai else ""
        lines.append(f"{number}. {mention(seat.user_id)}{host}{ai}")
    return "\n".join(lines) if lines else "(nobody)"


def _capacity(table: Table) -> str:
    game = plugins.game(table.game.game)
    if table.game.seats_wanted is not None:
        return f"{len(table.seats)}/{table.game.seats_wanted}"
    if game.min_players == game.max_players:
        return f"{len(table.seats)}/{game.max_players}"
    return f"{len(table.seats)}, {game.min_players}–{game.max_players}"


def lobby_text(table: Table) -> str:
    title = plugins.game(table.game.game).title
    status = table.game.status
    if status is Status.LOBBY:
        footer = (
            "Press **Join** to take a seat (the host may **Add a bot** to fill one); "
            "the host presses **Start** when everyone is in."
        )
        if table.game.thread_wanted:
            footer += " The game is played in a thread of its own."
        head = f"**{title}** — lobby #{table.id}"
    elif status is Status.ABANDONED:
        footer = "This game was abandoned."
        head = f"**{title}** — #{table.id} (closed)"
    elif table.game.parent_channel_id is not None:
        footer = f"The game is played in its own thread: <#{table.game.channel_id}>."
        head = f"**{title}** — game #{table.id} (started)"
    else:
        footer = "The game has started; the turn messages follow below."
        head = f"**{title}** — game #{table.id} (started)"
    options = json.loads(table.game.options or "{}")
    if options:
        head += "\nOptions: " + ", ".join(
            f"{key.replace('_', ' ')} {_word(value)}" for key, value in options.items()
        )
    return clip(f"{head}\nPlayers ({_capacity(table)}):\n{seat_list(table)}\n{footer}")


def _word(value: object) -> str:
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else str(value)


def _who(table: Table, seat: int) -> str:
    user = table.user_at(seat)
    if user is None:
        return f"Seat {seat + 1}"
    return table.said_at(seat) + " (bot)" if seat in table.ai_seats else mention(user)


def turn_line(table: Table, progress: Progress, seats: list[int]) -> str:
    """The public line: "@Ana — your turn: choose the Timeline row of this round"."""
    title = plugins.game(table.game.game).title
    who = " ".join(_who(table, s) for s in seats)
    turn = "your turn" if len(seats) == 1 else "your turns (at the same time)"
    where = f", {progress.stage}" if progress.stage else ""
    return clip(f"**{title}** #{table.id}{where} — {who} — {turn}: {progress.decision.prompt}")


def since(at: str | None) -> str:
    """A Discord timestamp ("3 minutes ago", in each reader's own time zone)."""
    if not at:
        return ""
    return f"<t:{int(datetime.fromisoformat(at).timestamp())}:R>"


def waiting_line(table: Table, progress: Progress) -> str:
    if table.game.status is Status.ABANDONED:
        return "The game was abandoned."
    if progress.decision.finished:
        return "The game is over."
    waiting = ", ".join(table.said_at(s) for s in progress.decision.seats)
    when = since(table.game.waiting_since)
    return f"Waiting for {waiting}" + (f" (since {when})" if when else "") + f": {progress.decision.prompt}"


def panel_text(table: Table, progress: Progress, seat: int, *, note: str = "") -> str:
    title = plugins.game(table.game.game).title
    where = f", {progress.stage}" if progress.stage else ""
    lines = [f"**{title}** #{table.id}{where} — {table.said_at(seat)}, {progress.decision.prompt}."]
    if note:
        lines.insert(0, note)
    if progress.notes.get(seat):
        lines.append(progress.notes[seat])
    if seat in progress.undoable:
        lines.append("*Undo reverts your last step.*")
    return clip("\n".join(lines))


def done_panel_text(table: Table, progress: Progress, label: str) -> str:
    if progress.decision.finished:
        return clip(f"✓ {label}\nThe game is over; the result is in the channel.")
    return clip(f"✓ {label}\nYour part is done. {waiting_line(table, progress)}")


def score_text(table: Table, progress: Progress) -> str:
    return sheet_text(table, progress.score)


def sheet_text(table: Table, sheet: ScoreSheet | None) -> str:
    """The score as a ranked table in the game's category names, zero categories left out (final or
    provisional). The winners (or leaders) are named once at the top; ties are ranked as the game
    broke them (its ``winners`` first, its ``note`` says how)."""
    title = plugins.game(table.game.game).title
    if sheet is None:
        return f"**{title}** #{table.id} is over."

    def who(line: ScoreLine) -> str:
        # A rival without a seat (a solo opponent) is named by the sheet; a seat by its player's mention.
        user = table.user_at(line.seat) if line.seat is not None else None
        if user is not None and user < BOT_USER_IDS:
            return line_name(line, table.said_names)  # a bot seated in the lobby: nobody to mention
        return line_name(line, []) if user is None else mention(user)

    def plain(line: ScoreLine) -> str:
        return line_name(line, table.said_names)

    order = sorted(range(len(sheet.lines)), key=lambda i: (-sheet.lines[i].total, i not in sheet.winners, i))
    rows = []
    rank = 0
    for place, index in enumerate(order):
        line = sheet.lines[index]
        previous = sheet.lines[order[place - 1]] if place else None
        tied = (
            previous is not None
            and previous.total == line.total
            and ((index in sheet.winners) == (order[place - 1] in sheet.winners))
        )
        rank = rank if tied else place + 1
        parts = ", ".join(f"{name} {value}" for name, value in line.categories.items() if value)
        rows.append(f"{rank}. {who(line)}: **{line.total}**" + (f" — {parts}" if parts else ""))
    leaders = listing([plain(sheet.lines[i]) for i in sheet.winners if 0 <= i < len(sheet.lines)])
    if sheet.final:
        head = f"**{title}** #{table.id} — game over. " + (
            f"Winner: **{leaders}**" if len(sheet.winners) == 1 else f"Shared victory: **{leaders}**"
        )
    else:
        head = f"**{title}** #{table.id} — provisional score. Leading: {leaders or '—'}"
    note = f"\n{sheet.note}" if sheet.note else ""
    return clip(f"{head}{note}\n" + "\n".join(rows))


def status_text(status: GameStatus) -> str:
    table, progress = status.table, status.progress
    if progress is None:
        return lobby_text(table)
    title = plugins.game(table.game.game).title
    head = f"**{title}** — game #{table.id}, {STATUS_WORDS[table.game.status]}"
    if table.game.status is Status.ABANDONED:
        return clip(f"{head}\nSeats:\n{seat_list(table)}\nThe game was abandoned before it ended.")
    body = f"Seats:\n{seat_list(table)}"
    if progress.decision.finished:
        return clip(f"{head}\n{body}\n{score_text(table, progress)}")
    waiting = ", ".join(_who(table, seat) for seat in progress.decision.seats)
    when = since(table.game.waiting_since)
    at = f" (since {when})" if when else ""
    return clip(f"{head}\n{body}\nWaiting for {waiting}{at}: {progress.decision.prompt}")
