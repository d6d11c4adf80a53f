"""The local table in a real browser: a game set up on the page and played to its end by clicking the
panel's first choice (Done where it is offered: the shortest way through), a hot-seat Nipron game for
two people and a solo Carnegie game against Andrew; the state-changing routes refuse a form without
the page's token; screenshots of both at a phone's and a laptop's size under out/web/. The set-up page
lists the unfinished local games to resume; a hint or a refused move answers with the table's own
address (POST-redirect-GET), so reloading it sends nothing again."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from bot.service.ai_pool import AiPool
from bot.service.local import LOCAL_GUILD_ID
from bot.service.refusals import NoGameHere
from bot.service.render_pool import RenderPool
from bot.service.sessions import Sessions
from bot.storage import Status, migrate, open_database
from bot.web.play.serve import local_server
from tests.fakediscord import PICTURE_PATIENCE
from tests.web.browser import LAPTOP, PHONE
from tests.web.conftest import in_the_loop

OUT = Path(__file__).resolve().parents[2] / "out" / "web"
# Clicks a whole game may take at most (Nipron for two: ~210; solo Carnegie: ~90, groups included).
MAX_CLICKS = 1500
# How long one page may take to show its next state (a bot's move): generous, for a busy host. The
# clicks wait for the page's text only, not its board picture (drawn meanwhile, checked by ``shots``).
STEP_MS = 60_000


@pytest.fixture(scope="module")
def ai_pool() -> Iterator[AiPool]:
    """One worker process for the module's tables, started and warmed up by the first."""
    pool = AiPool(workers=1)
    yield pool
    pool.close()


@in_the_loop
async def table(
    tmp_path: Path, render_pool: RenderPool, ai_pool: AiPool
) -> AsyncIterator[tuple[str, Sessions]]:
    db = await open_database(tmp_path / "local.sqlite3")
    await migrate(db)
    seeds = itertools.count(20261123)
    sessions = Sessions(db, new_seed=lambda: next(seeds))
    try:
        async with local_server(sessions, render_pool, ai_pool, 0) as server:
            yield server.address, sessions
    finally:
        await db.close()


# A board picture per click, about 300 of them, drawn by the code the screenshots, the render tests and
# the replay tests check: the click-through asks for none of them, the screenshots before and after it
# ask for theirs. Blocked inside the browser, not routed through Playwright: a route sends every
# request of every page (the page, its styles and scripts) through the driver and turns the browser's
# cache off, which cost a sixth of each click.
PICTURES = "*/picture/*"


async def play_to_the_end(page: Page) -> int:
    """Click until the game is over; the number of clicks. The board pictures are asked for again
    once it is over."""
    browser = await page.context.new_cdp_session(page)
    await browser.send("Network.enable")
    await browser.send("Network.setBlockedURLs", {"urls": [PICTURES]})
    try:
        return await _click_to_the_end(page)
    finally:
        await browser.send("Network.setBlockedURLs", {"urls": []})
        await browser.detach()
        await page.reload(wait_until="domcontentloaded")


# What the page offers once it shows a state a click can follow: a refusal's text, the choice to click
# (Done where it is offered, else the first), or nothing left (the game over). One question to the
# page per click instead of four: each costs the browser and Playwright's driver a round trip.
NEXT_CLICK = """() => {
  const refusal = document.querySelector('.refusal');
  if (refusal) return {refusal: refusal.innerText};
  if (document.querySelector('.panel .choice.done')) return {click: '.panel .choice.done'};
  if (document.querySelector('.panel .choices .choice')) return {click: '.panel .choices .choice'};
  const over = document.querySelector('.play[data-bots="no"]') && !document.querySelector('.panel');
  return over ? {over: true} : null;
}"""


