"""The load benchmark's figures: one level's window, as the fake recorded it and as the bot's
processes were measured, turned into report rows with their targets."""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from tests.fakediscord.server import ACK_DEADLINE
from tests.perf.bot_load.fake import LoadFake
from tests.perf.bot_load.players import Table
from tests.perf.report import Floor, Row, median, percentile

SECTION = "bot"

ACK_DEADLINE_MS = 1000 * ACK_DEADLINE  # Discord's 3 s less the network's share
# Acknowledgement p99 / the bare round trip's p99 (the fake asking the bot's gateway for a heartbeat,
# measured beside the clicks): at a human pace, and at 100 games at machine speed.
ACK_PER_ROUND_TRIP_HUMAN = 3.0
ACK_PER_ROUND_TRIP_MACHINE = 5.0
PANEL_P99_MS = 300.0  # click -> the clicker's own panel redrawn, at every human-pace level
ROUND_P99_MS = 1000.0  # target at every human-pace level
# Seconds between bare round trips: discord.py sends at most 110 gateway frames a minute and holds its
# receiving loop (the clicks too) once past that, so the pings stay at ~86 a minute.
PING_EVERY = 0.7
GLOBAL_BUDGET = 45.0  # requests/s the bot allows itself (Discord: 50/s per bot; interaction responses exempt)
PER_HANDOVER = 1.1  # global-limited requests per change of the player to act
# Interaction responses and follow-ups: exempt from the global limit.
EXEMPT = ("/interactions/", "/webhooks/")


@dataclass
class Measured:
    """What one level measured of the bot's processes; the window is ``t0``..``t1`` (monotonic)."""

    n_games: int
    think: float
    shards: int
    open_s: float  # opening every game through Discord
    rss_start: int  # kB, the bot processes before the games were opened
    rss_open: int  # kB, the bot processes once they were
    rss_before: int  # kB, bot + render processes as the players started
    rss: int  # kB, bot + render processes at the end of the window
    peak: int  # kB, the sum of their peaks
    t0: float
    t1: float
    bot_cpu: float  # CPU seconds of the bot + render processes in the window
    driver_cpu: float  # CPU seconds of this process (players + fake) in the window
    requests_before: int  # the fake's request log before the players started
    problems: list[Any]
    invalid: int  # 401, 403 and non-shared 429 answers in the window (Discord bans at 10,000 in 10 min)


def _inside(windows: list[tuple[float, float]], t: float) -> bool:
    """Whether ``t`` falls in one of the (sorted, merged) windows."""
    i = bisect.bisect_right(windows, (t, float("inf"))) - 1
    return i >= 0 and windows[i][0] <= t <= windows[i][1]


