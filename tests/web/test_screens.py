"""Screenshots of the game page at a phone's and a laptop's size, written to out/web/ for review; the
page must fit the phone's width (no sideways scrolling of the whole page)."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import expect

from tests.web.browser import LAPTOP, PHONE, Watched, browser
from tests.web.conftest import Web
from tests.web.test_game_page import started_game

OUT = Path(__file__).resolve().parents[2] / "out" / "web"


async def test_screenshots_of_the_game_page(web: Web, tmp_path: Path) -> None:
    game_id = await started_game(web.sessions)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size in (("phone", PHONE), ("laptop", LAPTOP)):
        async with browser(tmp_path / name, size) as context:
            watched = Watched(await context.new_page())
            page = watched.page
            await page.goto(web.url(f"/game/{game_id}"))
            board = page.locator("figure.zoomable img").first
            await expect(board).to_have_js_property("complete", True, timeout=120_000)
            await page.screenshot(path=str(OUT / f"game-{name}.png"), full_page=True)
            overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"the page is {overflow} px wider than the {name}'s screen"
            watched.assert_clean()