async def _click_to_the_end(page: Page) -> int:
    for clicks in range(MAX_CLICKS):
        offered = await (await page.wait_for_function(NEXT_CLICK, timeout=STEP_MS)).json_value()
        assert "refusal" not in offered, offered["refusal"]
        if "click" not in offered:
            return clicks
        async with page.expect_navigation(wait_until="domcontentloaded", timeout=STEP_MS):
            await page.locator(offered["click"]).first.click()
    raise AssertionError(f"the game did not end in {MAX_CLICKS} clicks")


async def shots(page: Page, name: str) -> None:
    """The page at a phone's and a laptop's size, once its board picture has loaded."""
    OUT.mkdir(parents=True, exist_ok=True)
    board = page.locator("figure.zoomable img").first
    await expect(board).to_have_js_property("complete", True, timeout=PICTURE_PATIENCE * 1000)
    assert await board.evaluate("img => img.naturalWidth") > 300
    for size, label in ((PHONE, "phone"), (LAPTOP, "laptop")):
        await page.set_viewport_size(size)
        await page.screenshot(path=str(OUT / f"{name}-{label}.png"))
    await page.set_viewport_size(LAPTOP)


async def finished_locally(sessions: Sessions, game_id: int) -> None:
    status = await sessions.reading.status(game_id)
    assert status.table.game.status is Status.FINISHED
    assert status.table.game.guild_id == LOCAL_GUILD_ID
    # A local game is never one the Discord process catches up (it has no channel to post in).
    assert game_id not in {g for g, _ in await sessions.posts.games_to_catch_up()}
    # and it replays like any other: the log gives the stored snapshot
    replayed = await sessions.reading.replay(game_id)
    loaded = await sessions.reading.load(game_id)
    assert replayed == loaded


async def set_up(page: Page, address: str, game: str, choose: dict[str, str], shot: str = "") -> int:
    """The set-up page's form of ``game`` filled (field name: value) and sent; the game's id. ``shot``:
    the filled page's screenshot is written under that name."""
    await page.goto(address + "/play")
    form = page.locator(f'form[data-game="{game}"]')
    for name, value in choose.items():
        field = form.locator(f'[name="{name}"]')
        if await field.evaluate("e => e.tagName") == "SELECT":
            await field.select_option(value)
        else:
            await field.fill(value)
    if shot:
        OUT.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(OUT / f"{shot}.png"), full_page=True)
    async with page.expect_navigation(wait_until="domcontentloaded", timeout=STEP_MS):
        await form.locator("button.start").click()
    return int(page.url.rsplit("/", 1)[1].split("?")[0])


@pytest.mark.slow
async def test_a_hot_seat_nipron_game_for_two_is_played_to_the_end(
    table: tuple[str, Sessions], page: Page
) -> None:
    address, sessions = table
    await page.set_viewport_size(PHONE)
    seats = {"name0": "Ana", "seat1": "person", "name1": "Bo"}
    game_id = await set_up(page, address, "nipron", seats, shot="local-setup-phone")
    await expect(page.locator(".panel")).to_contain_text("Ana")
    await shots(page, "local-nipron-start")
    clicks = await play_to_the_end(page)
    assert clicks > 50
    await expect(page.locator(".turn")).to_have_text("The game is over.")
    await shots(page, "local-nipron-end")
    await finished_locally(sessions, game_id)


