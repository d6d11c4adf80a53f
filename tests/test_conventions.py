"""Project conventions that are easy to break silently."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import Settings

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test\b", readme, re.M), "README names `make test` as the test command"
    skip = ("#", "set ", "cd ")
    commands = [line for line in ci.splitlines() if line.strip() and not line.lstrip().startswith(skip)]
    assert commands == ["make test"]


def test_env_example_lists_every_setting_with_a_comment() -> None:
    lines = (ROOT / ".env.example").read_text().splitlines()
    for name in Settings.model_fields:
        key = name.upper()
        index = next((i for i, line in enumerate(lines) if line.startswith(f"{key}=")), None)
        assert index is not None, f"{key} missing from .env.example"
        assert index > 0 and lines[index - 1].startswith("#"), f"{key} has no comment above it"


def test_readme_documents_every_setting() -> None:
    readme = (ROOT / "README.md").read_text()
    for name in Settings.model_fields:
        assert f"`{name.upper()}`" in readme, f"{name.upper()} not in the README's configuration table"


def test_rule_tests_cite_rule_ids() -> None:
    """Rule tests are named after the rule or cite it (R…, §…, D-…, A…/B… examples)."""
    pattern = re.compile(r"\bR\d+(\.\d+)+|§\d+|\bD-?\d+|\b[AB]\d+\b|rule")
    folder = ROOT / "tests" / "engine" / "carnegie"
    not_rule_tests = {"test_ai.py"}  # AI strength, not rules
    for path in sorted(folder.glob("test_*.py")):
        if path.name in not_rule_tests:
            continue
        assert pattern.search(path.read_text()), f"{path.name} cites no rule"


def test_reconstructed_values_are_labelled_as_reconstructions() -> None:
    head = (ROOT / "engine" / "carnegie" / "reconstructed.py").read_text()[:2000].lower()
    assert "reconstruct" in head and "replace" in head


def test_product_code_names_no_tracker_issue() -> None:
    """A reader outside the team cannot open "issue 19": the code says what it does and why instead."""
    named = [
        f"{path.relative_to(ROOT)}:{number}"
        for layer in ("bot", "engine", "render")
        for path in sorted((ROOT / layer).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\b[Ii]ssues? \d", line)
    ]
    assert not named, f"tracker issue numbers in product code: {named}"
