"""Message texts for lobbies, turns and status, built from session results (short: phones)."""

from __future__ import annotations

import json
from datetime import datetime

import discord

from bot import plugins
from bot.service.limits import clip
from bot.service.narrate import line_name, name_players
from bot.service.speeds import speed, speed_blurb, speed_name
from bot.service.tables import GameStatus, Progress, Table
from bot.service.words import listing, said
from bot.storage import Status
from bot.storage.games import BOT_USER_IDS
from engine.core import ScoreLine, ScoreSheet
from render.common.language import DEFAULT, current, say, t

STATUS_WORDS = {
    Status.LOBBY: lambda title, id: t("**{title}** — game #{id}, waiting in the lobby", title=title, id=id),
    Status.ACTIVE: lambda title, id: t("**{title}** — game #{id}, in progress", title=title, id=id),
    Status.FINISHED: lambda title, id: t("**{title}** — game #{id}, finished", title=title, id=id),
    Status.ABANDONED: lambda title, id: t("**{title}** — game #{id}, abandoned", title=title, id=id),
}

# The final result pings the players (once per game).
PING_PLAYERS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def seat_list(table: Table) -> str:
    lines = []
    for index, seat in enumerate(table.seats):
        number = (seat.seat if seat.seat is not None else index) + 1
        if seat.is_ai and seat.user_id < BOT_USER_IDS:
            # seated by "Add a bot": nobody to mention
            lines.append(f"{number}. {said(seat.display_name or t('Bot'))}")
            continue
        who = mention(seat.user_id)
        if seat.is_host and seat.is_ai:
            who = t("{who} (host) (played by the bot)", who=who)
        elif seat.is_host:
            who = t("{who} (host)", who=who)
        elif seat.is_ai:
            who = t("{who} (played by the bot)", who=who)
        lines.append(f"{number}. {who}")
    return "\n".join(lines) if lines else t("(nobody)")


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
    if status is Status.LOBBY and table.game.seats_wanted == 1:
        # A table for one starts at once and its lobby has no buttons: nothing to press.
        footer = t("A table for one: the game starts at once.")
        if table.game.thread_wanted:
            footer += " " + t("The game is played in a thread of its own.")
        head = t("**{title}** — lobby #{id}", title=title, id=table.id)
    elif status is Status.LOBBY:
        footer = t(
            "Press **Join** to take a seat (the host may **Add a bot** to fill one); "
            "the host presses **Start** when everyone is in."
        )
        if table.game.thread_wanted:
            footer += " " + t("The game is played in a thread of its own.")
        head = t("**{title}** — lobby #{id}", title=title, id=table.id)
    elif status is Status.ABANDONED:
        footer = t("This game was abandoned.")
        head = t("**{title}** — #{id} (closed)", title=title, id=table.id)
    elif table.game.parent_channel_id is not None:
        footer = t("The game is played in its own thread: {thread}.", thread=f"<#{table.game.channel_id}>")
        head = t("**{title}** — game #{id} (started)", title=title, id=table.id)
    else:
        footer = t("The game has started; the turn messages follow below.")
        head = t("**{title}** — game #{id} (started)", title=title, id=table.id)
    options = json.loads(table.game.options or "{}")
    if options:
        shown = ", ".join(_option(table, key, value) for key, value in options.items())
        head += "\n" + t("Options: {options}", options=shown)
    if status is Status.LOBBY:  # what a player joins for: how long each may take a move
        pace = speed(table.game.speed)
        head += "\n" + t("Speed: {speed} ({blurb})", speed=speed_name(pace), blurb=speed_blurb(pace))
    players = t("Players ({capacity}):", capacity=_capacity(table))
    return clip(f"{head}\n{players}\n{seat_list(table)}\n{footer}")


def _option(table: Table, key: str, value: object) -> str:
    """An option as the lobby shows it: its key and value in English ("tab sides random", as
    always); in another language the game's own words for it, its description and the choice's label."""
    word = (t("yes") if value else t("no")) if isinstance(value, bool) else str(value)
    spec = next((o for o in plugins.game(table.game.game).guide.options if o.key == key), None)
    if current() == DEFAULT or spec is None:
        return f"{key.replace('_', ' ')} {word}"
    label = next((c.label for c in spec.choices if c.value == value), word)
    return f"{say(spec.description)}: {say(label)}"


def _who(table: Table, seat: int) -> str:
    user = table.user_at(seat)
    if user is None:
        return t("Seat {number}", number=seat + 1)
    return t("{name} (bot)", name=table.said_at(seat)) if seat in table.ai_seats else mention(user)


