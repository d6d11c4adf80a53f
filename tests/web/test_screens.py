"""Screenshots of the game page and the replay at a phone's and a laptop's size, written to out/web/
for review; neither page may be wider than the phone's screen (no sideways scrolling of the page),
and a finger's pinch on the board zooms it in."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.web.browser import LAPTOP, PHONE, Watched, opened
from tests.web.conftest import Web
from tests.web.seeded import play_like_draw, seated_game

OUT = Path(__file__).resolve().parents[2] / "out" / "web"


async def pictures_loaded(page: Page) -> None:
    for image in await page.locator("figure.zoomable img").all():
        await expect(image).to_have_js_property("complete", True, timeout=120_000)
        assert await image.evaluate("img => img.naturalWidth") > 0


@pytest.mark.slow
async def test_screenshots_of_the_game_page_and_the_replay(web: Web, chromium: Browser) -> None:
    game_id = await seated_game(web.sessions, "carnegie", 2)
    await play_like_draw(web.sessions, game_id, 2, 4)
    nipron = await seated_game(web.sessions, "nipron", 3, channel=11)
    await play_like_draw(web.sessions, nipron, 3, 2)
    shown_pages = (
        ("game", web.game(game_id)),
        ("replay", f"{web.game(game_id)}/replay?at=20"),
        ("nipron", web.game(nipron)),
    )
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size in (("phone", PHONE), ("laptop", LAPTOP)):
        async with opened(chromium, size) as context:
            watched = Watched(await context.new_page())
            page = watched.page
            for shown, path in shown_pages:
                await page.goto(web.url(path))
                await pictures_loaded(page)
                await page.screenshot(path=str(OUT / f"{shown}-{name}.png"), full_page=True)
                overflow = await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 0, f"the {shown} page is {overflow} px wider than the {name}'s screen"
                if size == LAPTOP and shown != "replay":
                    # the score table is whole on a laptop: nothing of it scrolled out of view
                    cut = await page.evaluate(
                        "(() => { const w = document.querySelector('.players .table-wrap');"
                        " return w.scrollWidth - w.clientWidth; })()"
                    )
                    assert cut <= 0, f"the {shown} page's score table is cut by {cut} px on a laptop"
                # the log one sentence a line, never sentences run together
                assert ".;" not in await page.locator("main").inner_text()
            watched.assert_clean()


async def test_the_zoom_buttons_and_the_wheel_zoom_the_board(web: Web, page: Page) -> None:
    game_id = await seated_game(web.sessions, "carnegie", 2)
    await page.goto(web.url(f"{web.game(game_id)}"))
    await pictures_loaded(page)
    figure = page.locator("figure.zoomable").first
    image = figure.locator("img")
    assert await image.evaluate("img => img.style.transform") == "translate(0px, 0px) scale(1)"
    await figure.locator("button[data-zoom=in]").click()
    await expect(figure).to_have_class("zoomable zoomed")
    # Dragging pans the zoomed board.
    box = await figure.locator(".viewport").bounding_box()
    assert box is not None
    before = await image.evaluate("img => img.style.transform")
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.mouse.down()
    await page.mouse.move(box["x"] + box["width"] / 2 - 80, box["y"] + box["height"] / 2 - 40, steps=4)
    await page.mouse.up()
    assert await image.evaluate("img => img.style.transform") != before
    await figure.locator("button[data-zoom=fit]").click()
    await expect(figure).to_have_class("zoomable")
    await page.mouse.move(box["x"] + 50, box["y"] + 50)
    await page.mouse.wheel(0, -300)
    await expect(figure).to_have_class("zoomable zoomed")
