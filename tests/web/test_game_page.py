"""The game page in a real browser: a started Carnegie game shows its board picture, its players and
its turn, in the reader's language, with the security headers on every answer."""

from __future__ import annotations

from playwright.async_api import Page, expect

from bot.service.sessions import Sessions
from tests.web.conftest import Web
from tests.web.seeded import seated_game

GUILD, CHANNEL = 1, 10
ANA, BO = 100, 200


async def started_game(sessions: Sessions, game: str = "carnegie") -> int:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name=game, host_id=ANA, host_name="Ana"
    )
    await sessions.lobby.join(table.id, BO, "Bo")
    status = await sessions.lobby.start(table.id, ANA)
    return status.table.id


async def test_the_game_page_shows_the_board_players_and_turn(web: Web, page: Page) -> None:
    game_id = await started_game(web.sessions)
    response = await page.goto(web.url(f"{web.game(game_id)}"))
    assert response is not None and response.ok
    headers = response.headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    await expect(page.locator("h1")).to_contain_text(f"#{game_id}")
    await expect(page.locator(".players")).to_contain_text("Ana")
    await expect(page.locator(".players")).to_contain_text("Bo")
    board = page.locator("figure.zoomable img").first
    # The picture is drawn by the render pool; a real PNG loaded in the page has its natural width.
    await expect(board).to_have_js_property("complete", True, timeout=120_000)
    assert await board.evaluate("img => img.naturalWidth") > 500


async def test_an_unknown_game_is_a_plain_404(web: Web, page: Page) -> None:
    response = await page.request.get(web.url(web.game(999999)))
    assert response.status == 404
    assert "default-src 'self'" in response.headers["content-security-policy"]
    response = await page.request.get(web.url("/game/not-a-number"))
    assert response.status == 404


async def test_a_guessed_address_shows_nothing_of_the_game(web: Web, page: Page) -> None:
    """Ids are sequential: without its key, or with another game's, a game's every address is the
    404 of a missing game, and nothing of the game is in it."""
    game_id = await started_game(web.sessions)
    other = await seated_game(web.sessions, "nipron", 2, channel=11)
    own = web.game(game_id)
    key = own.rsplit("-", 1)[1]
    missing = await (await page.request.get(web.url(web.game(999999)))).text()
    guesses = [
        f"/game/{game_id}",
        f"/game/{game_id}-",
        f"/game/{game_id}-{key[:-1]}",
        f"/game/{game_id}-{key[:-1]}{'A' if key[-1] != 'A' else 'B'}",
        f"/game/{game_id}-{key}x",
        f"/game/{game_id}-{web.game(other).rsplit('-', 1)[1]}",
        f"/game/{other}-{key}",
    ]
    tails = ("", "/live", "/replay", "/replay/0/board.png", "/picture/board.png", "/seat/1")
    for guess in guesses:
        for tail in tails:
            response = await page.request.get(web.url(guess + tail))
            assert response.status == 404, guess + tail
            body = await response.text()
            assert body == missing, guess + tail
            for word in ("Ana", "Bo", "Carnegie", "Nipron", str(game_id)):
                assert word not in body, (word, guess + tail)
    for tail in tails:
        assert (await page.request.get(web.url(own + tail.replace("/seat/1", "")))).ok, tail


async def test_the_404_speaks_the_readers_language(web: Web, page: Page) -> None:
    for path in ("/game/not-a-number", "/game/12", web.game(999999), "/game/3-x/live"):
        response = await page.request.get(web.url(path), headers={"Accept-Language": "uk"})
        assert response.status == 404
        assert await response.text() == "Такої гри немає.", path


async def test_no_route_takes_anything_but_a_get(web: Web, page: Page) -> None:
    """The companion reads games; nothing it serves changes one."""
    game_id = await started_game(web.sessions)
    before = (await web.sessions.reading.status(game_id)).table.version
    own = web.game(game_id)
    for path in (own, f"{own}/live", f"{own}/replay", "/language/uk"):
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            response = await page.request.fetch(web.url(path), method=method, data="x")
            assert response.status == 405, (method, path)
    assert (await web.sessions.reading.status(game_id)).table.version == before


async def test_a_lobby_links_to_a_page_that_says_the_game_has_not_started(web: Web, page: Page) -> None:
    table = await web.sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="nipron", host_id=ANA, host_name="Ana"
    )
    await page.goto(web.url(f"{web.game(table.id)}"))
    await expect(page.locator(".turn")).to_have_text(
        "The players are gathering in the lobby; the game has not started yet."
    )
    await expect(page.locator(".players")).to_contain_text("Ana")
    assert await page.locator("figure").count() == 0
    response = await page.request.get(web.url(f"{web.game(table.id)}/replay"))
    assert response.status == 404
