"""A hint: the strong bot's choice for a player's own decision and what it does to their provisional
score at once, said privately to the asker (``/game hint`` on Discord, the local table's Hint)."""

from __future__ import annotations

from typing import Any

from bot.service.limits import clip
from bot.service.progress import BotTurn
from bot.service.words import level_word, signed
from engine.core import Game, ScoreSheet
from render.common.language import say, t


def hint_text(game: Game[Any, Any], turn: BotTurn, notation: str) -> str:
    """ "The strong bot would choose: …", with the asker's provisional score before and after."""
    state = game.load_state(turn.snapshot)
    action = game.parse_action(notation)
    label = say(game.describe_action(state, turn.seat, action))
    before = _total(game.score(state), turn.seat)
    after = _total(game.score(game.apply(state, turn.seat, action).state), turn.seat)
    change = t(
        "your provisional score {before} → {after} ({change} at once)",
        before=before,
        after=after,
        change=signed(after - before),
    )
    if turn.level:
        said = t(
            "The {level} bot would choose: **{label}**; {change}. Only you see this.",
            level=level_word(turn.level),
            label=label,
            change=change,
        )
    else:
        said = t(
            "The bot would choose: **{label}**; {change}. Only you see this.", label=label, change=change
        )
    return clip(said)


def _total(sheet: ScoreSheet, seat: int) -> int:
    return next((line.total for line in sheet.lines if line.seat == seat), 0)
