"""The ratings' rules and the rating update, without a database: the update against OpenSkill's own
worked numbers, places from a score sheet, and the seats a game does not rate."""

from __future__ import annotations

import pytest

from bot.service.after_game.ratings import (
    MODEL,
    Contestant,
    Skill,
    bot_level,
    new_skill,
    person,
    rate,
    rated_seats,
)
from bot.service.after_game.record import places
from engine.core import ScoreLine, ScoreSheet

# openskill.js's Plackett-Luce tests ("2p FFA", "3p FFA", "4p FFA": everyone starts at mu 25,
# sigma 25/3, first seat wins). openskill.py adds tau = 25/300 to sigma before each update where
# openskill.js did not, which moves sigma by under 0.01 %: the tolerance openskill.py's own tests
# hold against their fixtures (rel 1e-4).
WORKED = {
    2: [(27.63523138347365, 8.065506316323548), (22.36476861652635, 8.065506316323548)],
    3: [
        (27.868876552746237, 8.204837030780652),
        (25.717219138186557, 8.057829747583874),
        (21.413904309067206, 8.057829747583874),
    ],
    4: [
        (27.795084971874736, 8.263160757613477),
        (26.552824984374855, 8.179213704945203),
        (24.68943500312503, 8.083731307186588),
        (20.96265504062538, 8.083731307186588),
    ],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_of_new_players_moves_them_as_openskill_worked_it(players: int) -> None:
    after = rate([new_skill()] * players, list(range(1, players + 1)))
    for skill, (mu, sigma) in zip(after, WORKED[players], strict=True):
        assert skill.mu == pytest.approx(mu, rel=1e-4)
        assert skill.sigma == pytest.approx(sigma, rel=1e-4)


def test_the_library_defaults_are_the_ones_the_rules_name() -> None:
    assert (MODEL.mu, MODEL.sigma, MODEL.beta) == (25.0, 25.0 / 3.0, 25.0 / 6.0)
    assert new_skill().ordinal == pytest.approx(0.0)


def test_a_tie_moves_the_tied_players_alike() -> None:
    level = rate([new_skill(), new_skill()], [1, 1])
    # Two new players who tie learn nothing of who is better: mu stays, only the uncertainty shrinks.
    assert [s.mu for s in level] == pytest.approx([25.0, 25.0])
    assert all(s.sigma < MODEL.sigma for s in level)
    four = rate([new_skill()] * 4, [1, 2, 2, 4])
    assert four[1] == four[2]
    assert four[0].mu > four[1].mu > four[3].mu
    # A tie for second between the last two of three: the winner gains exactly as in openskill.js's
    # "3p FFA" (who is second and third does not matter to the first), the tied pair share the rest.
    three = rate([new_skill()] * 3, [1, 2, 2])
    assert three[0].mu == pytest.approx(WORKED[3][0][0], rel=1e-4)
    assert three[1].mu == pytest.approx((WORKED[3][1][0] + WORKED[3][2][0]) / 2, rel=1e-4)


def test_an_experienced_winner_gains_less_than_a_new_one() -> None:
    old = Skill(30.0, 2.0)
    gained_old = rate([old, new_skill()], [1, 2])[0].mu - old.mu
    gained_new = rate([new_skill(), new_skill()], [1, 2])[0].mu - 25.0
    assert 0 < gained_old < gained_new


def _sheet(totals: list[int], winners: list[int]) -> ScoreSheet:
    return ScoreSheet(
        final=True,
        lines=[ScoreLine(seat=i, name=f"Seat {i + 1}", categories={}, total=t) for i, t in enumerate(totals)],
        winners=winners,
    )


def test_places_follow_the_winners_then_the_totals_ties_sharing() -> None:
    assert places(_sheet([10, 30, 20, 20], [1]), set()) == {1: 1, 0: 4, 2: 2, 3: 2}
    # The game broke a tie on total for the winner: the other one is second, not first.
    assert places(_sheet([30, 30, 5], [1]), set()) == {1: 1, 0: 2, 2: 3}
    # Shared victory (no tie-breaker left): both first.
    assert places(_sheet([30, 30, 5], [0, 1]), set()) == {0: 1, 1: 1, 2: 3}


def test_an_expelled_seat_is_last_whatever_the_bot_scored_for_it() -> None:
    assert places(_sheet([50, 10, 20], [0]), {0}) == {2: 1, 1: 2, 0: 3}


def test_a_solo_rival_takes_its_place_without_a_seat() -> None:
    sheet = ScoreSheet(
        final=True,
        lines=[
            ScoreLine(seat=0, name="You", categories={}, total=40),
            ScoreLine(seat=None, name="Andrew", categories={}, total=50),
        ],
        winners=[1],
    )
    assert places(sheet, set()) == {0: 2}


def _c(
    seat: int, player: str, place: int, moves: int = 10, bot_moves: int = 0, expelled: bool = False
) -> Contestant:
    return Contestant(seat, player, place, moves, bot_moves, expelled)


def test_two_people_are_rated() -> None:
    seats = [_c(0, person(1), 1), _c(1, person(2), 2)]
    assert rated_seats(seats) == seats


def test_one_person_and_the_bot_are_not_rated() -> None:
    assert rated_seats([_c(0, person(1), 1), _c(1, bot_level("strong"), 2, bot_moves=10)]) == []


def test_a_seat_the_bot_played_for_more_than_half_is_unrated() -> None:
    mostly_bot = _c(1, person(2), 2, moves=10, bot_moves=6)
    half = _c(2, person(3), 3, moves=10, bot_moves=5)
    seats = [_c(0, person(1), 1), mostly_bot, half]
    assert rated_seats(seats) == [seats[0], half]
    # Left with one rated person, the game is unrated.
    assert rated_seats([_c(0, person(1), 1), mostly_bot]) == []


def test_an_expelled_person_is_rated_though_the_bot_played_on() -> None:
    expelled = _c(1, person(2), 3, moves=10, bot_moves=9, expelled=True)
    seats = [_c(0, person(1), 1), expelled, _c(2, person(3), 2)]
    assert rated_seats(seats) == seats


def test_bot_levels_are_rated_beside_two_people_once_each() -> None:
    strong = _c(2, bot_level("strong"), 1, bot_moves=10)
    seats = [_c(0, person(1), 2), _c(1, person(2), 3), strong]
    assert rated_seats(seats) == seats
    twice = [*seats[:2], strong, _c(3, bot_level("strong"), 4, bot_moves=10)]
    assert rated_seats(twice) == seats[:2]
