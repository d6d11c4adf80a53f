"""The words at the head of a player's panel: the game, where it stands, whose panel it is, what to
decide, the game's note for the seat, and whether Undo can revert a step. Shared by the Discord panel
and the local table's page."""

from __future__ import annotations

from bot import plugins
from bot.service.limits import clip
from bot.service.narrate import name_players
from bot.service.tables import Progress, Table
from render.common.language import say, t


def panel_text(table: Table, progress: Progress, seat: int, *, note: str = "") -> str:
    title = plugins.game(table.game.game).title
    where = f", {name_players(progress.stage, table.said_names)}" if progress.stage else ""
    lines = [f"**{title}** #{table.id}{where} — {table.said_at(seat)}, {say(progress.decision.prompt)}."]
    if note:
        lines.insert(0, note)
    if progress.notes.get(seat):
        lines.append(say(progress.notes[seat]))
    if seat in progress.undoable:
        lines.append(t("*Undo reverts your last step.*"))
    return clip("\n".join(lines))
