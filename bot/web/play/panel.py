"""A seat's panel as the page shows it: the same words, choices, groups and labels as the Discord
panel (``bot.service.picker``, ``bot.service.panel_words``), as plain data for the template. The web
has no limit of 25 buttons, so a long ungrouped list stays buttons where Discord uses menus."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from bot.service import picker
from bot.service.panel_words import panel_text
from bot.service.tables import Progress, Table
from render.common.language import say, t


@dataclass(frozen=True)
class Button:
    label: str
    # the choice's position in the seat's choices (a move), or the level it opens (a group)
    index: int | None = None
    step: str | None = None
    secondary: bool = False


@dataclass
class PanelShown:
    seat: int
    name: str
    text: Markup
    buttons: list[Button] = field(default_factory=list)
    done: Button | None = None
    undo: bool = False


BOLD, ITALIC = re.compile(r"\*\*(.+?)\*\*"), re.compile(r"\*(.+?)\*")


def marked(text: str) -> Markup:
    """The panel's text (Discord's **bold** and *italics*) as HTML, every other character escaped, a
    paragraph a line."""
    lines = []
    for line in text.split("\n"):
        said = str(escape(line))
        said = ITALIC.sub(r"<em>\1</em>", BOLD.sub(r"<strong>\1</strong>", said))
        lines.append(f"<p>{said}</p>")
    return Markup("".join(lines))


def panel_of(table: Table, progress: Progress, seat: int, step: picker.Step, note: str = "") -> PanelShown:
    listed = picker.listed(progress, seat)
    labels = picker.labels_of(listed, step) if step else ()
    if labels is None:
        # a level of an earlier version's groups: start from the top
        step, labels = (), ()
    if labels:
        choosing = t("Choosing: {path}", path=" › ".join(say(label) for label in labels))
        note = "\n".join(x for x in (note, choosing) if x)
    shown = PanelShown(seat, table.said_at(seat), marked(panel_text(table, progress, seat, note=note)))
    if picker.is_grouped(listed):
        for entry in picker.level(listed, step):
            if entry.step is not None:
                shown.buttons.append(Button(say(entry.label) + " …", step=picker.format_step(entry.step)))
            else:
                shown.buttons.append(Button(say(entry.label), index=entry.index))
        if step:
            back = picker.format_step(picker.back(listed, step))
            shown.buttons.append(Button(t("Back"), step=back, secondary=True))
    else:
        shown.buttons = [Button(say(choice.label), index=index) for index, choice in listed]
    choices = progress.choices.get(seat, [])
    ends = progress.decision.done
    done = next((i for i, c in enumerate(choices) if c.notation == ends), None) if ends else None
    if done is not None:
        shown.done = Button(say(choices[done].label), index=done)
    shown.undo = seat in progress.undoable
    return shown
