"""Bot section: the real bot under load, through the loopback fake Discord and the real discord.py.

Processes: the bot runs as ``python -m bot`` in a CHILD process on a fresh SQLite file (exactly what
``make run`` starts, pointed at the fake by ``DISCORD_LOOPBACK``); the fake Discord and the simulated
players run in this process. So the players' and the fake's CPU is not on the bot's event loop, but
both processes share the machine's cores (the bot's CPU share is reported).

Per level (10, 100, 500 concurrent 2-player Carnegie games, one channel each), every game is opened
through Discord (``/game new``, **Join**, **Start**), then, for a fixed window, each game's players act
as fast as the bot answers: open the panel from the public turn line (**Take my turn**), click a legal
button or menu option ("Done" three times in four when a phase allows it) until the panel says the
part is done, then the next player. Measured in the window:

- acknowledgement latency: the fake's clock from creating the interaction (just before it is
  dispatched on the gateway) to receiving the bot's callback; every interaction of the window;
- the same for the interactions created while some board image was being rendered and posted
  (a round closed in any game and its summary was not posted yet): rendering must not block the loop;
- end-of-round latency: from the click that closed a round to the fake receiving the round summary
  (overview PNG drawn, uploaded, message created);
- interactions per second; the bot's REST requests per second from the fake's request log, split
  into interaction webhooks (callbacks, follow-ups and edits with the interaction token, exempt from
  the global limit) and the rest (channel messages and edits), compared with the bot's own budget
  (45/s, under Discord's 50/s global limit) in every whole second of the window;
- requests per hand-over (issue 19): the global-limited requests of the window divided by its
  hand-overs (new turn lines, however posted: a change of the player to act);
- the bot process's resident memory (and peak), the memory per open game (the bot process's
  resident memory after the games were opened, less before, over the number of games) and CPU share.

Two kinds of levels: players at machine speed (10, 100, 500 games: the bot saturated, so the
end-of-round figure there is mostly queue wait, reported without a target), and players at a human
pace, one click per ``HUMAN_THINK`` seconds per game, stepped up (``HUMAN_LEVELS``, or the
``BENCH_HUMAN_GAMES`` environment variable, e.g. ``100,500,1000``) until a level misses a target: the
largest level that meets every target is the number of games one process hosts.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
import os
import random
import re
import resource
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Game
from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.model import User
from tests.fakediscord.outcome import FakeInteraction, InteractionNotAcknowledged, InteractionOutcome
from tests.perf.report import Row, median, percentile

SECTION = "bot"

ACK_DEADLINE_MS = 3000.0
ACK_P99_MS = 100.0  # target at 100 games at machine speed, and at every human-pace level
ROUND_P99_MS = 1000.0  # target at every human-pace level
GLOBAL_BUDGET = 45.0  # requests/s the bot allows itself (Discord: 50/s per bot; interaction responses exempt)
PER_HANDOVER = 1.1  # global-limited requests per change of the player to act
HUMAN_THINK = 30.0  # seconds between one game's clicks at a human pace
HUMAN_LEVELS = (100, 500, 1000)
HUMAN_WINDOW = 60.0
TAKE_MY_TURN = "Take my turn"
MENTION = re.compile(r"<@!?(\d+)>")
WARM_UP = 3.0  # seconds of play before the window opens
WAIT = 20.0  # a reply slower than this is a failure of the run, not a figure

log = logging.getLogger(__name__)


class LoadFake(FakeDiscord):
    """The fake with targeted wake-ups (a waiter per message, channel or interaction instead of every
    waiter re-checking on every request: with 1,000 players that would cost the driver more than the
    bot), per-channel indexes, and attachment bytes dropped once their size is noted."""

    def __init__(self) -> None:
        super().__init__()
        self._waiters: dict[tuple[str, int], list[asyncio.Future[None]]] = defaultdict(list)
        self.turn_lines: dict[int, Message] = {}
        self.round_posts: dict[int, list[float]] = defaultdict(list)
        self.finished: set[int] = set()
        self.acks: list[tuple[float, float]] = []  # (created, latency s)
        self.handovers: list[float] = []  # when each new turn line was created
        self.max_png = 0

    def notify(self, kind: str, key: int) -> None:
        for fut in self._waiters.pop((kind, key), []):
            if not fut.done():
                fut.set_result(None)

    async def wait_for_change(self, kind: str, key: int, ready: Any, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{kind} {key}")
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters[(kind, key)].append(fut)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fut, remaining)

    def _strip(self, message: Message) -> None:
        for attachment in message.attachments:
            if attachment.data:
                self.max_png = max(self.max_png, len(attachment.data))
                attachment.data = b""

    async def _create_message(self, call: Any, channel: Any, **kw: Any) -> Message:
        message = await super()._create_message(call, channel, **kw)
        now = time.monotonic()
        if any(a.filename.startswith("round-") for a in message.attachments):
            self.round_posts[channel.id].append(now)
            self.notify("round", 0)
        if any(a.filename.startswith("final") for a in message.attachments):
            self.finished.add(channel.id)
        if any(b.get("label") == TAKE_MY_TURN for b in message.buttons()):
            self.turn_lines[channel.id] = message
            self.handovers.append(now)
        self._strip(message)
        call.record.files = []
        interaction: FakeInteraction | None = kw.get("interaction")
        if interaction is not None and interaction.source_message is not None:
            self.notify("msg", interaction.source_message.id)  # a refusal instead of a panel edit
        self.notify("chan", channel.id)
        return message

    async def _edit_message(self, call: Any, message: Message, *, interaction: Any) -> Message:
        edited = await super()._edit_message(call, message, interaction=interaction)
        self._strip(edited)
        call.record.files = []
        self.notify("msg", message.id)
        self.notify("chan", message.channel_id)
        return edited

    async def _callback(self, call: Any) -> Any:
        try:
            return await super()._callback(call)
        finally:
            self.notify("ack", int(call.params["interaction_id"]))

    async def _deliver(self, record: FakeInteraction, timeout: float) -> InteractionOutcome:
        record.deliveries.append(await self.gateway.dispatch("INTERACTION_CREATE", record.payload))
        with contextlib.suppress(TimeoutError):
            await self.wait_for_change("ack", record.id, lambda: record.attempts, timeout)
        if not record.acknowledged or record.callback_at is None:
            raise InteractionNotAcknowledged(f"interaction {record.id}: {record.attempts}")
        self.acks.append((record.created, record.callback_at - record.created))
        return InteractionOutcome(self, record)


@dataclass
class Table:
    channel: Any
    users: dict[int, User]
    rnd: random.Random
    round_ms: list[tuple[float, float]] = field(default_factory=list)  # (click created, ms)
    render_windows: list[tuple[float, float]] = field(default_factory=list)
    errors: int = 0
    decisions: int = 0
    think: float = 0.0  # mean seconds a player looks at the panel before each click


def _pick(panel: Message, rnd: random.Random) -> tuple[str, str | None]:
    buttons = [b for b in panel.buttons() if b["custom_id"].startswith(("br:a:", "br:i:"))]
    done = [b for b in buttons if b["custom_id"].endswith(":done")]
    if done and rnd.random() < 0.75:
        return done[0]["custom_id"], None
    options: list[tuple[str, str | None]] = [(b["custom_id"], None) for b in buttons]
    for menu in panel.selects():
        options += [(menu["custom_id"], o["value"]) for o in menu["options"]]
    return options[rnd.randrange(len(options))]


async def _open(fake: LoadFake, table: Table) -> None:
    host, guest = list(table.users.values())
    cid = table.channel.id
    out = await fake.slash(
        host, table.channel, "game new", game="carnegie", thread=False, players=2, timeout=WAIT
    )
    lobby = out.record.original
    assert lobby is not None
    await fake.wait_for_change("msg", lobby.id, lambda: not fake.message(lobby.id).loading)
    edits = fake.message(lobby.id).edits
    await fake.click_button(guest, fake.message(lobby.id), "Join", timeout=WAIT)
    await fake.wait_for_change("msg", lobby.id, lambda: fake.message(lobby.id).edits > edits)
    await fake.click_button(host, fake.message(lobby.id), "Start", timeout=WAIT)
    await fake.wait_for_change("chan", cid, lambda: cid in fake.turn_lines)


async def _play(fake: LoadFake, table: Table, stop: asyncio.Event) -> None:
    cid = table.channel.id
    while not stop.is_set() and cid not in fake.finished:
        line = fake.turn_lines[cid]
        line = fake.message(line.id)
        if not line.buttons():
            # Retired: a newer line is coming (or the game is over).
            with contextlib.suppress(TimeoutError):
                await fake.wait_for_change("chan", cid, lambda old=line: fake.turn_lines[cid] is not old, 5)
            continue
        acted = False
        for uid in [int(u) for u in MENTION.findall(line.content)]:
            user = table.users.get(uid)
            if user is None or stop.is_set():
                continue
            try:
                acted = await _take_turn(fake, table, user, line) or acted
            except (TimeoutError, InteractionNotAcknowledged, AssertionError, KeyError) as exc:
                table.errors += 1
                log.warning("game in #%s: %s", table.channel.name, exc)
                await asyncio.sleep(0.2)
        if not acted:
            edits = line.edits
            with contextlib.suppress(TimeoutError):
                await fake.wait_for_change(
                    "chan",
                    cid,
                    lambda old=line, e=edits: (
                        fake.turn_lines[cid] is not old or fake.message(old.id).edits > e
                    ),
                    5,
                )


async def _take_turn(fake: LoadFake, table: Table, user: User, line: Message) -> bool:
    cid = table.channel.id
    opened = await fake.click(user, line, line.button(TAKE_MY_TURN)["custom_id"], timeout=WAIT)
    panel_msg = opened.record.original
    assert panel_msg is not None
    pid = panel_msg.id
    await fake.wait_for_change("msg", pid, lambda: not fake.message(pid).loading)
    panel = fake.message(pid)
    if not panel.iter_components():
        return False
    table.decisions += 1
    while panel.iter_components():
        if table.think:
            await asyncio.sleep(table.think * (0.5 + table.rnd.random()))
        custom_id, value = _pick(panel, table.rnd)
        edits = panel.edits
        posts = len(fake.round_posts[cid])
        if value is None:
            out = await fake.click(user, panel, custom_id, timeout=WAIT)
        else:
            out = await fake.select(user, panel, custom_id, [value], timeout=WAIT)
        await fake.wait_for_change(
            "msg",
            pid,
            lambda e=edits, o=out: fake.message(pid).edits > e or bool(o.replies),
        )
        if out.replies:
            table.errors += 1  # refused (stale, not your turn…): back to the turn line
            return True
        if len(fake.round_posts[cid]) > posts:
            posted = fake.round_posts[cid][posts]
            table.round_ms.append((out.record.created, (posted - out.record.created) * 1000))
            table.render_windows.append((out.record.created, posted))
        panel = fake.message(pid)
    return True


def _proc_status(pid: int) -> dict[str, int]:
    out: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])  # kB
    return out


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def _tree_rss(pid: int) -> tuple[int, int]:
    """kB resident now and the sum of the peaks, of the bot and its children (the render process)."""
    rss = peak = 0
    for p in [pid, *_children(pid)]:
        status = _proc_status(p)
        rss += status.get("VmRSS", 0)
        peak += status.get("VmHWM", 0)
    return rss, peak


def _tree_cpu(pid: int) -> float:
    return sum(_cpu_seconds(p) for p in [pid, *_children(pid)])


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    import os

    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


async def _level(n_games: int, window: float, tmp: Path, think: float = 0.0, shards: int = 1) -> list[Row]:
    """One level; ``shards`` > 1: that many ``python -m bot`` processes, one gateway shard each, sharing a
    PostgreSQL database the project installs (issue 23), the games spread over one guild per shard."""
    from tests.fakediscord.harness import start_bot_process

    fake = LoadFake()
    await fake.start()
    handles: list[Any] = []
    server = None
    try:
        guilds = [fake.guild]
        for _ in range(1, shards):
            # The next millisecond's snowflake moves (id >> 22) by one, and so the shard.
            first = guilds[-1].id
            guilds.append(
                fake.add_guild(
                    f"Shard guild {len(guilds)}", owner=fake.owner, guild_id=((first >> 22) + 1) << 22 | 1
                )
            )
        tables = []
        for i in range(n_games):
            guild = guilds[i % shards]
            channel = fake.add_channel(guild, f"load-{i}")
            users = [fake.add_user(f"p{i}a", guild=guild), fake.add_user(f"p{i}b", guild=guild)]
            # At full speed until every game has closed a round; the pace is set for the window.
            tables.append(Table(channel, {u.id: u for u in users}, random.Random(i)))
        if shards == 1:
            db = tmp / f"load-{n_games}.sqlite3"
            envs = [{"DATABASE_PATH": str(db), "LOG_LEVEL": "WARNING"}]
        else:
            from tests.postgres import LocalPostgres

            server = LocalPostgres(durable=True).start()
            url = server.create_database("load")
            envs = [
                {
                    "DATABASE_URL": url,
                    "SHARD_COUNT": str(shards),
                    "SHARD_IDS": str(k),
                    "LOG_LEVEL": "WARNING",
                    # the commands of every guild: registered globally (by each process; the same set)
                    "DEV_GUILD_ID": "",
                    "SYNC_GLOBAL": "true",
                }
                for k in range(shards)
            ]
        for k, env in enumerate(envs):
            log_path = tmp / f"bot-{n_games}-{k}.log"
            handles.append(await start_bot_process(fake, env, log_path, timeout=60))
        pids = [h.process.pid for h in handles]
        await asyncio.sleep(1.5)  # the renderer's warm-up thread at start-up
        # The bot process alone: the render processes' memory does not grow with the games.
        rss_start = sum(_proc_status(p).get("VmRSS", 0) for p in pids)

        gate = asyncio.Semaphore(25)

        async def open_one(table: Table) -> None:
            async with gate:
                await _open(fake, table)

        t_open = time.monotonic()
        await asyncio.gather(*(open_one(t) for t in tables))
        open_s = time.monotonic() - t_open
        rss_open = sum(_proc_status(p).get("VmRSS", 0) for p in pids)

        stop = asyncio.Event()
        fake.acks.clear()
        requests_before = len(fake.requests)
        rss_before = sum(_tree_rss(p)[0] for p in pids)
        players = [asyncio.create_task(_play(fake, t, stop)) for t in tables]
        # Not measured: the first burst (every game's first click at the same instant) and, for a
        # paced run, the setup phase played at full speed so that the window sees round ends.
        if think:
            with contextlib.suppress(TimeoutError):
                await fake.wait_for_change(
                    "round", 0, lambda: all(fake.round_posts[t.channel.id] for t in tables), 60
                )
            for table in tables:
                table.think = think
            # Long enough for the queues of the full-speed part to drain and the clicks to spread out.
            await asyncio.sleep(min(2 * think, 30.0))
        else:
            await asyncio.sleep(WARM_UP)
        for table in tables:
            table.errors = 0  # counted in the window only, like the late acknowledgements
        cpu0, t0, self0 = (
            sum(map(_tree_cpu, pids)),
            time.monotonic(),
            resource.getrusage(resource.RUSAGE_SELF),
        )
        await asyncio.sleep(window)
        stop.set()
        t1 = time.monotonic()
        cpu1, self1 = sum(map(_tree_cpu, pids)), resource.getrusage(resource.RUSAGE_SELF)
        rss, peak = (sum(v) for v in zip(*map(_tree_rss, pids), strict=True))
        await asyncio.wait(players, timeout=WAIT)
        for task in players:
            task.cancel()
        problems = list(fake.problems)
    finally:
        for handle in handles:
            await handle.stop()
        await fake.stop()
        if server is not None:
            server.stop()

    elapsed = t1 - t0
    acks = [(c, lat * 1000) for c, lat in fake.acks if t0 <= c <= t1]
    ack_ms = [lat for _, lat in acks]
    windows = _merge([w for t in tables for w in t.render_windows])
    during_render = [lat for c, lat in acks if _inside(windows, c)]
    round_ms = [ms for t in tables for at, ms in t.round_ms if at >= t0]
    window_requests = [r for r in fake.requests[requests_before:] if t0 <= r.started <= t1 and r.route]
    exempt = ("/interactions/", "/webhooks/")
    interaction_routes = [r for r in window_requests if (r.route or " ").split(" ", 1)[1].startswith(exempt)]
    channel_routes = [r for r in window_requests if not (r.route or " ").split(" ", 1)[1].startswith(exempt)]
    per_second: dict[int, int] = defaultdict(int)
    for r in channel_routes:
        per_second[int(r.started - t0)] += 1
    handovers = sum(1 for at in fake.handovers if t0 <= at <= t1)
    late = sum(1 for _, lat in acks if lat > ACK_DEADLINE_MS)
    errors = sum(t.errors for t in tables)
    bot_cpu = 100 * (cpu1 - cpu0) / elapsed
    driver_cpu = 100 * ((self1.ru_utime + self1.ru_stime) - (self0.ru_utime + self0.ru_stime)) / elapsed

    subject = f"{n_games} games" + (f", one click per ~{think:g} s per game" if think else "")
    if shards > 1:
        subject += f", {shards} shard processes on PostgreSQL"
    # Acknowledgements: at 100 games at machine speed and at every human pace; round posts at a human
    # pace (at machine speed the players close rounds faster than any number of render processes
    # draws them: that figure is the queue wait).
    ack_target = ACK_P99_MS if think or n_games == 100 else None
    round_target = ROUND_P99_MS if think else None
    round_what = "end-of-round post" if think else "end-of-round post (queue wait included)"
    rows = [
        Row(SECTION, subject, "acknowledgement p50", median(ack_ms), "ms"),
        Row(
            SECTION,
            subject,
            "acknowledgement p99",
            percentile(ack_ms, 99),
            "ms",
            ack_target,
        ),
        Row(
            SECTION,
            subject,
            "acknowledgement max vs 3 s deadline",
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
            ack_target,
            note=f"{len(during_render)} interactions",
        ),
        Row(SECTION, subject, f"{round_what} p50", median(round_ms), "ms", note=f"{len(round_ms)} rounds"),
        Row(SECTION, subject, f"{round_what} p99", percentile(round_ms, 99), "ms", round_target),
        Row(
            SECTION,
            subject,
            "interactions per second",
            len(ack_ms) / elapsed,
            "/s",
            note=f"{len(ack_ms)} in {elapsed:.0f} s",
        ),
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
        Row(
            SECTION,
            subject,
            "bot memory (RSS, bot + render process)",
            rss / 1024,
            "MiB",
            note=f"peaks {peak / 1024:.0f} MiB, {rss_before / 1024:.0f} MiB before the window",
        ),
        Row(
            SECTION,
            subject,
            "memory per open game (bot process)",
            (rss_open - rss_start) / n_games,
            "KiB",
            note=f"{rss_start / 1024:.0f} MiB before the games were opened, {rss_open / 1024:.0f} MiB after",
        ),
        Row(
            SECTION,
            subject,
            "bot processes CPU",
            bot_cpu,
            "% of one core",
            note=f"players + fake: {driver_cpu:.0f}%",
        ),
        Row(
            SECTION,
            subject,
            "late acknowledgements (> 3 s) and failed steps",
            late + errors,
            "",
            0.0,
            note=f"{late} late, {errors} errors, {len(problems)} fake problems",
        ),
        Row(
            SECTION,
            subject,
            "setup: games opened through Discord",
            open_s,
            "s",
            note="/game new, Join, Start",
        ),
    ]
    for p in problems[:5]:
        log.warning("fake problem: %s", p)
    return rows


SHARDED_GAMES = 100


def sharded(tmp: Path) -> list[Row]:
    """Issue 23: the machine-speed level of 100 games on two shard processes sharing PostgreSQL (the
    acknowledgements are the figure; the two processes and the players share the same 2 cores).
    Alone: ``python -m tests.perf.bot_load --sharded`` (prints only)."""
    return asyncio.run(_level(SHARDED_GAMES, 40.0, tmp, 0.0, shards=2))


def human_levels() -> tuple[int, ...]:
    """The human-pace levels to step through (``BENCH_HUMAN_GAMES``: comma-separated game counts)."""
    given = os.environ.get("BENCH_HUMAN_GAMES", "")
    return tuple(int(n) for n in given.split(",") if n.strip()) or HUMAN_LEVELS


def run(games: list[Game[Any, Any]], quick: bool) -> list[Row]:
    if not any(g.name == "carnegie" for g in games):
        return []
    logging.getLogger("discord").setLevel(logging.WARNING)
    # (games, window s, think s): machine-speed players at three sizes (the bot saturated: its
    # latencies are queueing), then the human-pace steps.
    levels = [(10, 10.0, 0.0)] if quick else [(10, 30.0, 0.0), (100, 40.0, 0.0), (500, 60.0, 0.0)]
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="boardroom-load-") as tmp:
        for n_games, window, think in levels:
            rows += asyncio.run(_level(n_games, window, Path(tmp), think))
        if quick:
            return rows
        rows += sharded(Path(tmp))
        hosted = 0
        for n_games in human_levels():
            level = asyncio.run(_level(n_games, HUMAN_WINDOW, Path(tmp), HUMAN_THINK))
            rows += level
            if any(row.verdict == "MISSED" for row in level):
                break
            hosted = n_games
        rows.append(
            Row(
                SECTION,
                f"one click per ~{HUMAN_THINK:g} s per game",
                "games one process hosts with every target met (largest level tried that met them)",
                hosted,
                "games",
                note="levels " + ", ".join(str(n) for n in human_levels()),
            )
        )
    return rows


if __name__ == "__main__":
    import sys

    from tests.perf.report import text_table

    if sys.argv[1:] != ["--sharded"]:
        raise SystemExit("usage: python -m tests.perf.bot_load --sharded (make bench runs every level)")
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="boardroom-load-") as tmp:
        print(text_table(sharded(Path(tmp))))
