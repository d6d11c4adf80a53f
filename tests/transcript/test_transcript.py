"""The transcript tool (issue 14, item 8) on a short seeded 2-player Carnegie game: the first two
rounds, played through the real discord.py client against the loopback fake, in a child process
(``python -m tests.transcript``, as ``make transcript`` runs it)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.transcript.patterns import findings

REPO = Path(__file__).resolve().parents[2]
PLAYERS = ("alice", "bob")


@pytest.fixture(scope="module")
def transcript(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("transcript") / "carnegie-2p.md"
    command = [
        sys.executable,
        "-m",
        "tests.transcript",
        "--game",
        "carnegie",
        "--players",
        "2",
        "--seed",
        "20261121",
        "--max-rounds",
        "2",
        "--out",
        str(out),
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_transcript_shows_posts_panels_clicks_and_counts(transcript: str) -> None:
    body, counts = transcript.split("\n## Counts\n\n")
    # The lobby, typed and clicked; the public posts; the private panels; the clicks by label.
    assert "**alice** types `/game new game:carnegie players:2`" in body
    assert '**bob** clicks "Join"' in body and '**alice** clicks "Start"' in body
    assert re.search(r"\*\*#games\*\* — Boardroom posts \(post 1\):\n> \*\*Carnegie\*\* — lobby", body)
    assert "> Buttons: [Take my turn]" in body
    # A decision the turn line carries is answered there (its buttons, or its menu for a longer list,
    # a long one's groups included): Take my turn is left for the panel's look-ups.
    assert re.search(r'\*\*(alice|bob)\*\* picks "[^"]+" in the menu "Choose your move…"', body)
    for name in PLAYERS:
        assert f"*Only {name} sees* (new):" in body and f"*Only {name} sees* (panel updated):" in body
    assert re.search(r'\*\*(alice|bob)\*\* (clicks|picks) "(?!Take my turn|Join|Start)[^"]+"', body)
    assert "Round 1 is over" in body and "Round 2 is over" in body and "Round 3 is over" not in body
    assert re.search(r"^> Image: round-0?1-\S+\.png$", body, re.M)
    assert "(The transcript stops here: --max-rounds 2, round 3 begins.)" in body
    # No Discord ids, raw mentions or timestamps: names and "(a moment ago)" instead.
    assert "<@" not in transcript and "<t:" not in transcript and "<#" not in transcript
    assert not re.search(r"\d{17,}", transcript)
    assert "@alice" in body and "@bob" in body
    # The counts, one per line, in this order first.
    lines = counts.strip().splitlines()
    assert re.fullmatch(r"Posts: channel \d+, thread \d+", lines[0])
    assert re.fullmatch(r"Pings per player: alice \d+, bob \d+", lines[1])
    assert re.fullmatch(r"Clicks per decision: median \d+(\.5)?, max \d+", lines[2])
    assert re.fullmatch(r"Clicks per player: alice \d+, bob \d+", lines[3])
    # Played hours apart, each stretch begins with Take my turn: never fewer clicks than kept open.
    apart = re.fullmatch(
        r"Clicks per player, played hours apart \(one Take my turn per stretch\): alice (\d+), bob (\d+)",
        lines[4],
    )
    assert apart is not None, lines[4]
    kept = [int(n) for n in re.findall(r"\d+", lines[3])]
    assert all(int(a) >= k for a, k in zip(apart.groups(), kept, strict=True))
    reused = len(re.findall(r"\(panel updated\):\n> Your turn\.", body))  # a panel redrawn for the next turn
    assert 0 <= sum(int(a) for a in apart.groups()) - sum(kept) <= reused
    assert re.fullmatch(r"Clicks per decision, played hours apart: median \d+(\.5)?, max \d+", lines[5])
    # The game is played in its own thread (issue 14): the channel keeps the lobby (and the result).
    channel, thread = (int(n) for n in re.findall(r"\d+", lines[0]))
    assert channel == 1 and thread > 1
    assert channel + thread == len(re.findall(r"— Boardroom posts \(post \d+\):", body))
    clicks = sum(int(n) for n in re.findall(r"\d+", lines[3]))
    assert clicks == len(re.findall(r"^\*\*(?:alice|bob)\*\* (?:clicks|picks) ", body, re.M))


def test_players_never_read_codes_notation_or_ids(transcript: str) -> None:
    found = findings(transcript)
    assert found == [], f"{len(found)} findings, e.g.:\n" + "\n".join(found[:20])
