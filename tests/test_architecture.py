"""Layering: engine is pure (no Discord, SQLite, Pillow, asyncio, clock or global random);
render never imports bot; inside bot/, only the Discord room imports discord and no room imports a
room above it. Checked by walking the import statements of every module."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ENGINE_FORBIDDEN_MODULES = {
    "discord",
    "aiosqlite",
    "sqlite3",
    "PIL",
    "asyncio",
    "bot",
    "render",
    "time",
    "datetime",
    "random",
    "aiohttp",
    "os",
    "threading",
}
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
    for needle in (
        "time.time(",
        "datetime.now(",
        "random.random(",
        "random.randint(",
        "random.shuffle(",
        "random.choice(",
        "__import__(",
        "importlib",
    ):
        assert needle not in source, f"{path} uses {needle}"


@pytest.mark.parametrize("path", _modules("render"), ids=lambda p: str(p.relative_to(ROOT)))
def test_render_never_imports_bot(path: Path) -> None:
    bad = _imports(path) & RENDER_FORBIDDEN_MODULES
    assert not bad, f"{path} imports {bad}"


def test_the_walk_sees_the_packages() -> None:
    assert len(_modules("engine")) >= 5


# ------------------------------------------------------------------------------------ the game seam

GAME_NEUTRAL = ("bot", "render/common", "engine/core")
# The one module of the bot that names games: the table pairing each game's rules and pictures.
TABLE_OF_GAMES = ROOT / "bot" / "plugins.py"


def _game_packages() -> set[str]:
    """Every game package: a folder of engine/ or render/ other than the shared ones."""
    found = set()
    for layer in ("engine", "render"):
        for folder in (ROOT / layer).iterdir():
            shared = folder.name in ("core", "common")
            if folder.is_dir() and (folder / "__init__.py").exists() and not shared:
                found.add(folder.name)
    return found


def _neutral_modules() -> list[Path]:
    return sorted(p for part in GAME_NEUTRAL for p in (ROOT / part).rglob("*.py") if p != TABLE_OF_GAMES)


@pytest.mark.parametrize("path", _neutral_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_game_neutral_code_never_names_a_game(path: Path) -> None:
    """bot/ (but the table of games), render/common/ and engine/core/ import no game package in any
    scope, and do not even mention one (a name in a string would be an import by name)."""
    games = _game_packages()
    assert games, "no game package found"
    imported = {m for m in _all_imported_modules(path) if m.split(".")[0] in ("engine", "render")}
    bad = {m for m in imported if len(m.split(".")) > 1 and m.split(".")[1] in games}
    assert not bad, f"{path} imports {bad}"
    words = set(re.findall(r"[a-z]+", path.read_text().lower()))
    assert not words & games, f"{path} mentions {words & games}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _all_imported_modules(path: Path) -> set[str]:
    """The modules a file imports, in any scope, with ``from package import module`` resolved."""
    tree = ast.parse(path.read_text(), filename=str(path))
    here = _module_name(path).split(".")
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here if is_package else here[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                candidate = f"{module}.{alias.name}"
                found.add(candidate if _exists(candidate) else module)
    return found


def _exists(module: str) -> bool:
    path = ROOT.joinpath(*module.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _project_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    known = _known()
    for layer in ("bot", "engine", "render"):
        for path in (ROOT / layer).rglob("*.py"):
            name = _module_name(path)
            graph[name] = {m for m in _all_imported_modules(path) if m in known and m != name}
    return graph


def _known() -> set[str]:
    return {_module_name(p) for layer in ("bot", "engine", "render") for p in (ROOT / layer).rglob("*.py")}


def _without_package_reexports(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A package's ``__init__`` that re-exports its own modules is the package's front door, not a
    room of its own: an arrow into a module's own package front door is not an arrow back."""
    pruned: dict[str, set[str]] = {}
    for name, targets in graph.items():
        pruned[name] = {t for t in targets if not name.startswith(t + ".")}
    return pruned


def test_no_import_cycles_in_any_scope() -> None:
    """No module reaches itself through imports, counting imports inside functions (a lazy import
    hides a cycle from Python but not from a reader)."""
    graph = _without_package_reexports(_project_graph())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert not cycles, f"import cycles: {cycles}"


# ------------------------------------------------------------------------------------ the bot's rooms

# bot/'s floors from the ground up: a module imports its own floor and those below it, never one
# above. The table service, the clocks and the operators' tools know nothing of Discord, so a second
# front door (a web page, a local table) can use them as the Discord room does. The top level holds
# the settings and the table of games (read by every room; they read only storage) and the entry.
BOT_ROOMS = ("storage", "service", "clocks", "ops", "web", "on_discord")
# web: the web companion's pages, over the service and the clocks like the Discord room, and started
# by it; it never imports discord.
BOT_FLOORS = ("storage", "top level", "service", "clocks", "ops", "web", "on_discord")
DISCORD_ROOM = "on_discord"
BOT_TOP = {"bot", "bot.config", "bot.plugins"}
BOT_ENTRY = "bot.__main__"


def _bot_modules() -> list[Path]:
    return sorted((ROOT / "bot").rglob("*.py"))


def _room_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) >= 2 and parts[1] in BOT_ROOMS else "top level"


def test_the_bot_is_rooms_and_a_thin_top_level() -> None:
    """Every folder of bot/ is a listed room, and the top level holds only the entry, the settings
    and the table of games: a new module finds its room instead of landing beside them."""
    folders = {p.name for p in (ROOT / "bot").iterdir() if (p / "__init__.py").exists()}
    assert folders == set(BOT_ROOMS)
    top = {_module_name(p) for p in (ROOT / "bot").glob("*.py")}
    assert top == BOT_TOP | {BOT_ENTRY}


@pytest.mark.parametrize("path", _bot_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_discord_room_imports_discord(path: Path) -> None:
    """Any scope counts: a lazy ``import discord`` in the service would tie it to Discord as much as a
    top-level one. The entry reaches Discord through the room (``bot.on_discord.run``)."""
    if _room_of(_module_name(path)) == DISCORD_ROOM:
        return
    bad = {m for m in _all_imported_modules(path) if m.split(".")[0] == "discord"}
    assert not bad, f"{path} imports {bad}"


@pytest.mark.parametrize("path", _bot_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_bot_room_imports_a_room_above_it(path: Path) -> None:
    name = _module_name(path)
    if name == BOT_ENTRY:
        return
    own = _room_of(name)
    floor = BOT_FLOORS.index(own)
    above = {
        m
        for m in _all_imported_modules(path)
        if m.startswith("bot.") and m != BOT_ENTRY and BOT_FLOORS.index(_room_of(m)) > floor
    }
    assert not above, f"{path} ({own}) imports floors above it: {sorted(above)}"


def test_the_rooms_walk_sees_discord_imports() -> None:
    """The checks above would pass vacuously if the walk missed imports: the Discord room does import
    discord, and the service does import storage."""
    imported = {m for p in (ROOT / "bot" / DISCORD_ROOM).rglob("*.py") for m in _all_imported_modules(p)}
    assert "discord" in {m.split(".")[0] for m in imported}
    service = {m for p in (ROOT / "bot" / "service").rglob("*.py") for m in _all_imported_modules(p)}
    assert any(m.startswith("bot.storage") for m in service)