def turn_line(table: Table, progress: Progress, seats: list[int]) -> str:
    """The public line: "@Ana — your turn: choose the Timeline row of this round"."""
    title = plugins.game(table.game.game).title
    who = " ".join(_who(table, s) for s in seats)
    where = f", {name_players(progress.stage, table.said_names)}" if progress.stage else ""
    prompt = say(progress.decision.prompt)
    if len(seats) == 1:
        turn = t("{who} — your turn: {prompt}", who=who, prompt=prompt)
    else:
        turn = t("{who} — your turns (at the same time): {prompt}", who=who, prompt=prompt)
    return clip(f"**{title}** #{table.id}{where} — {turn}")


def since(at: str | None) -> str:
    """A Discord timestamp ("3 minutes ago", in each reader's own time zone)."""
    if not at:
        return ""
    return f"<t:{int(datetime.fromisoformat(at).timestamp())}:R>"


def waiting_line(table: Table, progress: Progress) -> str:
    if table.game.status is Status.ABANDONED:
        return t("The game was abandoned.")
    if progress.decision.finished:
        return t("The game is over.")
    return _waiting_for(table, progress, ", ".join(table.said_at(s) for s in progress.decision.seats))


def _waiting_for(table: Table, progress: Progress, waiting: str) -> str:
    when = since(table.game.waiting_since)
    prompt = say(progress.decision.prompt)
    if when:
        return t("Waiting for {waiting} (since {when}): {prompt}", waiting=waiting, when=when, prompt=prompt)
    return t("Waiting for {waiting}: {prompt}", waiting=waiting, prompt=prompt)


def done_panel_text(table: Table, progress: Progress, label: str) -> str:
    if progress.decision.finished:
        return clip(f"✓ {say(label)}\n" + t("The game is over; the result is in the channel."))
    return clip(
        f"✓ {say(label)}\n" + t("Your part is done. {waiting}", waiting=waiting_line(table, progress))
    )


def score_text(table: Table, progress: Progress) -> str:
    return sheet_text(table, progress.score)


def sheet_text(table: Table, sheet: ScoreSheet | None) -> str:
    """The score as a ranked table in the game's category names, zero categories left out (final or
    provisional). The winners (or leaders) are named once at the top; ties are ranked as the game
    broke them (its ``winners`` first, its ``note`` says how)."""
    title = plugins.game(table.game.game).title
    if sheet is None:
        return t("**{title}** #{id} is over.", title=title, id=table.id)

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
        parts = ", ".join(f"{say(name)} {value}" for name, value in line.categories.items() if value)
        rows.append(f"{rank}. {who(line)}: **{line.total}**" + (f" — {parts}" if parts else ""))
    leaders = listing([plain(sheet.lines[i]) for i in sheet.winners if 0 <= i < len(sheet.lines)])
    if sheet.final:
        if len(sheet.winners) == 1:
            head = t(
                "**{title}** #{id} — game over. Winner: **{leaders}**",
                title=title,
                id=table.id,
                leaders=leaders,
            )
        else:
            head = t(
                "**{title}** #{id} — game over. Shared victory: **{leaders}**",
                title=title,
                id=table.id,
                leaders=leaders,
            )
    else:
        head = t(
            "**{title}** #{id} — provisional score. Leading: {leaders}",
            title=title,
            id=table.id,
            leaders=leaders or "—",
        )
    # The engine's note names seats as {p0}…; a tie's explanation is the most-read sentence of a game.
    note = f"\n{name_players(sheet.note, table.said_names)}" if sheet.note else ""
    return clip(f"{head}{note}\n" + "\n".join(rows))


def status_text(status: GameStatus) -> str:
    table, progress = status.table, status.progress
    if progress is None:
        return lobby_text(table)
    title = plugins.game(table.game.game).title
    head = STATUS_WORDS[table.game.status](title, table.id)
    body = t("Seats:") + f"\n{seat_list(table)}"
    if table.game.status is Status.ABANDONED:
        return clip(f"{head}\n{body}\n" + t("The game was abandoned before it ended."))
    if progress.decision.finished:
        return clip(f"{head}\n{body}\n{score_text(table, progress)}")
    waiting = ", ".join(_who(table, seat) for seat in progress.decision.seats)
    return clip(f"{head}\n{body}\n{_waiting_for(table, progress, waiting)}")
