"""The replay in a real browser: stepping by buttons, keys and the slider moves the pictures and the
log; the board at the 12th checkpoint is byte for byte what ``python -m bot.ops.draw`` draws there."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Page, expect

from bot.ops import draw
from tests.web.conftest import Web
from tests.web.seeded import play_like_draw, seated_game

CHECKPOINTS = 12


async def test_the_replay_at_the_12th_checkpoint_is_what_bot_ops_draw_draws(
    web: Web, page: Page, tmp_path: Path
) -> None:
    game_id = await seated_game(web.sessions, "carnegie", 2)
    actions = await play_like_draw(web.sessions, game_id, 2, CHECKPOINTS)
    seed = (await web.sessions.reading.status(game_id)).table.game.seed
    out = tmp_path / "drawn"
    assert (
        draw.main(
            [
                "carnegie",
                "--seed",
                str(seed),
                "--players",
                "2",
                "--checkpoints",
                str(CHECKPOINTS),
                "--names",
                "Ana,Bo",
                "--out",
                str(out),
            ]
        )
        == 0
    )

    await page.goto(web.url(f"{web.game(game_id)}/replay"))
    root = page.locator("#replay")
    await expect(root).to_have_attribute("data-last", str(actions))
    checkpoints = (await root.get_attribute("data-checkpoints") or "").split(",")
    assert len(checkpoints) == CHECKPOINTS
    # The 12th checkpoint is the last point: the game was played to it.
    assert int(checkpoints[-1]) == actions
    for key in ("board", "strip", "phone"):
        response = await page.request.get(web.url(f"{web.game(game_id)}/replay/{actions}/{key}.png"))
        assert response.ok
        assert await response.body() == (out / f"{key}.png").read_bytes(), key

    # Stepping: Home goes to the start, → one action, ↓ to the first checkpoint, the slider anywhere.
    await page.keyboard.press("Home")
    await expect(page.locator("#at")).to_have_text("0")
    await expect(page.locator("img[data-key=board]")).to_have_attribute(
        "src", f"{web.game(game_id)}/replay/0/board.png"
    )
    await page.keyboard.press("ArrowRight")
    await expect(page.locator("#at")).to_have_text("1")
    await expect(page.locator("#steps li.current")).to_have_attribute("data-point", "1")
    await page.keyboard.press("ArrowDown")
    await expect(page.locator("#at")).to_have_text(checkpoints[0])
    await page.locator("button[data-step=next-checkpoint]").click()
    await expect(page.locator("#at")).to_have_text(checkpoints[1])
    await page.locator("button[data-step=previous]").click()
    await expect(page.locator("#at")).to_have_text(str(int(checkpoints[1]) - 1))
    await page.locator("#slider").fill("5")
    await expect(page.locator("#at")).to_have_text("5")
    assert page.url.endswith("?at=5")
    board = page.locator("img[data-key=board]")
    await expect(board).to_have_attribute("src", f"{web.game(game_id)}/replay/5/board.png")
    await expect(board).to_have_js_property("complete", True, timeout=120_000)
    assert await board.evaluate("img => img.naturalWidth") > 500


async def test_a_point_outside_the_game_is_a_clear_404(web: Web, page: Page) -> None:
    game_id = await seated_game(web.sessions, "carnegie", 2)
    for bad in ("1", "99999999", "-1", "x"):
        response = await page.request.get(web.url(f"{web.game(game_id)}/replay/{bad}/board.png"))
        assert response.status == 404, bad
    response = await page.request.get(web.url(f"{web.game(game_id)}/replay?at=3"))
    assert response.status == 404
    assert "points 0 to 0" in await response.text()
    response = await page.request.get(web.url(f"{web.game(game_id)}/replay/0/company.png"))
    assert response.status == 404, "a seat's close-up is never public"
