"""What a player must never read (issue 14, "Plain words"): engine codes, notation, rule and setup
ids, internal versions, ids. One list; ``findings`` reports every match with its line."""

from __future__ import annotations

import re

PATTERNS: list[str] = [
    r"[A-Z]{3}-[A-Z]+",  # donation and other engine codes: WEL-MONEYGOODS, EDU-HR
    r"\bR\d+\.\d",  # rule ids: R5.2.1
    r"§",  # spec section signs: §9.3
    r"setup (step )?\d",  # setup step numbers: setup 6B, setup step 11
    r"\(s\)",  # lazy plurals: employee(s)
    r"\b1 (goods|moves|employees|workers)\b",  # wrong singulars: 1 goods
    r"version \d",  # internal versions: (version 2)
    r"\bcell \d",  # cell coordinates: cell 1,3
    r"\d,\d\*?>",  # move notation: move 3,3*>2,3
    r"\b(CON|MGT|RND)\b",  # action codes: "use CON I seattle", "choose RND", "card back: CON"
    r"\b[AB]{4}\b",  # tab sides as a code: "tab sides ABBB (H, C, I, P)"
    r"\[Discord id\]",  # an id the transcript could not name (journal.ID_MARKER)
]

COMPILED = [re.compile(p) for p in PATTERNS]


def findings(text: str) -> list[str]:
    """One entry per line and pattern that matches: ``pattern: matched text — the line``."""
    found: list[str] = []
    for line in text.splitlines():
        for pattern in COMPILED:
            match = pattern.search(line)
            if match is not None:
                found.append(f"{pattern.pattern}: {match.group(0)!r} — {line.strip()}")
    return found
