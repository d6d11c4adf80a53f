"""Two checks of what the table tells (the review's F4 and F6), in every language: a retired turn line
that says its player did nothing after they made a move ("✓ carol finished without a move to tell."
after "Mines: +3 coal steps for ¥6,000"), and a donations change without its cause ("donations −4"
after building, where the summary must say "(Welfare: 3 goods to pay, was 5)")."""

from __future__ import annotations

import re
from functools import cache

from engine.carnegie import words
from render.common.language import LANGUAGES, say, speaking, t

_MARK = "\x00"
CLICK = re.compile(r'\*\*(.+?)\*\* clicks "(.*)"')


@cache
def _said_everywhere(key: str) -> re.Pattern[str]:
    """``key`` (one ``{who}`` placeholder) as said in any language, its ``who`` captured."""
    forms = set()
    for lang in LANGUAGES:
        with speaking(lang):
            forms.add(re.escape(t(key, who=_MARK)).replace(re.escape(_MARK), "(.+?)"))
    return re.compile("|".join(sorted(forms)))


def _is_move(label: str) -> bool:
    """A click that changed the game: its label names a number (a space, a cost, a count), which no
    click that only ends a step has ("End your turn", "Done activating", "Take my turn")."""
    return bool(re.search(r"\d", label))


def untold_moves(text: str) -> list[str]:
    """Retired turn lines saying "without a move to tell" about a player who clicked a move since their
    last retired line."""
    nothing = _said_everywhere("{who} finished without a move to tell.")
    found: list[str] = []
    recent: dict[str, list[str]] = {}
    for line in text.splitlines():
        click = CLICK.match(line)
        if click is not None:
            recent.setdefault(click[1], []).append(click[2])
            continue
        if not line.startswith("> ✓ "):
            continue
        said = nothing.search(line)
        named = [name for name in recent if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", line)]
        if said is not None:
            moves = [label for name in named for label in recent[name] if _is_move(label)]
            if moves:
                found.append(f"a turn line that tells no move after {moves[-1]!r}: {line.strip()}")
        for name in named:
            recent[name] = []
    return found


@cache
def _donations() -> re.Pattern[str]:
    names = set()
    for lang in LANGUAGES:
        with speaking(lang):
            names.add(re.escape(say(words.DONATIONS)))
    return re.compile(rf"(?<!\w)(?:{'|'.join(sorted(names))}) [+−-]\d+(?!\d)(?! \()")


def uncaused_donations(text: str) -> list[str]:
    """Score lines whose donations changed without the cause in parentheses after the change."""
    pattern = _donations()
    return [
        f"a donations change without its cause: {line.strip()}"
        for line in text.splitlines()
        if line.startswith("> ") and pattern.search(line)
    ]
