"""``python -m tests.perf.bot_load --sharded``: the sharded level alone, printed only."""

from __future__ import annotations

import logging
import sys
import tempfile
from pathlib import Path

from tests.perf.bot_load import sharded
from tests.perf.report import text_table

if sys.argv[1:] != ["--sharded"]:
    raise SystemExit("usage: python -m tests.perf.bot_load --sharded (make bench runs every level)")
logging.basicConfig(level=logging.WARNING)
with tempfile.TemporaryDirectory(prefix="boardroom-load-") as tmp:
    print(text_table(sharded(Path(tmp))))
