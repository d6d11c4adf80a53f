"""Regenerate Nipron's golden image hashes: ``python -m tests.render.nipron.regenerate``.

Writes ``tests/render/nipron/golden.json`` and the images to ``out/golden/nipron/`` so that a reviewer
looks at every changed picture before committing the new hashes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.render.nipron.golden import GOLDEN_FILE, render_all

OUT = Path(__file__).resolve().parents[3] / "out" / "golden" / "nipron"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    old = json.loads(GOLDEN_FILE.read_text()) if GOLDEN_FILE.exists() else {}
    new: dict[str, dict[str, str]] = {}
    for name, (png, digest) in render_all().items():
        (OUT / f"{name}.png").write_bytes(png)
        new[name] = digest
        mark = "same" if old.get(name) == digest else "CHANGED"
        print(f"{mark:8} {OUT / (name + '.png')}  {len(png) // 1024} kB")
    GOLDEN_FILE.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN_FILE}; review the images in {OUT} before committing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
