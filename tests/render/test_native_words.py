"""Numbers, money and letters on pictures the reader's way: "¥6,000" reads as six yen where the comma
is the decimal mark, and a Cyrillic board must not mark its regions and workers with Latin letters."""

from __future__ import annotations

import pickle
import re
from typing import Any

import pytest

from bot.service.said_events import dumps, loads
from engine.core import Event
from engine.core.words import Amount, Msg, fit, money, msg, number
from render.carnegie import phone_image as carnegie_phone_image
from render.carnegie.initials import region_initials
from render.carnegie.overview import phone as carnegie_phone
from render.common.alike import said_alike
from render.common.canvas import Canvas
from render.common.language import LANGUAGES, say, speaking, t
from render.common.numbers import NBSP, written
from render.nipron import phone_image as nipron_phone_image
from render.nipron.board import clear_caches as clear_nipron_board
from render.nipron.initials import worker_initial, worker_legend
from tests.render.font_sizes import record_font_sizes
from tests.render.nipron.positions import NAMES as NIPRON_NAMES
from tests.render.nipron.positions import STAGES as NIPRON_STAGES
from tests.render.nipron.positions import Position
from tests.render.positions import NAMES, POSITIONS
from tests.render.test_languages import _draw_every_carnegie_picture as draw_every_carnegie_picture
from tests.render.test_languages import _draw_every_nipron_picture as draw_every_nipron_picture

COLOURS = ("white", "yellow", "orange", "green", "blue", "black")

# CLDR's way for each language (Babel's data): the group mark and the sign's place.
EXPECTED = {
    "en": ("¥6,000", "$15", "1,234,567"),
    "uk": (f"6{NBSP}000{NBSP}¥", f"15{NBSP}$", f"1{NBSP}234{NBSP}567"),
    "ru": (f"6{NBSP}000{NBSP}¥", f"15{NBSP}$", f"1{NBSP}234{NBSP}567"),
    "pl": (f"6{NBSP}000{NBSP}¥", f"15{NBSP}$", f"1{NBSP}234{NBSP}567"),
    "ca": (f"6.000{NBSP}¥", f"15{NBSP}$", "1.234.567"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_money_and_numbers_are_written_the_readers_way(lang: str) -> None:
    yen, dollars, plain = EXPECTED[lang]
    assert written(6000, "¥", lang) == yen
    assert written(15, "$", lang) == dollars
    assert written(1234567, "", lang) == plain
    # Inside a sentence, at any depth, and after a trip to a worker process.
    sentence = msg("pay {what}", what=msg("{a} and {b}", a=money(6000, "¥"), b=money(15, "$")))
    assert yen in say(sentence, lang) and dollars in say(sentence, lang)
    assert say(pickle.loads(pickle.dumps(number(1234567))), lang) == plain


def test_a_negative_amount_keeps_its_minus_before_the_sign() -> None:
    assert written(-3000, "¥", "en") == "-¥3,000"
    assert written(-3000, "¥", "uk") == f"-3{NBSP}000{NBSP}¥"


def test_english_text_of_an_amount_is_the_boxs() -> None:
    # Tests, logs and notation read the English as before.
    assert str(money(6000, "¥")) == "¥6,000" and str(money(3, "$")) == "$3" and str(number(12000)) == "12,000"


def test_a_stored_event_says_its_amount_in_the_readers_language() -> None:
    text = msg("{who} built a factory for {cost}", who="alice", cost=money(6000, "¥"))
    (event,) = loads(dumps([Event(kind="invest", text=text, seat=0)]))
    assert isinstance(event.text, Msg) and event.text == "alice built a factory for ¥6,000"
    stored = event.text.args["cost"]
    assert isinstance(stored, Amount) and say(stored, "ca") == f"6.000{NBSP}¥"


CYRILLIC = ("uk", "ru")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_initials_on_pictures_come_from_the_readers_catalogue(lang: str) -> None:
    with speaking(lang):
        regions = [region_initials(r) for r in range(4)]
        workers = [worker_initial(c) for c in COLOURS]
        legend = worker_legend()
    # Each set tells its members apart, and the legend names every worker's letter.
    assert len(set(regions)) == 4 and len(set(workers)) == 6
    for letter in workers:
        assert re.search(rf"(^|[ :]){re.escape(letter)} ", legend), (letter, legend)
    if lang in CYRILLIC:
        latin = [x for x in regions + workers if re.search(r"[A-Za-z]", x)]
        assert not latin, f"{lang}: Latin initials on a Cyrillic picture: {latin}"


# --- Long labels wrap instead of shrinking, in every language -------------------------------------------

# The posted phone pictures are read inline at about 400 px wide: every text at least 11 px there.
SHOWN_W, SHOWN_MIN_PX = 400, 11
# The other pictures are opened full size (on demand): a fitted label at least 11 px, the smallest size
# the English pictures ask for, whatever the language.
BOARD_FLOOR = 11
# Where even English is drawn smaller (the connection table's narrow column heads, "Stagecoach").
NARROW_HEADS = ("Stagecoach", "Railroad")


def _record_fitted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, int]]:
    """Every label drawn with ``Canvas.fit_text`` as (its picture's width, the text, the smallest size
    any of its lines was drawn at)."""
    seen: list[tuple[int, str, int]] = []
    fit_text = Canvas.fit_text

    def recording(self: Canvas, x: float, y: float, s: str, *a: Any, **k: Any) -> None:
        sizes: list[int] = []
        text = self.text

        def capture(x: float, y: float, s: str, size: int, *b: Any, **kw: Any) -> None:
            sizes.append(size)
            text(x, y, s, size, *b, **kw)

        # This one canvas's text, recorded (deleted below): mypy refuses a method assigned on purpose.
        self.text = capture  # type: ignore[method-assign]
        try:
            fit_text(self, x, y, s, *a, **k)
        finally:
            del self.text
        seen.append((self.image.width, s, min(sizes)))

    monkeypatch.setattr(Canvas, "fit_text", recording)
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_of_any_picture_shrinks_below_the_floor_in_any_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _record_fitted(monkeypatch)
    draw_every_carnegie_picture(lang)
    draw_every_nipron_picture(lang)
    assert len(seen) > 500
    with speaking(lang):
        narrow = {t(word) for word in NARROW_HEADS}
    small = sorted({(width, s, size) for width, s, size in seen if size < BOARD_FLOOR and s not in narrow})
    assert small == [], small


