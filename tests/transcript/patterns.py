"""What a player must never read (issue 14, "Plain words"): engine codes, notation, rule and setup
ids, internal versions, ids. One list; ``findings`` reports every match with its line."""

from __future__ import annotations

import re

from tests.transcript import told_causes

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
    r"\{[a-z_]*\d*\}|%[sd]\b|%\(\w+\)",  # a template never filled in: {p0}, {}, %s, %(name)s
    r"^> • …",  # a summary that left its oldest lines out: "• …12 earlier (/game log)", in any language
    r"\S \d+ \([+−-]\d+\)",  # a score change without its cause: "bob 20 (+20)"
]

COMPILED = [re.compile(p) for p in PATTERNS]
# A summary's score block: its bold header alone on a line, then one "name total (change: causes)" a line.
SCORE_HEADER = re.compile(r"> \*\*[^*#—]+\*\*")
SCORE_LINE = re.compile(r"> (.+) (-?\d+)( \(.+\))?")


def findings(text: str) -> list[str]:
    """One entry per line and pattern that matches: ``pattern: matched text — the line``."""
    found: list[str] = []
    for line in text.splitlines():
        for pattern in COMPILED:
            match = pattern.search(line)
            if match is not None:
                found.append(f"{pattern.pattern}: {match.group(0)!r} — {line.strip()}")
    return (
        found
        + unexplained_scores(text)
        + left_out_players(text)
        + told_causes.untold_moves(text)
        + told_causes.uncaused_donations(text)
    )


def unexplained_scores(text: str) -> list[str]:
    """The score lines of summaries that give a total with no change and causes ("bob 20" in a
    first summary): every point a player reads must say where it came from."""
    found: list[str] = []
    in_block = False
    for line in text.splitlines():
        if SCORE_HEADER.fullmatch(line):
            in_block = True
            continue
        score = SCORE_LINE.fullmatch(line) if in_block else None
        if score is None:
            in_block = False
        elif score[3] is None:
            found.append(f"a score without its cause: {line.strip()}")
    return found


# A summary's head: "**Carnegie — Round 7 is over.**" (its continuation parts carry no full stop inside).
SUMMARY_HEAD = re.compile(r"> \*\*[^*]+ — [^*]+\.\*\*")


def left_out_players(text: str) -> list[str]:
    """The summaries that leave a player out: every name in the score block must also be in the
    lines above it (a move, or "Nothing of note from …"), so a round where someone could do nothing
    says so. Names are the players' own in every language."""
    found: list[str] = []
    told: list[str] = []
    head = ""
    in_score = False
    for line in text.splitlines():
        if SUMMARY_HEAD.fullmatch(line):
            head, told, in_score = line, [], False
            continue
        if not head:
            continue
        if SCORE_HEADER.fullmatch(line):
            in_score = True
            continue
        score = SCORE_LINE.fullmatch(line) if in_score else None
        if in_score and score is None:
            head, in_score = "", False
            continue
        if score is not None:
            name = score[1]
            if not any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", said) for said in told):
                found.append(f"a summary that leaves {name} out: {head.strip()}")
        elif line.startswith("> "):
            told.append(line)
    return found
