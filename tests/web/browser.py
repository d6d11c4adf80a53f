"""Debian's Chromium (``make browser`` installs it) driven by Playwright: Playwright's own browser
download needs its CDN, which CI and the shared hosts cannot reach, so the tests launch this one by
its path, headless, sandbox off (the tests run as root), with none of the background requests a
browser makes on its own (updates, sync, QUIC probes). Every test gets a fresh context (cookies,
storage and cache of its own, as a fresh profile has); the web tests share one launched browser per
test process (``tests/web/conftest.py``): a launch, Playwright's driver and Chromium, costs about
1.3 s of CPU, which forty tests paid each."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from playwright.async_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    ViewportSize,
    async_playwright,
)

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
async def launched() -> AsyncIterator[Browser]:
    """Playwright's driver and the browser, closed on leaving."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: run `make browser` (Debian's chromium package)")
    async with async_playwright() as driver:
        chromium = await driver.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield chromium
        finally:
            await chromium.close()


@contextlib.asynccontextmanager
async def opened(chromium: Browser, viewport: ViewportSize | None = None) -> AsyncIterator[BrowserContext]:
    """A fresh context of ``chromium``: nothing kept from any other."""
    context = await chromium.new_context(viewport=viewport or LAPTOP)
    try:
        yield context
    finally:
        await context.close()


@contextlib.asynccontextmanager
async def browser(viewport: ViewportSize | None = None) -> AsyncIterator[BrowserContext]:
    """A browser of its own, launched for one test (the end-to-end tests, whose bots run in the
    test's own event loop)."""
    async with launched() as chromium, opened(chromium, viewport) as context:
        yield context


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
