"""What the load benchmark reads of the bot's processes from ``/proc``: resident memory and CPU
time, of a process alone or with its children (the render process)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def proc_status(pid: int) -> dict[str, int]:
    out: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])  # kB
    return out


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def tree_rss(pid: int) -> tuple[int, int]:
    """kB resident now and the sum of the peaks, of the bot and its children (the render process)."""
    rss = peak = 0
    for p in [pid, *children(pid)]:
        status = proc_status(p)
        rss += status.get("VmRSS", 0)
        peak += status.get("VmHWM", 0)
    return rss, peak


def tree_cpu(pid: int) -> float:
    return sum(cpu_seconds(p) for p in [pid, *children(pid)])


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
