"""Nouns in their sentence's case, the reader's way (a native review of uk, ru, pl, ca): a place said
after a preposition, an employee taken, a count that agrees with its noun, one tense for both games'
logs in Catalan. Each sentence is said through the real catalogues, as players read it."""

from __future__ import annotations

import pytest

from engine.carnegie import data as carnegie_data
from engine.carnegie import words as carnegie_words
from engine.carnegie.reconstructed import GRID_COLS, LOBBY
from engine.carnegie.space_places import built_on
from engine.core.words import Arg, Msg
from engine.nipron import data as nipron_data
from engine.nipron.factory_words import factory_of
from engine.nipron.place_words import district_in, space_placed
from render.common.language import say, speaking

CARNEGIE, NIPRON, BOT = "engine/carnegie", "engine/nipron", "bot"


def said(
    lang: str, unit: str, key: str, many: str | None = None, n: int | None = None, /, **args: Arg
) -> str:
    """``key`` said in ``lang`` from ``unit``'s catalogue, as the module that says it would."""
    counted = {"n": n} if n is not None else {}
    with speaking(lang):
        return say(Msg(key, {**counted, **args}, many=many, n=n, unit=unit))


def _built(lang: str, cells: list[int], cell: int) -> str:
    return said(
        lang,
        CARNEGIE,
        "{who} built {department} on {place} ({n} good; {vp} VP at the end).",
        "{who} built {department} on {place} ({n} goods; {vp} VP at the end).",
        2,
        who="bob",
        department=carnegie_data.DEPT_NAMES[1],
        place=built_on(cells, cell),
        vp=3,
    )


def _company(neighbour: int) -> tuple[list[int], int]:
    """A board with one department (or the Lobby) in the top row's second space and the space below
    it empty: the empty space is named by that neighbour."""
    cells = [0] * (GRID_COLS * 4)
    cells[1] = neighbour
    return cells, 1 + GRID_COLS


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("uk", "на вільному місці під відділом «"),
        ("ru", "на пустом месте под отделом «"),
        ("pl", "na pustym miejscu pod działem „"),
        ("ca", "a l'espai buit de sota de «"),
        ("en", "on the empty space below "),
    ],
)
def test_a_department_is_built_on_a_place_said_in_the_sentences_case(lang: str, expected: str) -> None:
    cells, cell = _company(1)
    sentence = _built(lang, cells, cell)
    assert expected in sentence
    assert " — " not in sentence  # no longer a note hung on the sentence


def test_a_space_next_to_the_lobby_names_the_lobby_not_a_department() -> None:
    cells, cell = _company(LOBBY)
    assert "під лобі" in _built("uk", cells, cell)
    assert "под приёмной" in _built("ru", cells, cell)
    assert "відділом" not in _built("uk", cells, cell)


def test_the_same_neighbour_names_the_place_as_the_button_did() -> None:
    """The sentence's neighbour is the button's ("Куди: вільне місце (нижче: …)"), so a player finds
    the space they chose."""
    cells = [0] * (GRID_COLS * 4)
    cells[1], cells[GRID_COLS + 2] = 2, 3
    cell = GRID_COLS + 1
    with speaking("en"):
        button = say(carnegie_words.bare_space(cells, cell))
        sentence = say(built_on(cells, cell))
    assert sentence == f"the {button}"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("uk", "з північного боку західного міста в районі 2 (центр-північ)"),
        ("ru", "с северной стороны западного города в районе 2 (центр-север)"),
        ("pl", "od północnej strony zachodniego miasta w dzielnicy 2 (centrum-północ)"),
        ("ca", "al nord de la ciutat oest del districte 2 (centre-nord)"),
    ],
)
def test_an_influence_tile_is_placed_beside_a_city_in_the_genitive(lang: str, expected: str) -> None:
    west_city_of_district_2 = next(c for c in range(8) if nipron_data.city_district(c) == 1 and c % 2 == 0)
    north = nipron_data.SIDES.index("N")
    with speaking(lang):
        assert say(space_placed(west_city_of_district_2 * 4 + north)) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("uk", "у районі 4 (південь)"), ("ru", "в районе 4 (юг)"), ("pl", "w dzielnicy 4 (południe)")],
)
def test_a_ship_is_built_in_a_district_in_the_locative(lang: str, expected: str) -> None:
    sentence = said(
        lang, NIPRON, "built a {kind} in {district} for {cost}", kind="x", district=district_in(3), cost="y"
    )
    assert expected in sentence


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("uk", 1, "1 нового працівника"),
        ("uk", 2, "2 нових працівників"),
        ("ru", 1, "1 нового сотрудника"),
        ("pl", 1, "1 nowego pracownika"),
        ("pl", 5, "5 nowych pracowników"),
    ],
)
def test_a_new_employee_taken_is_in_the_accusative(lang: str, n: int, expected: str) -> None:
    with speaking(lang):
        assert say(carnegie_words.taken(n, "new employee")) == expected


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("uk", 1, "(у запасі 1 день)"),
        ("ru", 1, "(в запасе 1 день)"),
        ("pl", 1, "(w zapasie 1 dzień)"),
        ("ca", 1, "(temps restant: 1 dia)"),
        ("uk", 23, "(у запасі 23 години)"),
    ],
)
def test_time_left_needs_no_verb_to_agree_with_it(lang: str, n: int, expected: str) -> None:
    from bot.on_discord.views.clock_text import _coarse

    with speaking(lang):
        left = _coarse(n * (86400 if n == 1 else 3600))
    assert said(lang, BOT, "({left} left)", left=left) == expected


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("uk", 1, "лишився 1;"),
        ("uk", 3, "лишилося 3;"),
        ("ru", 1, "остался 1;"),
        ("pl", 1, "został 1;"),
        ("pl", 3, "zostały 3;"),
        ("pl", 5, "zostało 5;"),
        ("ca", 1, "en queda 1;"),
        ("ca", 2, "en queden 2;"),
    ],
)
def test_final_turns_left_agree_with_their_count(lang: str, n: int, expected: str) -> None:
    key = "Final turns: {n} left; {scores}"
    assert expected in said(lang, NIPRON, key, key, n, scores="…")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("uk", "фабрику «Папір»"),
        ("ru", "фабрику «Бумага»"),
        ("pl", "fabryce „Papier”"),
        ("ca", "fàbrica de paper"),
    ],
)
def test_a_factory_in_a_sentence_is_named_by_its_title(lang: str, expected: str) -> None:
    key = "{who} placed a +1 machine on their {good} factory."
    assert expected in said(lang, NIPRON, key, who="bob", good=factory_of("paper"))


@pytest.mark.parametrize(
    "key",
    [
        "{who} consolidated.",
        "{who} took their budget: {yen} and {coal}.",
        "{who} traded {blueprints} for a {track} step.",
        "took a {colour} worker from space {space}",
        "built a {factory} for {cost}",
        "placed a value-{value} influence tile {space} for {goods}",
        "fulfilled {contract} with {goods} for {got}",
    ],
)
def test_catalan_tells_nipron_in_the_perfect_tense_as_it_tells_carnegie(key: str) -> None:
    args = {k: "x" for k in ("who", "yen", "coal", "blueprints", "track", "colour", "space", "factory")}
    args |= {k: "x" for k in ("cost", "value", "goods", "contract", "got")}
    sentence = said("ca", NIPRON, key, **args)
    assert " ha " in f" {sentence}", sentence
