"""Welfare payments (rules.md R8.4.2, R5.7.1, R10.4.1 / D-20) and the worked example B14: the VP-maximising
payment for a player's welfare donation cells (``engine.carnegie.welfare``)."""

from __future__ import annotations

from engine.carnegie.welfare import welfare_allocation


def test_b14_welfare_goods_pays_at_most_six() -> None:
    """B14, R8.4.2: 9 goods on WEL-GOODS -> 6 paid, 12 VP; 3 goods left (worth nothing)."""
    pay = welfare_allocation(["WEL-GOODS"], money=0, goods=9)
    assert pay.times == {"WEL-GOODS": 6}
    assert pay.total == 12
    assert pay.goods_left == 3


def test_welfare_money_converts_goods_when_that_gains_vp() -> None:
    """R8.4.2 + R5.7.1 (B22 variant): $12 and 4 goods on WEL-MONEY: convert 3 goods, pay 3 × $5 -> 6 VP."""
    pay = welfare_allocation(["WEL-MONEY"], money=12, goods=4)
    assert (pay.times, pay.total, pay.converted, pay.money_left, pay.goods_left) == (
        {"WEL-MONEY": 3},
        6,
        3,
        0,
        1,
    )


def test_welfare_allocation_maximises_vp_over_several_cells() -> None:
    """R8.4.2: the engine offers the VP-maximising allocation among several welfare cells."""
    # 11 goods, no money: 6 goods on WEL-GOODS (12) and 5 converted to one $5 unit (2) = 14.
    pay = welfare_allocation(["WEL-GOODS", "WEL-MONEY"], money=0, goods=11)
    assert pay.total == 14
    assert (pay.money_left, pay.goods_left) == (0, 0)
    # $10 and 5 goods on all three: 2 sets (8) + 3 goods (6) = 14 beats 2 × $5 (4) + 5 goods (10) = 14 …
    # both 14; with $15 and 5 goods: 3 sets (12) + 2 goods (4) = 16.
    assert welfare_allocation(["WEL-GOODS", "WEL-MONEY", "WEL-MONEYGOODS"], money=10, goods=5).total == 14
    assert welfare_allocation(["WEL-GOODS", "WEL-MONEY", "WEL-MONEYGOODS"], money=15, goods=5).total == 16
    # The maxima are fixed (§13 D20): plenty of resources give 12 + 12 + 12.
    assert welfare_allocation(["WEL-GOODS", "WEL-MONEY", "WEL-MONEYGOODS"], money=99, goods=99).total == 36


def test_welfare_without_conversion_for_andrew() -> None:
    """R10.4.1 / D-20: once Andrew's scoring starts no goods are converted."""
    assert welfare_allocation(["WEL-MONEY"], money=4, goods=10, convert=False).total == 0
    assert welfare_allocation(["WEL-MONEY"], money=4, goods=10).total == 4
    assert welfare_allocation(["WEL-GOODS"], money=50, goods=0, convert=False).total == 0


def test_welfare_matches_brute_force_on_small_inputs() -> None:
    """R8.4.2: the chosen payment is never beaten by any feasible payment (exhaustive check)."""
    codes = ["WEL-GOODS", "WEL-MONEY", "WEL-MONEYGOODS"]
    for money in range(0, 26, 3):
        for goods in range(0, 12):
            best = 0
            for g in range(7):
                for m in range(7):
                    for b in range(4):
                        for conv in range(goods + 1):
                            if g + b + conv <= goods and 5 * (m + b) <= money + conv:
                                best = max(best, 2 * g + 2 * m + 4 * b)
            assert welfare_allocation(codes, money, goods).total == best, (money, goods)
