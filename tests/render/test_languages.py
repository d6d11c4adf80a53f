"""Pictures in the five languages (issue 21): the shipped fonts have every letter the pictures' catalogues
use, a label in a longer language still fits its room, and a picture's words follow the language it is
drawn in (the cached layers too)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot import plugins
from bot.service.render_pool import RenderPool
from render.carnegie import PICTURES
from render.carnegie import overview as carnegie_overview
from render.carnegie.overview import phone as carnegie_phone
from render.common.canvas import Canvas
from render.common.fonts import font
from render.common.language import DEFAULT, LANGUAGES, ROOT, read_catalogue, speaking, t
from render.common.palette import INK, RGB
from render.nipron import PICTURES as NIPRON
from render.nipron.board import clear_caches as clear_nipron_board
from render.nipron.encode import palette_image as nipron_palette
from render.nipron.player_board import _base as nipron_player_base
from tests.i18n.english import english_in
from tests.render.nipron.positions import GOLDEN as NIPRON_POSITIONS
from tests.render.nipron.positions import Position
from tests.render.positions import NAMES, POSITIONS

RENDER_CATALOGUES = sorted((ROOT / "render").rglob("locales/*.po"))
# A code point no font of ours has: FreeType draws its .notdef box for it.
MISSING = "\U0010fffd"
ALPHABETS = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюяёъыэ’ąćęłńóśźżàçèéíïòóúü·«»—–…×≤№"


def _translations(path: Path) -> Iterator[str]:
    catalogue = read_catalogue(path, path.stem)
    for message in catalogue:
        if not message.id:
            continue
        strings = (message.string,) if isinstance(message.string, str) else message.string or ()
        yield from (s for s in strings if s)


def test_the_render_catalogues_are_found_for_every_language() -> None:
    assert {p.stem for p in RENDER_CATALOGUES} == set(LANGUAGES) - {"en"}
    assert {p.parent.parent.name for p in RENDER_CATALOGUES} >= {"common", "carnegie", "nipron"}


def _glyph(face: ImageFont.FreeTypeFont, ch: str) -> bytes:
    image = Image.new("L", (64, 64))
    ImageDraw.Draw(image).text((16, 16), ch, font=face, fill=255)
    return image.tobytes()


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_the_shipped_fonts_draw_every_letter_of_every_render_translation(bold: bool) -> None:
    """Cyrillic, Polish ąćęłńóśźż, Catalan àçèéíïòóúü· …: a letter DejaVu lacks would be drawn as the
    .notdef box; every character of every translation must be drawn as itself."""
    face = font(20, bold)
    notdef = _glyph(face, MISSING)
    letters = {ch for path in RENDER_CATALOGUES for text in _translations(path) for ch in text}
    assert {"ł", "ż", "ç", "ї", "ы"} <= letters
    # And the whole alphabets, for words the catalogues do not have yet.
    letters |= set(ALPHABETS + ALPHABETS.upper())
    missing = sorted(ch for ch in letters if not ch.isspace() and _glyph(face, ch) == notdef)
    assert missing == []
    # The check can fail: the box is what a letter outside the font gives.
    assert _glyph(face, "\u4e00") == notdef


def _record_fits(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, float]]:
    """Every label drawn with ``Canvas.fit_text`` as (text drawn, its width, the room it was given)."""
    seen: list[tuple[str, float, float]] = []
    fit_text = Canvas.fit_text

    def recording(
        self: Canvas, x: float, y: float, s: str, max_width: float, size: int, *a: Any, **k: Any
    ) -> None:
        drawn: list[tuple[str, int, bool]] = []
        text = self.text

        def capture(
            x: float, y: float, s: str, size: int, fill: RGB = INK, bold: bool = False, *b: Any, **kw: Any
        ) -> None:
            drawn.append((s, size, bold))
            text(x, y, s, size, fill, bold, *b, **kw)

        # This one canvas's text, recorded (deleted below): mypy refuses a method assigned on purpose.
        self.text = capture  # type: ignore[method-assign]
        try:
            fit_text(self, x, y, s, max_width, size, *a, **k)
        finally:
            del self.text
        shown, used, bold = drawn[0]
        seen.append((shown, self.text_width(shown, used, bold), max_width))

    monkeypatch.setattr(Canvas, "fit_text", recording)
    return seen


def _draw_every_carnegie_picture(lang: str) -> None:
    # The cached layers are drawn again, so that their labels are measured too.
    carnegie_overview._base.cache_clear()
    carnegie_phone._map_base.cache_clear()
    for name in ("mid-4p", "solo-1p"):
        view = POSITIONS[name]()
        for key in ("board", "phone", "strip"):
            PICTURES.draw(key, view, None, NAMES, None, lang=lang)
        PICTURES.draw("company", view, 0, NAMES, None, lang=lang)


def _draw_every_nipron_picture(lang: str) -> None:
    clear_nipron_board()
    nipron_player_base.cache_clear()
    for name in ("scoring2-4p", "final-2p"):
        pos = Position(*NIPRON_POSITIONS[name])
        names = NAMES[: pos.players]
        NIPRON.draw("board", pos.public, None, names, pos.scores, lang=lang)
        NIPRON.draw("phone", pos.public, None, names, pos.scores, lang=lang)
        NIPRON.draw("player", pos.own[0], 0, names, None, lang=lang)


# Labels already wider than their room in English at the smallest size allowed (the English pictures
# are kept as they were): the connection table's "Stagecoach" column head.
ENGLISH_OVERFLOWS = {"Stagecoach"}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_fitted_label_of_both_games_stays_in_its_room_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A longer word is drawn smaller or cut with "…": no label runs past the room its layout gave it."""
    seen = _record_fits(monkeypatch)
    _draw_every_carnegie_picture(lang)
    _draw_every_nipron_picture(lang)
    assert len(seen) > 100
    with speaking(lang):
        allowed = {t(word) for word in ENGLISH_OVERFLOWS}
    over = sorted({(s, round(w), round(room)) for s, w, room in seen if w > room + 0.5 and s not in allowed})
    assert over == [], over


