"""``python -m tests.transcript.scorecard``: the player review's scorecard, measured again from the
transcripts in ``docs/transcripts/`` (written by ``make transcript`` and ``make transcript-<lang>``),
into ``docs/transcripts/scorecard.md``.

Every figure is read from a transcript's own counts or found in its text, so the card says what a
player of those seeded games saw: posts, pings, clicks (with the panel kept open, and played hours
apart), clicks per decision, and what a player must never read (``patterns.findings``). A target a
figure misses is marked ✗ beside it.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.transcript.patterns import findings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "transcripts"
TABLE_FILE = re.compile(r"(?P<game>carnegie|nipron)-(?P<players>\d|solo)p?(?:\.(?P<lang>[a-z]{2}))?\.md")
# The review's targets: clicks a player makes in a 4-player game when played hours apart, and per decision.
MAX_CLICKS_PER_PLAYER = 90
MAX_MEDIAN_PER_DECISION = 2
MAX_PER_DECISION = 6


@dataclass(frozen=True)
class Card:
    """One transcript's figures."""

    game: str
    players: str
    language: str
    channel_posts: int
    thread_posts: int
    pings: list[int]
    clicks: list[int]
    clicks_apart: list[int]
    per_decision: tuple[int, int]
    per_decision_apart: tuple[int, int]
    findings: int


def _numbers(line: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?<![\w.])-?\d+(?![\w.])", line.split(":", 1)[1])]


def _counts(text: str) -> dict[str, str]:
    """The transcript's count lines by their label (what comes before the colon)."""
    block = re.split(r"^## Counts$", text, maxsplit=1, flags=re.MULTILINE)
    if len(block) != 2:
        raise ValueError("the transcript has no counts")
    return {line.split(":", 1)[0]: line for line in block[1].splitlines() if ":" in line}


def card(name: str, text: str) -> Card:
    match = TABLE_FILE.fullmatch(name)
    if match is None:
        raise ValueError(f"{name} is not a game's transcript")
    counts = _counts(text)
    apart = next(
        line for label, line in counts.items() if label.startswith("Clicks per player, played hours apart")
    )
    channel, thread = _numbers(counts["Posts"])
    median, most = _numbers(counts["Clicks per decision"])
    median_apart, most_apart = _numbers(counts["Clicks per decision, played hours apart"])
    return Card(
        game=match["game"],
        players=match["players"],
        language=match["lang"] or "en",
        channel_posts=channel,
        thread_posts=thread,
        pings=_numbers(counts["Pings per player"]),
        clicks=_numbers(counts["Clicks per player"]),
        clicks_apart=_numbers(apart),
        per_decision=(median, most),
        per_decision_apart=(median_apart, most_apart),
        findings=len(findings(text)),
    )


def _span(values: list[int]) -> str:
    return f"{min(values)}–{max(values)}" if min(values) != max(values) else str(values[0])


def _marked(text: str, met: bool) -> str:
    return text if met else f"{text} ✗"


def rows(cards: list[Card]) -> list[str]:
    lines = [
        "| table | language | posts: channel / thread | pings per player "
        "| clicks per player, panel kept open | clicks per player, hours apart "
        "| per decision, median / max (hours apart) | words a player must never read |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for c in sorted(cards, key=lambda c: (c.game, c.players, c.language != "en", c.language)):
        four = c.players == "4"
        apart = _marked(_span(c.clicks_apart), not four or max(c.clicks_apart) <= MAX_CLICKS_PER_PLAYER)
        median, most = c.per_decision_apart
        decision = _marked(
            f"{median} / {most}", median <= MAX_MEDIAN_PER_DECISION and most <= MAX_PER_DECISION
        )
        table = f"{c.game.capitalize()} {c.players if c.players == 'solo' else c.players + 'p'}"
        lines.append(
            f"| {table} | {c.language} | {c.channel_posts} / {c.thread_posts} | {_span(c.pings)} "
            f"| {_span(c.clicks)} | {apart} | {decision} | {_marked(str(c.findings), c.findings == 0)} |"
        )
    return lines


def main() -> int:
    cards = [
        card(path.name, path.read_text())
        for path in sorted(DOCS.glob("*.md"))
        if TABLE_FILE.fullmatch(path.name)
    ]
    out = DOCS / "scorecard.md"
    out.write_text(
        "# Scorecard\n\n"
        "The player review's scorecard measured again from the transcripts beside this file by "
        "`python -m tests.transcript.scorecard` (run by `make transcript`). Targets: at most "
        f"{MAX_CLICKS_PER_PLAYER} clicks per player in a 4-player game played hours apart (one **Take my "
        f"turn** per stretch); per decision a median of at most {MAX_MEDIAN_PER_DECISION} and none over "
        f"{MAX_PER_DECISION}; no word a player must never read (`tests/transcript/patterns.py`). "
        "A figure that misses its target is marked ✗.\n\n" + "\n".join(rows(cards)) + "\n"
    )
    missed = sum("✗" in line for line in rows(cards))
    print(f"{out}: {len(cards)} transcripts, {missed} with a target missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
