"""Result rows, the printed table, machine facts and the ``BENCHMARKS.md`` writer."""

from __future__ import annotations

import platform
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "BENCHMARKS.md"


class Floor(TypedDict):
    """A floor and its name, spread into several rows measured against it (``Row(..., **floor)``)."""

    floor: float
    floor_name: str


@dataclass(frozen=True)
class Row:
    """One measured figure. ``target`` is the budget in the same unit, ``None`` when there is none;
    ``lower_is_better`` says which side of the target passes.

    ``floor`` is what the same machine took, in the same run and the same unit, for the least work of
    the same kind (a bare round trip, Pillow's own PNG encode of the same image, a JSON round trip of
    the same state, an empty transaction), named by ``floor_name``. On these shared machines absolute
    times swing 2-3x from run to run while the ratio to a floor measured beside them holds, so
    ``ratio_target`` (value / floor) judges the row when both are given; ``target`` judges only rows
    without one."""

    section: str
    subject: str
    metric: str
    value: float
    unit: str
    target: float | None = None
    lower_is_better: bool = True
    note: str = ""
    floor: float | None = None
    floor_name: str = ""
    ratio_target: float | None = None

    @property
    def ratio(self) -> float | None:
        if self.floor is None or self.floor <= 0:
            return None
        return self.value / self.floor

    @property
    def verdict(self) -> str:
        if self.ratio_target is not None:
            ratio = self.ratio
            if ratio is None:
                # A ratio target without its floor is a broken measurement, never a pass.
                return "MISSED"
            ok = ratio <= self.ratio_target if self.lower_is_better else ratio >= self.ratio_target
            return "ok" if ok else "MISSED"
        if self.target is None:
            return ""
        ok = self.value <= self.target if self.lower_is_better else self.value >= self.target
        return "ok" if ok else "MISSED"

    def target_text(self) -> str:
        sign = "≤" if self.lower_is_better else "≥"
        if self.ratio_target is not None:
            return f"{sign} {_num(self.ratio_target)}×"
        if self.target is None:
            return ""
        return f"{sign} {_num(self.target)} {self.unit}"

    def ratio_text(self) -> str:
        ratio = self.ratio
        return "" if ratio is None else f"{_num(ratio)}×"

    def floor_text(self) -> str:
        if self.floor is None:
            return ""
        return f"{_num(self.floor)} {self.unit} ({self.floor_name})" if self.floor_name else _num(self.floor)


def _num(x: float) -> str:
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else 0.0


def percentile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); no interpolation, so p99 is a value that occurred."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return ordered[int(rank) - 1]


def cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or "unknown CPU"
    models = re.findall(r"^model name\s*:\s*(.+)$", text, flags=re.MULTILINE)
    cores = len(models)
    name = models[0].strip() if models else (platform.processor() or "unknown CPU")
    return f"{name} ({cores} logical CPUs)" if cores else name


def machine_line() -> str:
    return f"CPU: {cpu_model()}; Python {platform.python_version()} ({platform.python_implementation()})"


HEADERS = ("section", "subject", "metric", "ratio", "value", "floor", "target", "")


def table_rows(rows: Sequence[Row]) -> list[tuple[str, ...]]:
    """Ratio first (what holds from run to run), the absolute figure and its floor second."""
    return [
        (
            r.section,
            r.subject,
            r.metric + (f" ({r.note})" if r.note else ""),
            r.ratio_text(),
            f"{_num(r.value)} {r.unit}",
            r.floor_text(),
            r.target_text(),
            r.verdict,
        )
        for r in rows
    ]


def text_table(rows: Sequence[Row]) -> str:
    body = table_rows(rows)
    widths = [max([len(h)] + [len(line[i]) for line in body]) for i, h in enumerate(HEADERS)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    out = [fmt.format(*HEADERS), fmt.format(*("-" * w for w in widths))]
    out += [fmt.format(*line) for line in body]
    return "\n".join(line.rstrip() for line in out)


def markdown_table(rows: Sequence[Row]) -> str:
    out = ["| subject | metric | ratio | value | floor | target | |", "|---|---|---|---|---|---|---|"]
    out += [f"| {s} | {m} | {q} | {v} | {f} | {t} | {ok} |" for _, s, m, q, v, f, t, ok in table_rows(rows)]
    return "\n".join(out)


_TITLE = "# Benchmarks\n\nWritten by `python -m tests.perf` (each run rewrites the sections it measured).\n"


def _block(section: str, rows: Sequence[Row], mode: str) -> str:
    begin, end = f"<!-- perf:{section} -->", f"<!-- /perf:{section} -->"
    return f"{begin}\n## {section}\n\n{machine_line()}; mode: {mode}\n\n{markdown_table(rows)}\n{end}"


def update_benchmarks_md(rows: Sequence[Row], mode: str, path: Path = BENCHMARKS) -> Path:
    """Replace (or append) the block of every section present in ``rows``; other sections stay."""
    text = path.read_text() if path.exists() else _TITLE
    sections: dict[str, list[Row]] = {}
    for r in rows:
        sections.setdefault(r.section, []).append(r)
    for section, section_rows in sections.items():
        block = _block(section, section_rows, mode)
        pattern = re.compile(
            rf"<!-- perf:{re.escape(section)} -->.*?<!-- /perf:{re.escape(section)} -->", flags=re.DOTALL
        )
        found = pattern.search(text)
        if found:
            text = text[: found.start()] + block + text[found.end() :]
        else:
            text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text.rstrip("\n") + "\n")
    return path
