"""Debian's Chromium (``make browser`` installs it) driven by Playwright: Playwright's own browser
download needs its CDN, which CI and the shared hosts cannot reach, so the tests launch this one by
its path, headless, sandbox off (the tests run as root), with a fresh profile each time and none of
the background requests a browser makes on its own (updates, sync, QUIC probes)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from playwright.async_api import BrowserContext, ConsoleMessage, Error, Page, ViewportSize, async_playwright

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The screen sizes the screenshots are taken at: a phone (an iPhone 12-14's viewport) and a laptop.
PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}


@contextlib.asynccontextmanager
async def browser(profile: Path, viewport: ViewportSize | None = None) -> AsyncIterator[BrowserContext]:
    """A browser with a fresh profile in ``profile`` (a new empty folder)."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: run `make browser` (Debian's chromium package)")
    async with async_playwright() as driver:
        context = await driver.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=ARGS,
            viewport=viewport or LAPTOP,
        )
        try:
            yield context
        finally:
            await context.close()


class Watched:
    """A page whose console errors and uncaught exceptions are collected: a test fails on any."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", self._error)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} at {message.location}")

    def _error(self, error: Error) -> None:
        self.errors.append(f"uncaught: {error}")

    def assert_clean(self) -> None:
        assert not self.errors, "the page logged errors:\n" + "\n".join(self.errors)
