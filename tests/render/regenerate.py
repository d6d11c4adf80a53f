"""Regenerate every game's golden image hashes: ``python -m tests.render.regenerate`` (``make golden``).

Writes ``tests/render/golden.json`` (Carnegie), ``tests/render/nipron/golden.json`` and the final
post's chart (``tests/after_game/chart_golden.json``), and the images
themselves to ``out/golden/`` and ``out/golden/nipron/``, so that a reviewer looks at every changed
picture before committing the new hashes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from tests.after_game import chart_golden
from tests.render import golden
from tests.render.nipron import golden as nipron_golden

OUT = Path(__file__).resolve().parents[2] / "out" / "golden"
SETS: tuple[tuple[Path, Callable[[], Mapping[str, tuple[bytes, Any]]], Path], ...] = (
    (golden.GOLDEN_FILE, golden.render_all, OUT),
    (nipron_golden.GOLDEN_FILE, nipron_golden.render_all, OUT / "nipron"),
    (chart_golden.GOLDEN_FILE, chart_golden.render_all, OUT / "after"),
)


def regenerate(
    golden_file: Path, render_all: Callable[[], Mapping[str, tuple[bytes, Any]]], out: Path
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    old = json.loads(golden_file.read_text()) if golden_file.exists() else {}
    new: dict[str, Any] = {}
    for name, (png, digest) in render_all().items():
        (out / f"{name}.png").write_bytes(png)
        new[name] = digest
        mark = "same" if old.get(name) == digest else "CHANGED"
        print(f"{mark:8} {out / (name + '.png')}  {len(png) // 1024} kB")
    golden_file.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    print(f"wrote {golden_file}; review the images in {out} before committing")


def main() -> int:
    for golden_file, render_all, out in SETS:
        regenerate(golden_file, render_all, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
