"""Layering: engine is pure (no Discord, SQLite, Pillow, asyncio, clock or global random);
render never imports bot. Checked by walking the import statements of every module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ENGINE_FORBIDDEN_MODULES = {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "bot", "render", "time",
                            "datetime", "random", "aiohttp", "os", "threading"}
RENDER_FORBIDDEN_MODULES = {"bot", "discord", "aiosqlite", "sqlite3"}


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("path", _modules("engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_imports_only_pure_modules(path: Path) -> None:
    bad = _imports(path) & ENGINE_FORBIDDEN_MODULES
    assert not bad, f"{path} imports {bad}"


@pytest.mark.parametrize("path", _modules("engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_reads_no_clock_and_no_global_random(path: Path) -> None:
    source = path.read_text()
    for needle in ("time.time(", "datetime.now(", "random.random(", "random.randint(", "random.shuffle(",
                   "random.choice(", "__import__(", "importlib"):
        assert needle not in source, f"{path} uses {needle}"


@pytest.mark.parametrize("path", _modules("render"), ids=lambda p: str(p.relative_to(ROOT)))
def test_render_never_imports_bot(path: Path) -> None:
    bad = _imports(path) & RENDER_FORBIDDEN_MODULES
    assert not bad, f"{path} imports {bad}"


def test_the_walk_sees_the_packages() -> None:
    assert len(_modules("engine")) >= 5