def _merge(windows: list[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for start, end in sorted(windows):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def rows(fake: LoadFake, tables: list[Table], m: Measured) -> list[Row]:
    subject = f"{m.n_games} games" + (f", one click per ~{m.think:g} s per game" if m.think else "")
    if m.shards > 1:
        subject += f", {m.shards} shard processes on PostgreSQL"
    return (
        _latency_rows(subject, fake, tables, m)
        + _request_rows(subject, fake, m)
        + _resource_rows(subject, m)
        + _failure_rows(subject, fake, tables, m)
    )


def _acks_ms(fake: LoadFake, m: Measured) -> list[tuple[float, float]]:
    """(created, latency ms) of every interaction created in the window."""
    return [(c, lat * 1000) for c, lat in fake.acks if m.t0 <= c <= m.t1]


def _latency_rows(subject: str, fake: LoadFake, tables: list[Table], m: Measured) -> list[Row]:
    elapsed = m.t1 - m.t0
    acks = _acks_ms(fake, m)
    ack_ms = [lat for _, lat in acks]
    ping_ms = [rtt * 1000 for sent, rtt in fake.pings if m.t0 <= sent <= m.t1]
    done = [(click, posted) for t in tables for click, posted in fake.round_done[t.channel.id]]
    windows = _merge(done)
    during_render = [lat for c, lat in acks if _inside(windows, c)]
    round_ms = [(posted - click) * 1000 for click, posted in done if click >= m.t0]
    panel_ms = [ms for t in tables for at, ms in t.panel_ms if m.t0 <= at <= m.t1]
    line_ms = [s * 1000 for at, s in fake.next_lines if m.t0 <= at <= m.t1]
    # Acknowledgements: at 100 games at machine speed and at every human pace; round posts and panels
    # at a human pace (at machine speed the players close rounds faster than any number of render
    # processes draws them: that figure is the queue wait).
    ack_ratio = (
        ACK_PER_ROUND_TRIP_HUMAN if m.think else ACK_PER_ROUND_TRIP_MACHINE if m.n_games == 100 else None
    )
    round_target = ROUND_P99_MS if m.think else None
    round_what = "end-of-round post" if m.think else "end-of-round post (queue wait included)"
    trip: Floor = {"floor": percentile(ping_ms, 99), "floor_name": "bare round trip p99"}
    return [
        Row(
            SECTION,
            subject,
            "bare round trip p50",
            median(ping_ms),
            "ms",
            note=f"{len(ping_ms)} heartbeats the fake asked the bot's gateway for",
        ),
        Row(SECTION, subject, "bare round trip p99", percentile(ping_ms, 99), "ms"),
        Row(
            SECTION,
            subject,
            "acknowledgement p50",
            median(ack_ms),
            "ms",
            floor=median(ping_ms),
            floor_name="bare round trip p50",
        ),
        Row(
            SECTION,
            subject,
            "acknowledgement p99",
            percentile(ack_ms, 99),
            "ms",
            ratio_target=ack_ratio,
            **trip,
        ),
        Row(
            SECTION,
            subject,
            f"acknowledgement max vs the {ACK_DEADLINE:g} s deadline",
            max(ack_ms, default=0),
            "ms",
            ACK_DEADLINE_MS,
        ),
        Row(
            SECTION,
            subject,
            "acknowledgement p99 while boards render",
            percentile(during_render, 99),
            "ms",
            ratio_target=ack_ratio if during_render else None,
            note=f"{len(during_render)} interactions",
            **trip,
        ),
        Row(
            SECTION,
            subject,
            "click → own panel redrawn p99",
            percentile(panel_ms, 99),
            "ms",
            PANEL_P99_MS if m.think else None,
            note=f"{len(panel_ms)} clicks",
            **trip,
        ),
        Row(
            SECTION,
            subject,
            "click → next turn line p99",
            percentile(line_ms, 99),
            "ms",
            note=f"{len(line_ms)} hand-overs",
            **trip,
        ),
        Row(
            SECTION,
            subject,
            f"{round_what} p50",
            median(round_ms),
            "ms",
            note=f"{len(round_ms)} rounds, click to picture",
        ),
        Row(SECTION, subject, f"{round_what} p99", percentile(round_ms, 99), "ms", round_target),
        Row(
            SECTION,
            subject,
            "interactions per second",
            len(ack_ms) / elapsed,
            "/s",
            note=f"{len(ack_ms)} in {elapsed:.0f} s",
        ),
    ]


def _request_rows(subject: str, fake: LoadFake, m: Measured) -> list[Row]:
    elapsed = m.t1 - m.t0
    window_requests = [r for r in fake.requests[m.requests_before :] if m.t0 <= r.started <= m.t1 and r.route]
    interaction_routes = [r for r in window_requests if (r.route or " ").split(" ", 1)[1].startswith(EXEMPT)]
    channel_routes = [r for r in window_requests if not (r.route or " ").split(" ", 1)[1].startswith(EXEMPT)]
    per_second: dict[int, int] = defaultdict(int)
    for r in channel_routes:
        per_second[int(r.started - m.t0)] += 1
    handovers = sum(1 for at in fake.handovers if m.t0 <= at <= m.t1)
    return [
        Row(
            SECTION,
            subject,
            "requests/s, global-limited routes (mean)",
            len(channel_routes) / elapsed,
            "/s",
            GLOBAL_BUDGET,
        ),
        Row(
            SECTION,
            subject,
            "requests/s, global-limited routes (busiest second)",
            max(per_second.values(), default=0),
            "/s",
            GLOBAL_BUDGET,
        ),
        Row(
            SECTION,
            subject,
            "global-limited requests per hand-over",
            len(channel_routes) / max(handovers, 1),
            "",
            PER_HANDOVER,
            note=f"{len(channel_routes)} requests, {handovers} hand-overs",
        ),
        Row(
            SECTION,
            subject,
            "requests/s, interaction webhooks (exempt)",
            len(interaction_routes) / elapsed,
            "/s",
        ),
    ]


def _resource_rows(subject: str, m: Measured) -> list[Row]:
    elapsed = m.t1 - m.t0
    start_mib, open_mib = m.rss_start / 1024, m.rss_open / 1024
    return [
        Row(
            SECTION,
            subject,
            "bot memory (RSS, bot + render process)",
            m.rss / 1024,
            "MiB",
            note=f"peaks {m.peak / 1024:.0f} MiB, {m.rss_before / 1024:.0f} MiB before the window",
        ),
        Row(
            SECTION,
            subject,
            "memory per open game (bot process)",
            (m.rss_open - m.rss_start) / m.n_games,
            "KiB",
            note=f"{start_mib:.0f} MiB before the games were opened, {open_mib:.0f} MiB after",
        ),
        Row(
            SECTION,
            subject,
            "bot processes CPU",
            100 * m.bot_cpu / elapsed,
            "% of one core",
            note=f"players + fake: {100 * m.driver_cpu / elapsed:.0f}%",
        ),
    ]


def _failure_rows(subject: str, fake: LoadFake, tables: list[Table], m: Measured) -> list[Row]:
    late = sum(1 for _, lat in _acks_ms(fake, m) if lat > ACK_DEADLINE_MS)
    errors = sum(t.errors for t in tables)
    return [
        Row(
            SECTION,
            subject,
            f"late acknowledgements (> {ACK_DEADLINE:g} s) and failed steps",
            late + errors,
            "",
            0.0,
            note=f"{late} late, {errors} errors, {len(m.problems)} fake problems",
        ),
        Row(
            SECTION,
            subject,
            "invalid requests (401/403/429) per 10 minutes",
            m.invalid * 600 / (m.t1 - m.t0),
            "",
            0.0,
            note=f"{m.invalid} in the window; Discord bans the bot's address at 10,000",
        ),
        Row(
            SECTION,
            subject,
            "setup: games opened through Discord",
            m.open_s,
            "s",
            note="/game new, Join, Start",
        ),
    ]
