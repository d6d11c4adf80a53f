"""The ratings' rules, pure: who is rated in an ended game, and the update itself.

What counts (the README's "Ratings" says the same to players):

- Only a **finished** game moves ratings; an abandoned one is kept in the players' history and
  counted as abandoned, never rated.
- A game is rated when at least **two people** in it are rated. A solo game (one person against the
  game's own rival) is not.
- A person whose seat the bot played for **more than half** of its moves (a replaced or long-skipped
  player) is not rated in that game; the others are rated among themselves as they placed.
- An **expelled** seat counts as **last**, whatever the bot scored for it after the expulsion, and
  its person is rated so.
- **Imported** games (``/boardroom import``) are never rated: the replay proves the moves, not who
  made them.
- Each **bot level** is a pseudo-player with a rating of its own per game ("bot:strong"), moved by
  the rated games it sat in, so beating the strong bot means something. A level seated twice in one
  game is not rated in that game (one player cannot face itself).
- Ratings are kept per game, in each server and everywhere; places come from the game's own final
  score (ties share a place). Ratings follow OpenSkill's Plackett-Luce model with the library's
  defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300), and leaderboards sort by ``mu - 3 sigma``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# A person's seat the bot played for more than this share of its moves is unrated.
BOT_SHARE = 0.5
PERSON, BOT = "u", "bot:"


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """What leaderboards sort by: a rating the player very probably has at least."""
        return self.mu - 3 * self.sigma


def new_skill() -> Skill:
    return Skill(MODEL.mu, MODEL.sigma)


def person(user_id: int) -> str:
    return f"{PERSON}{user_id}"


def bot_level(level: str) -> str:
    return f"{BOT}{level}"


def is_bot(player: str) -> bool:
    return player.startswith(BOT)


@dataclass(frozen=True)
class Contestant:
    """One seat of an ended game as the rules see it."""

    seat: int
    player: str
    place: int
    moves: int
    bot_moves: int
    expelled: bool


def rated_seats(contestants: Sequence[Contestant]) -> list[Contestant]:
    """The seats this game rates (empty when the game moves no rating): see the module's rules."""
    levels = [c.player for c in contestants if is_bot(c.player)]
    rated = [
        c
        for c in contestants
        if (is_bot(c.player) and levels.count(c.player) == 1)
        or (not is_bot(c.player) and (c.expelled or c.bot_moves <= BOT_SHARE * c.moves))
    ]
    people = sum(1 for c in rated if not is_bot(c.player))
    return rated if people >= 2 else []


def rate(before: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Everyone's skill after one game where they placed so (1 = first; equal places tie)."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(team[0].mu, team[0].sigma) for team in after]
