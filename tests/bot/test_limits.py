"""Fitting text into Discord's limits (``bot.service.limits``)."""

from __future__ import annotations

from bot.service.limits import clip, pages


def test_pages_cut_between_lines_and_keep_every_line() -> None:
    lines = [f"line {i} " + "x" * 30 for i in range(40)]
    said = pages("\n".join(lines), limit=200)
    assert all(len(page) <= 200 for page in said)
    assert "\n".join(said).split("\n") == lines  # nothing lost, nothing cut inside a line
    assert len(said) > 1


def test_a_line_longer_than_a_message_is_clipped_and_short_text_is_one_page() -> None:
    assert pages("a\n" + "b" * 50 + "\nc", limit=20) == ["a", clip("b" * 50, 20), "c"]
    assert pages("short\ntext") == ["short\ntext"]