def test_a_long_label_is_set_on_two_lines_at_a_readable_size() -> None:
    """The check above can fail: the same Ukrainian label in the same room, drawn without wrapping,
    shrinks below the floor; with wrapping it is two lines at the floor or above."""
    c = Canvas(400, 200, (255, 255, 255))
    with speaking("uk"):
        label = "за проєкт у мал. місті"
    drawn: list[tuple[str, int]] = []
    real = c.text

    def capture(x: float, y: float, s: str, size: int, *a: Any, **k: Any) -> None:
        drawn.append((s, size))
        real(x, y, s, size, *a, **k)

    # This one canvas's text, recorded: mypy refuses a method assigned on purpose.
    c.text = capture  # type: ignore[method-assign]
    c.fit_text(100, 100, label, 120, 15, min_size=9)
    assert len(drawn) == 1 and drawn[0][1] < BOARD_FLOOR
    drawn.clear()
    c.fit_text(100, 100, label, 120, 15, min_size=9, wrap_below=12)
    assert len(drawn) == 2 and min(size for _, size in drawn) >= 12
    assert " ".join(line for line, _ in drawn) == label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_the_phone_pictures_is_readable_at_400_px_in_every_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes = record_font_sizes(monkeypatch)
    with speaking(lang):
        for name in ("mid-4p", "solo-1p", "setup-2p"):
            carnegie_phone._map_base.cache_clear()
            image = carnegie_phone_image(POSITIONS[name](), NAMES)
            assert min(sizes) * SHOWN_W / image.width >= SHOWN_MIN_PX, (name, min(sizes))
            sizes.clear()
        for stage in NIPRON_STAGES:
            pos = Position(4, 44, NIPRON_STAGES[stage])
            clear_nipron_board()
            image = nipron_phone_image(pos.public, NIPRON_NAMES, pos.scores)
            assert min(sizes) * SHOWN_W / image.width >= SHOWN_MIN_PX, (stage, min(sizes))
            sizes.clear()


def test_labels_of_one_kind_on_a_panel_are_shortened_the_same_way() -> None:
    """A button holds 80 characters: where one label of a kind needs its short form in a language, its
    neighbours of the same kind take the same form; a label of another kind keeps its own."""
    long_turn = "Research and Development " * 2

    def tile(turn: str) -> Msg:
        return fit(
            60,
            msg("Use your Action Choice tile: a {turn} turn (lost)", turn=turn),
            msg("Action Choice tile: {turn}", turn=turn),
        )

    labels = [tile("Management"), tile(long_turn.strip()), fit(60, msg("End your turn"))]
    alone = [say(label, "en") for label in labels]
    assert alone[0].startswith("Use your") and alone[1].startswith("Action Choice tile:")
    with speaking("en"):
        together = said_alike(labels)
    assert together[0] == "Action Choice tile: Management"
    assert together[1] == alone[1] and together[2] == "End your turn"
    assert all(len(label) <= 60 for label in together)
