"""An action of the log in player words, as the pages show it: each thing the game said about it, a
sentence a line; an action the game said nothing about is still someone's choice (never the
notation)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.narrate import event_lines
from bot.storage import ActionRow
from engine.core import Event
from render.common.language import t


def action_sentences(row: ActionRow, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    told = event_lines(events, names)
    if told:
        return told
    who = names[row.seat] if 0 <= row.seat < len(names) else t("A player")
    return [t("{who} made a choice.", who=who)]
