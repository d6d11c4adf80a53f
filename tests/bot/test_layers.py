"""Inside bot/: sessions, refusals and storage know neither Discord nor Pillow (architecture §bot),
so they are tested with a real database alone; only storage speaks SQL."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[2] / "bot"
PURE = [
    BOT / "service" / "sessions.py",
    BOT / "service" / "store.py",
    BOT / "service" / "lobby.py",
    BOT / "service" / "play.py",
    BOT / "service" / "posts.py",
    BOT / "service" / "reading.py",
    BOT / "service" / "tables.py",
    BOT / "service" / "progress.py",
    BOT / "service" / "narrate.py",
    BOT / "service" / "refusals.py",
    *sorted((BOT / "storage").glob("*.py")),
]


# The current language and its catalogues (Babel, no Pillow): pure modules say their sentences with it.
LANGUAGE = "render.common.language"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module != LANGUAGE:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(BOT.parent)))
def test_sessions_and_storage_know_neither_discord_nor_pillow(path: Path) -> None:
    assert not _imports(path) & {"discord", "PIL", "render", "aiohttp"}


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(BOT.rglob("*.py")) if "storage" not in p.parts],
    ids=lambda p: str(p.relative_to(BOT.parent)),
)
def test_only_storage_touches_sqlite(path: Path) -> None:
    assert not _imports(path) & {"aiosqlite", "sqlite3"}