@pytest.mark.slow
async def test_a_solo_carnegie_game_against_andrew_is_played_to_the_end(
    table: tuple[str, Sessions], page: Page
) -> None:
    address, sessions = table
    game_id = await set_up(page, address, "carnegie", {"name0": "Ana", "option-difficulty": "hard"})
    await shots(page, "local-carnegie-start")
    # Undo, a hint and the rules, as on Discord: a side taken and undone, the strong bot's choice shown.
    panel = page.locator(".panel")
    await expect(panel).to_contain_text("Housing first")
    async with page.expect_navigation(wait_until="domcontentloaded", timeout=STEP_MS):
        await panel.locator(".choices .choice").first.click()
    await expect(panel).to_contain_text("Commerce")
    async with page.expect_navigation(wait_until="domcontentloaded", timeout=STEP_MS):
        await panel.locator("button.undo").click()
    await expect(panel.locator(".choices .choice").first).to_contain_text("Housing side A")
    async with page.expect_navigation(wait_until="domcontentloaded", timeout=STEP_MS):
        await panel.locator("button.hint").click()
    await expect(panel).to_contain_text("bot would choose: Housing side")
    # POST-redirect-GET: the address is the table's, and reloading it shows the hint again, asks none
    assert f"/play/{game_id}?seat=0&said=" in page.url
    hints = await sessions.reading.hints(game_id)
    await page.reload()
    await expect(panel).to_contain_text("bot would choose: Housing side")
    assert await sessions.reading.hints(game_id) == hints
    # the seat's own view, through the signed link /game player would give
    mine = await panel.locator("a.mine").get_attribute("href")
    assert mine is not None
    response = await page.request.get(address + mine)
    assert response.ok and "Ana" in await response.text()
    await page.locator(".rules > summary").click()
    await expect(page.locator(".rules")).to_contain_text("Andrew")
    clicks = await play_to_the_end(page)
    assert clicks > 20
    await expect(page.locator(".turn")).to_have_text("The game is over.")
    await shots(page, "local-carnegie-end")
    await finished_locally(sessions, game_id)
    assert await sessions.reading.hints(game_id)


async def test_a_form_without_the_token_changes_nothing(table: tuple[str, Sessions], page: Page) -> None:
    address, sessions = table
    response = await page.request.post(
        address + "/play/new", form={"token": "forged", "game": "nipron", "seat1": "bot:easy"}
    )
    assert response.status == 403
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert await sessions.posts.games_to_catch_up() == []
    # and the public companion's pages stay read-only: no POST route there
    response = await page.request.post(address + "/game/1", form={"token": "forged"})
    assert response.status in {404, 405}


async def test_a_discord_game_is_neither_shown_nor_changed_by_the_local_table(
    table: tuple[str, Sessions], page: Page
) -> None:
    address, sessions = table
    lobby = await sessions.lobby.create_game(
        guild_id=1, channel_id=10, game_name="nipron", host_id=100, host_name="Ana"
    )
    await sessions.lobby.join(lobby.id, 200, "Bo")
    started = await sessions.lobby.start(lobby.id, 100)
    await page.goto(address + "/play")
    token = await page.locator('input[name="token"]').first.get_attribute("value")
    assert token
    response = await page.request.get(f"{address}/play/{lobby.id}")
    assert response.status == 404
    form: dict[str, str | float | bool] = {
        "token": token,
        "seat": "0",
        "version": str(started.table.version),
        "index": "0",
    }
    response = await page.request.post(f"{address}/play/{lobby.id}/act", form=form)
    assert response.status == 404
    after = await sessions.reading.status(lobby.id)
    assert after.table.version == started.table.version


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"game": "chess"}, "There is no such game."),
        ({"game": "nipron", "name0": "A" * 33, "seat1": "person"}, "A name is at most 32 characters."),
        ({"game": "nipron", "seat1": ""}, "Nipron is played by 2–4 players, not 1."),
        ({"game": "nipron", "seat1": "bot:genius"}, "A seat is empty, a person or a bot"),
        (
            {"game": "carnegie", "option-difficulty": "godlike"},
            "difficulty (default normal): not one of its choices.",
        ),
    ],
)
async def test_a_bad_set_up_is_refused_with_its_limit_and_opens_nothing(
    table: tuple[str, Sessions], page: Page, fields: dict[str, str], said: str
) -> None:
    address, sessions = table
    await page.goto(address + "/play")
    token = await page.locator('input[name="token"]').first.get_attribute("value")
    assert token
    response = await page.request.post(address + "/play/new", form={"token": token, **fields})
    assert response.status == 200
    assert said in await response.text()
    with pytest.raises(NoGameHere):
        await sessions.reading.status(1)


