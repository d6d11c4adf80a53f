"""The words every front door uses for what players read after their games (Discord's answers and
the web companion's pages): a game's title, a rating, a time, a player's name, a game's outcome for
one seat. Formatting of the whole answer (markdown, HTML) stays with each front door."""

from __future__ import annotations

from collections.abc import Callable

from bot import plugins
from bot.service.after_game.ratings import BOT, Skill
from bot.service.after_game.reading import Board, GameProfile
from bot.service.words import level_word, said
from bot.storage.results import GameResult, SeatResult
from engine.core import UnknownGame
from render.common.language import say, t, tn

_BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float]) -> str:
    """One bar per game, lowest to highest of these values (a flat line when they are all equal)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return _BARS[3] * len(values)
    return "".join(_BARS[round((v - low) / (high - low) * (len(_BARS) - 1))] for v in values)


def game_title(game: str) -> str:
    try:
        return say(plugins.game(game).title)
    except UnknownGame:
        return game  # a game no longer offered keeps its results under its stored name


def skill_text(skill: Skill) -> str:
    return f"{skill.mu:.1f} ± {skill.sigma:.1f}"


def seconds_text(seconds: int) -> str:
    if seconds < 90:
        return t("{n} s", n=seconds)
    if seconds < 90 * 60:
        return t("{n} min", n=round(seconds / 60))
    if seconds < 36 * 3600:
        return t("{n} h", n=round(seconds / 3600))
    return t("{n} d", n=round(seconds / 86400))


def player_name(player: str, name: str | None, escape: Callable[[str], str] = said) -> str:
    """A leaderboard's or a result's name: the bot's levels in words, people by their last name
    (``escape``: as the front door must show a name inside its text; Discord's markdown by default)."""
    if player.startswith(BOT):
        return t("the {level} bot", level=level_word(player[len(BOT) :]))
    return escape(name) if name else t("a player")


def outcome(result: GameResult, seat: SeatResult | None) -> str:
    """How the game ended for ``seat`` (None: a seat not among the players)."""
    if result.outcome == "abandoned":
        return t("abandoned")
    if seat is None:
        return t("finished")
    if seat.expelled:
        return t("expelled, placed last")
    if seat.won:
        return t("won")
    return t("place {place}", place=seat.place)


def board_rule(min_games: int) -> str:
    """Who a leaderboard counts and how it is sorted."""
    return tn(
        "Players with at least {n} rated game; sorted by the rating less three times its uncertainty.",
        "Players with at least {n} rated games; sorted by the rating less three times its uncertainty.",
        min_games,
    )


def board_lines(board: Board, escape: Callable[[str], str] = said) -> list[str]:
    """A leaderboard page's rows, a line each: place, name, rating, rated games."""
    return [
        t(
            "{place}. {name} — {rating} ({games})",
            place=board.first_place + i,
            name=player_name(row.player, row.name, escape),
            rating=skill_text(Skill(row.mu, row.sigma)),
            games=tn("{n} game", "{n} games", row.games),
        )
        for i, row in enumerate(board.rows)
    ]


def tally_lines(entry: GameProfile, trail: Callable[[str], str] = lambda _: "") -> list[str]:
    """A profile's lines about one game: the tallies, the rating (``trail``: how the front door shows
    the sparkline of the last games after it), the scores, the time per move, the skips."""
    tally = entry.tally
    lines = [
        t(
            "Played {played}, finished {finished}, won {won}; abandoned {abandoned}, expelled {expelled}.",
            played=tally.played,
            finished=tally.finished,
            won=tally.won,
            abandoned=tally.abandoned,
            expelled=tally.expelled,
        )
    ]
    if entry.rating is None:
        lines.append(t("Not rated yet: a rated game is a finished one with at least two people."))
    else:
        lines.append(
            tn(
                "Rating {rating} after {n} rated game",
                "Rating {rating} after {n} rated games",
                entry.rated_games,
                rating=skill_text(entry.rating),
            )
            + (trail(sparkline(entry.trail)) if len(entry.trail) > 1 else "")
        )
    if tally.best is not None and tally.average is not None:
        lines.append(
            t("Best score {best}, average {average}.", best=tally.best, average=f"{tally.average:.1f}")
        )
    if tally.median_move is not None:
        lines.append(t("Median time per move: {time}.", time=seconds_text(tally.median_move)))
    lines.append(tn("Skipped {n} time.", "Skipped {n} times.", tally.skipped))
    return lines
