"""The words of what players read after their games: a profile, a leaderboard page, a history page
and one game's own result, in the reader's language. Ratings read "25.3 ± 4.1" (the skill and
its uncertainty); the trail of the last games is a text sparkline, which a phone shows as well as a
desktop."""

from __future__ import annotations

from datetime import datetime

from bot.service.after_game.ratings import BOT, Skill
from bot.service.after_game.reading import Board, History, Profile
from bot.service.after_game.words import (
    board_lines,
    board_rule,
    game_title,
    outcome,
    player_name,
    seconds_text,
    skill_text,
    tally_lines,
)
from bot.service.words import said
from bot.storage.results import EVERYWHERE, GameResult
from render.common.language import t, tn


def profile_text(profile: Profile, *, versus_name: str | None = None) -> str:
    who = said(profile.name) if profile.name else t("this player")
    lines = [t("**{name}**'s games", name=who)]
    if profile.hidden:
        lines.append(t("Your profile is hidden: only you see it, and the leaderboards leave you out."))
    if not profile.games:
        lines.append(t("No ended games yet."))
    for entry in profile.games:
        lines.append("")
        lines.append(f"**{game_title(entry.tally.game)}**")
        lines += tally_lines(entry, lambda trail: f"  `{trail}`")
    if profile.versus is not None and versus_name is not None:
        lines.append("")
        lines.append(t("**Against {name}**", name=said(versus_name)))
        if not profile.versus:
            lines.append(t("No finished game together yet."))
        for game, (ahead, behind, level) in profile.versus.items():
            lines.append(
                t(
                    "{game}: ahead {ahead}, behind {behind}, level {level}.",
                    game=game_title(game),
                    ahead=ahead,
                    behind=behind,
                    level=level,
                )
            )
    return "\n".join(lines)


def board_text(board: Board) -> str:
    where = t("in this server") if board.scope != EVERYWHERE else t("everywhere")
    head = t("**{game}** leaderboard {where}", game=game_title(board.game), where=where)
    rule = board_rule(board.min_games)
    if not board.rows:
        return f"{head}\n{rule}\n{t('Nobody yet.')}"
    lines = board_lines(board)
    page = t("Page {page} of {pages}", page=board.page + 1, pages=board.pages)
    return "\n".join([head, rule, "", *lines, "", page])


def _when(at: str) -> str:
    return f"<t:{int(datetime.fromisoformat(at).timestamp())}:d>"


def _link(result: GameResult) -> str:
    return f"https://discord.com/channels/{result.guild_id}/{result.channel_id}"


def history_text(history: History, name: str | None) -> str:
    who = said(name) if name else t("this player")
    head = tn("**{name}**: {n} ended game", "**{name}**: {n} ended games", history.total, name=who)
    if not history.games:
        return f"{head}\n{t('No ended games yet.')}"
    lines = [head, ""]
    for result in history.games:
        own = next((s for s in result.seats if s.user_id == history.user_id), None)
        table = ", ".join(player_name(s.player, s.name) for s in sorted(result.seats, key=lambda s: s.place))
        lines.append(
            t(
                "{date} {game} #{id} — {outcome} · {table} · [thread]({link})",
                date=_when(result.ended_at),
                game=game_title(result.game),
                id=result.game_id,
                outcome=outcome(result, own),
                table=table,
                link=_link(result),
            )
        )
    lines += ["", t("Page {page} of {pages}", page=history.page + 1, pages=history.pages)]
    return "\n".join(lines)


_UNRATED = {
    "people": lambda: t("Not rated: a rated game needs at least two people the bot did not play for."),
    "imported": lambda: t("Not rated: an imported game."),
    "abandoned": lambda: t("Not rated: the game was abandoned."),
}


def result_text(result: GameResult) -> str:
    """A game's own page of results (``/game score`` once it has ended)."""
    lines = [
        t(
            "**{game}** #{id}, ended {date}",
            game=game_title(result.game),
            id=result.game_id,
            date=_when(result.ended_at),
        )
    ]
    for seat in sorted(result.seats, key=lambda s: (s.place, s.seat)):
        parts = [f"{seat.place}. {player_name(seat.player, seat.name)}"]
        if seat.score is not None and result.outcome == "finished":
            parts.append(tn("{n} point", "{n} points", seat.score))
        if seat.expelled:
            parts.append(t("expelled, placed last"))
        if seat.mu is not None and seat.sigma is not None:
            parts.append(t("rating {rating}", rating=skill_text(Skill(seat.mu, seat.sigma))))
        elif not result.unrated and not seat.player.startswith(BOT):
            parts.append(t("not rated: the bot played most of this seat"))
        if seat.median_move is not None:
            parts.append(t("median move {time}", time=seconds_text(seat.median_move)))
        lines.append(" · ".join(parts))
    if result.unrated in _UNRATED:
        lines.append(_UNRATED[result.unrated]())
    return "\n".join(lines)
