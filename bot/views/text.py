"""Message texts for lobbies, turns and status, built from session results (short: phones)."""

from __future__ import annotations

from bot.sessions import GameStatus, Progress, Table
from bot.storage import Status
from engine.core import Event, get_game

MAX_MESSAGE = 2000


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def _clip(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def seat_list(table: Table) -> str:
    lines = []
    for index, seat in enumerate(table.seats):
        number = (seat.seat if seat.seat is not None else index) + 1
        host = " (host)" if seat.is_host else ""
        lines.append(f"{number}. {mention(seat.user_id)}{host}")
    return "\n".join(lines) if lines else "(nobody)"


def _capacity(table: Table) -> str:
    game = get_game(table.game.game)
    if table.game.seats_wanted is not None:
        return f"{len(table.seats)}/{table.game.seats_wanted}"
    if game.min_players == game.max_players:
        return f"{len(table.seats)}/{game.max_players}"
    return f"{len(table.seats)}, {game.min_players}–{game.max_players}"


def lobby_text(table: Table) -> str:
    title = get_game(table.game.game).title
    status = table.game.status
    if status is Status.LOBBY:
        footer = "Press **Join** to take a seat; the host presses **Start** when everyone is in."
        head = f"**{title}** — lobby #{table.id}"
    elif status is Status.ABANDONED:
        footer = "This game was abandoned."
        head = f"**{title}** — #{table.id} (closed)"
    else:
        footer = "The game has started; the turn messages follow below."
        head = f"**{title}** — game #{table.id} (started)"
    return _clip(f"{head}\nPlayers ({_capacity(table)}):\n{seat_list(table)}\n{footer}")


def whose_turn(table: Table, progress: Progress, seat: int) -> str:
    title = get_game(table.game.game).title
    user = table.user_at(seat)
    who = mention(user) if user is not None else f"Seat {seat + 1}"
    return _clip(f"**{title}** #{table.id} — {who}, your turn: {progress.decision.prompt}")


def events_text(events: list[Event]) -> str:
    return "\n".join(event.text for event in events)


def done_text(table: Table, user_id: int, label: str, events: list[Event]) -> str:
    said = events_text(events)
    return _clip(f"{mention(user_id)} chose **{label}**." + (f"\n{said}" if said else ""))


def score_text(table: Table, progress: Progress) -> str:
    sheet = progress.score
    title = get_game(table.game.game).title
    if sheet is None:
        return f"**{title}** #{table.id} is over."
    lines = []
    for line in sorted(sheet.lines, key=lambda line: -line.total):
        user = table.user_at(line.seat)
        who = mention(user) if user is not None else line.name
        parts = ", ".join(f"{name} {value}" for name, value in line.categories.items())
        lines.append(f"{who}: **{line.total}**" + (f" ({parts})" if parts else ""))
    winners = ", ".join(mention(u) for u in (table.user_at(seat) for seat in sheet.winners) if u is not None)
    return _clip(f"**{title}** #{table.id} — game over. Winner: {winners or '—'}\n" + "\n".join(lines))


def status_text(status: GameStatus) -> str:
    table, progress = status.table, status.progress
    if progress is None:
        return lobby_text(table)
    title = get_game(table.game.game).title
    head = f"**{title}** — game #{table.id}, {table.game.status.value} (version {table.version})"
    if table.game.status is Status.ABANDONED:
        return _clip(f"{head}\nSeats:\n{seat_list(table)}\nThe game was abandoned before it ended.")
    body = f"Seats:\n{seat_list(table)}"
    if progress.decision.finished:
        return _clip(f"{head}\n{body}\n{score_text(table, progress)}")
    waiting = ", ".join(
        mention(u) for u in (table.user_at(seat) for seat in progress.decision.seats) if u is not None
    )
    return _clip(f"{head}\n{body}\nWaiting for {waiting}: {progress.decision.prompt}")
