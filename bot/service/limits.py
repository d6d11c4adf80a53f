"""Discord's limits on what the bot sends, and the one way to fit text into them."""

from __future__ import annotations

MAX_MESSAGE = 2000  # characters of a message's content
BUTTON_LABEL = 80  # characters of a button's label
OPTION_TEXT = 100  # characters of a select option's label or description; of an autocomplete choice
MENU_OPTIONS = 25  # options of one select menu; choices of one autocomplete or option list
MAX_MENUS = 4  # select menus of one panel (the fifth row holds Done and Undo)
MAX_BUTTONS = 20  # buttons of one panel: four rows of five
MAX_IMAGE_BYTES = 1_500_000  # what we allow one picture (Discord's own limit is 10 MB)


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def pages(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """``text`` as messages of at most ``limit`` characters each, cut between lines (a line longer than a
    message on its own is clipped)."""
    out: list[str] = []
    for line in text.split("\n"):
        line = clip(line, limit)
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out
