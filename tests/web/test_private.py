"""A player's own view: only through the link signed for that game and seat, until it expires; an
altered, expired or borrowed link shows nothing but a sentence. And the reader's language: the
browser's Accept-Language, then the switch, remembered in the one cookie the pages set."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playwright.async_api import Page, expect

from bot.web.links import PLAYER_LINK_LIFE, Signer
from tests.web.conftest import SECRET, Web
from tests.web.seeded import seated_game


async def test_a_signed_link_shows_the_seats_own_board_and_nothing_else_does(web: Web, page: Page) -> None:
    game_id = await seated_game(web.sessions, "carnegie", 2)
    now = int(web.sessions.store.clock().timestamp())
    path = Signer(SECRET).seat_path(game_id, 1, now)
    shown = await page.goto(web.url(path))
    assert shown is not None and shown.ok
    assert shown.headers["referrer-policy"] == "no-referrer"
    await expect(page.locator(".private")).to_contain_text("Bo")
    own = page.locator("figure[data-picture=company] img")
    await expect(own).to_have_js_property("complete", True, timeout=120_000)
    assert await own.evaluate("img => img.naturalWidth") > 100
    picture = await page.request.get(web.url(await own.get_attribute("src") or ""))
    assert picture.ok and picture.headers["cache-control"] == "private, no-store"

    until = path.split("until=")[1].split("&")[0]
    signature = path.split("sig=")[1]
    refused = {
        "another seat": f"{web.game(game_id)}/seat/0?until={until}&sig={signature}",
        "a later expiry": f"{web.game(game_id)}/seat/1?until={int(until) + 1}&sig={signature}",
        "an altered signature": f"{web.game(game_id)}/seat/1?until={until}&sig={signature[:-2]}AA",
        "no signature": f"{web.game(game_id)}/seat/1",
        "the picture without it": f"{web.game(game_id)}/seat/1/picture/company.png",
    }
    for what, bad in refused.items():
        response = await page.request.get(web.url(bad))
        assert response.status == 403, what
        assert "/game player" in await response.text(), what
    # Signed with another secret: its game key is wrong too, so the game is not there at all.
    response = await page.request.get(web.url(Signer(b"another key").seat_path(game_id, 1, now)))
    assert response.status == 404
    # Expired: the same link a moment after its life.
    web.sessions.store.clock = lambda: datetime.now(UTC) + timedelta(seconds=PLAYER_LINK_LIFE + 5)
    response = await page.request.get(web.url(path))
    assert response.status == 403


async def test_the_page_speaks_the_browsers_language_until_the_reader_switches(web: Web, page: Page) -> None:
    game_id = await seated_game(web.sessions, "carnegie", 2)
    await page.set_extra_http_headers({"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"})
    await page.goto(web.url(f"{web.game(game_id)}"))
    await expect(page.locator("html")).to_have_attribute("lang", "pl")
    await expect(page.locator(".players h2")).to_have_text("Gracze")
    await page.locator(".languages a", has_text="Українська").click()
    await expect(page.locator("html")).to_have_attribute("lang", "uk")
    await expect(page.locator(".players h2")).to_have_text("Гравці")
    assert page.url == web.url(f"{web.game(game_id)}")
    cookies = await page.context.cookies()
    assert [(c["name"], c["value"]) for c in cookies] == [("lang", "uk")]
    # The switch sends the reader back to this site only.
    response = await page.request.get(web.url("/language/ca?next=//elsewhere.example/x"), max_redirects=0)
    assert response.status == 303 and response.headers["location"] == "/"
    response = await page.request.get(web.url("/language/xx"))
    assert response.status == 404