def _pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def test_a_picture_follows_the_language_it_is_drawn_in_and_its_cached_layers_too() -> None:
    view = POSITIONS["setup-2p"]()
    english = PICTURES.draw("board", view, None, NAMES, None)
    ukrainian = PICTURES.draw("board", view, None, NAMES, None, lang="uk")
    assert _pixels(english) != _pixels(ukrainian)
    # Drawn again after another language: the same bytes (no layer of the other language reused).
    assert PICTURES.draw("board", view, None, NAMES, None, lang="en") == english
    assert PICTURES.draw("phone", view, None, NAMES, None, lang="pl") != PICTURES.draw(
        "phone", view, None, NAMES, None, lang="en"
    )


def test_a_key_in_two_render_catalogues_has_one_translation() -> None:
    """The catalogues of a language are merged into one at run time (``render.common.language``), so a
    key two pictures share must be said the same way in both, or one package's word would win."""
    for lang in set(LANGUAGES) - {"en"}:
        said: dict[tuple[str | None, str], tuple[str, object]] = {}
        for path in (p for p in RENDER_CATALOGUES if p.stem == lang):
            for message in read_catalogue(path, lang):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if not key:
                    continue
                # A key in a context (msgctxt: a case form, an initial) is a message of its own.
                first = said.setdefault((message.context, key), (path.parent.parent.name, message.string))
                assert first[1] == message.string, (lang, key, first[0], path.parent.parent.name)


def test_nipron_pictures_have_the_same_bytes_whichever_language_a_process_draws_first() -> None:
    """Nipron maps every picture onto one palette built at the first picture (render.nipron.encode):
    it is built from English pictures, so a process whose first picture is Polish gives the same
    English bytes as one whose first picture is English."""
    pos = Position(*NIPRON_POSITIONS["early-3p"])
    names = NAMES[: pos.players]

    def board(lang: str) -> bytes:
        return NIPRON.draw("board", pos.public, None, names, pos.scores, lang=lang)

    nipron_palette.cache_clear()
    english_first = board("en")
    nipron_palette.cache_clear()
    polish = board("pl")
    assert board("en") == english_first
    assert _pixels(polish) != _pixels(english_first)


async def test_the_render_pool_draws_a_picture_in_the_language_it_is_asked_for() -> None:
    """Through the bot's render process: the language travels with the job (and is part of what a
    waiting picture is, so the same picture in two languages at once is drawn twice)."""
    carnegie = plugins.plugin("carnegie")
    state = carnegie.rules.new_game(2, 5)
    view = carnegie.rules.view(state, None)
    pool = RenderPool(workers=1)
    try:
        english, ukrainian = await asyncio.gather(
            pool.draw(carnegie, "phone", state, None, NAMES[:2], None, game_id=1),
            pool.draw(carnegie, "phone", state, None, NAMES[:2], None, game_id=1, lang="uk"),
        )
    finally:
        pool.close()
    assert pool.coalesced == 0
    assert english == PICTURES.draw("phone", view, None, NAMES[:2], None)
    assert ukrainian == PICTURES.draw("phone", view, None, NAMES[:2], None, lang="uk")
    assert ukrainian != english


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT])
def test_no_english_word_is_drawn_on_any_picture_of_either_game(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every string Pillow draws on the pictures of both games (cached layers drawn again) is free of
    English words, names and cities aside (tests/i18n/english.py)."""
    nipron_palette()  # built once per process from English pictures, on purpose (see its test above)
    drawn: list[str] = []
    draw_text = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *a: Any, **k: Any) -> None:
        drawn.append(str(text))
        draw_text(self, xy, text, *a, **k)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    _draw_every_carnegie_picture(lang)
    _draw_every_nipron_picture(lang)
    assert len(drawn) > 500
    found = {s: english_in(s, lang, NAMES) for s in set(drawn)}
    leaks = sorted(s for s, words in found.items() if words)
    assert not leaks, "\n".join(leaks)
