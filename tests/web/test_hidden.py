"""No hidden information on a public page: a solo Carnegie game played through the table service,
then every public page, the live answer and every public picture (now and in the replay) are searched
for Andrew's face-down deck (rules.md R10.1.6: its order is hidden), and drawn again with that deck
in another order: not one byte of a public picture or page may change. A player's own view is
behind a signed link that the public pages never carry."""

from __future__ import annotations

from playwright.async_api import Page

from bot import plugins
from bot.web.context import PictureCache
from bot.web.replay import Replays
from engine.carnegie.state import CarnegieState
from engine.nipron.state import NipronState
from tests.web.conftest import Web
from tests.web.seeded import play_like_draw, seated_game

PUBLIC_PICTURES = ("board", "strip", "phone")


async def fetched(web: Web, page: Page, paths: list[str]) -> list[bytes]:
    """Each public address's answer, every one of them a success."""
    out = []
    for path in paths:
        response = await page.request.get(web.url(path))
        assert response.ok, path
        out.append(await response.body())
    return out


async def test_no_public_page_or_picture_shows_the_solo_deck(web: Web, page: Page) -> None:
    sessions = web.sessions
    game_id = await seated_game(sessions, "carnegie", 1)
    actions = await play_like_draw(sessions, game_id, 1, 3)
    state = await sessions.reading.load(game_id)
    assert isinstance(state, CarnegieState) and state.andrew is not None
    andrew = state.andrew
    hidden = list(andrew.deck) + ([] if andrew.revealed or not andrew.current else [andrew.current])
    assert len(hidden) >= 5, "the deck still holds cards to hide"

    async def public() -> tuple[list[str], list[bytes]]:
        pages = [f"{web.game(game_id)}", f"{web.game(game_id)}/live", f"{web.game(game_id)}/replay"]
        pages += [f"{web.game(game_id)}/replay?at=0", f"{web.game(game_id)}/replay?at={actions // 2}"]
        texts = [body.decode() for body in await fetched(web, page, pages)]
        pictures = [
            f"{web.game(game_id)}/{where}/{key}.png"
            for key in PUBLIC_PICTURES
            for where in ("picture", f"replay/{actions}")
        ]
        return texts, await fetched(web, page, pictures)

    texts, pictures = await public()
    for text in texts:
        found = [card for card in hidden if card in text]
        assert not found, f"hidden cards {found} on a public page"
        assert "/seat/" not in text, "a public page carries a private link"

    # The same game with the face-down deck in another order reads and draws the same: all but the
    # top card, whose back shows (R10.2.1: a Normal card's main action, an Advanced card "?").
    reordered = state.model_copy(deep=True)
    assert reordered.andrew is not None
    reordered.andrew.deck = [andrew.deck[0], *reversed(andrew.deck[1:])]
    assert reordered.andrew.deck != andrew.deck
    snapshot = plugins.game("carnegie").dump_state(reordered)
    async with sessions.store.db.transaction() as conn:
        await conn.execute("UPDATE games SET snapshot = ? WHERE id = ?", (snapshot, game_id))
    web.context.pictures = PictureCache()
    web.context.replays = Replays()
    web.context.shown = type(web.context.shown)(web.context.shown.size)
    texts_again, pictures_again = await public()
    assert texts_again == texts
    assert pictures_again == pictures
    # The replay's last point is the game now: its pictures are the current ones, byte for byte.
    assert pictures[0::2] == pictures[1::2]


async def test_no_public_picture_shows_what_is_in_the_nipron_bag(web: Web, page: Page) -> None:
    """Nipron's bag (rules.md: workers drawn blind) shows only how many workers it holds."""
    sessions = web.sessions
    game_id = await seated_game(sessions, "nipron", 2)
    await play_like_draw(sessions, game_id, 2, 1)
    state = await sessions.reading.load(game_id)
    assert isinstance(state, NipronState)
    bag = list(state.bag)
    full = next(i for i, n in enumerate(bag) if n > 0)
    other = (full + 1) % len(bag)
    moved = state.model_copy(deep=True)
    moved.bag[full] -= 1
    moved.bag[other] += 1

    async def public() -> list[bytes]:
        return await fetched(
            web, page, [f"{web.game(game_id)}{p}" for p in ("", "/picture/board.png", "/picture/phone.png")]
        )

    before = await public()
    async with sessions.store.db.transaction() as conn:
        snapshot = plugins.game("nipron").dump_state(moved)
        await conn.execute("UPDATE games SET snapshot = ? WHERE id = ?", (snapshot, game_id))
    web.context.pictures = PictureCache()
    web.context.shown = type(web.context.shown)(web.context.shown.size)
    assert await public() == before