async def test_a_bot_seat_moves_by_itself(table: tuple[str, Sessions], page: Page) -> None:
    """Nipron against the set-up page's default bot: after the person's turn the bot's move appears
    in the log and the turn comes back, without a click or a reload by hand."""
    address, sessions = table
    game_id = await set_up(page, address, "nipron", {"name0": "Ana"})
    status = await sessions.reading.status(game_id)
    (bot,) = status.table.ai_seats
    bot_name = status.table.names[bot]
    for _ in range(20):
        if bot_name in await page.locator(".log").inner_text():
            break
        await expect(page.locator(".panel .choice").first).to_be_visible(timeout=STEP_MS)
        async with page.expect_navigation(wait_until="domcontentloaded", timeout=STEP_MS):
            await page.locator(".panel .choices .choice").first.click()
    await expect(page.locator(".log")).to_contain_text(bot_name, timeout=STEP_MS)
    await expect(page.locator(".panel")).to_contain_text("Ana", timeout=STEP_MS)
    rows = await sessions.reading.live_log(game_id)
    assert any(row.seat == bot for row in rows)


async def test_the_set_up_page_lists_the_games_to_resume(table: tuple[str, Sessions], page: Page) -> None:
    address, sessions = table
    await page.goto(address + "/play")
    assert await page.locator(".resume").count() == 0
    first = await set_up(page, address, "nipron", {"name0": "Ana", "seat1": "person", "name1": "Bo"})
    second = await set_up(page, address, "carnegie", {"name0": "Cy"})
    discord = await sessions.lobby.create_game(
        guild_id=1, channel_id=10, game_name="nipron", host_id=100, host_name="Di"
    )
    await sessions.lobby.join(discord.id, 200, "Ed")
    await sessions.lobby.start(discord.id, 100)
    await page.goto(address + "/play")
    listed = page.locator(".resume li")
    await expect(listed).to_have_count(2)
    # the one moved last first
    await expect(listed.nth(0)).to_contain_text(f"Carnegie #{second} — Cy")
    await expect(listed.nth(1)).to_contain_text(f"Nipron #{first} — Ana, Bo")
    await expect(listed.nth(1)).to_contain_text("last move")
    OUT.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(OUT / "local-resume-laptop.png"), full_page=True)
    async with page.expect_navigation(wait_until="domcontentloaded"):
        await listed.nth(1).locator("a").click()
    assert page.url == f"{address}/play/{first}"
    await expect(page.locator(".players")).to_contain_text("Bo")


async def test_a_refused_move_answers_with_the_tables_address(
    table: tuple[str, Sessions], page: Page
) -> None:
    address, sessions = table
    game_id = await set_up(page, address, "nipron", {"name0": "Ana", "seat1": "person", "name1": "Bo"})
    await expect(page.locator(".panel")).to_be_visible()
    token = await page.locator('.panel input[name="token"]').first.get_attribute("value")
    before = (await sessions.reading.status(game_id)).table.version
    # a form of an older version: the move is refused and nothing changes
    form: dict[str, str | float | bool] = {
        "token": token or "",
        "version": str(before + 5),
        "seat": "0",
        "index": "0",
    }
    response = await page.request.post(f"{address}/play/{game_id}/act?seat=0", form=form, max_redirects=0)
    assert response.status == 303
    where = response.headers["location"]
    assert where.startswith(f"/play/{game_id}?seat=0&said=")
    await page.goto(address + where)
    refusal = page.locator(".refusal")
    await expect(refusal).to_be_visible()
    said = await refusal.inner_text()
    await page.reload()
    await expect(refusal).to_have_text(said)
    assert (await sessions.reading.status(game_id)).table.version == before
    # a key of nothing kept shows the table as it is
    await page.goto(f"{address}/play/{game_id}?seat=0&said=unknown")
    assert await page.locator(".refusal").count() == 0
