"""Welfare payments (R8.4.2, R5.7.1): the VP-maximising payment for a player's welfare donation cells, with or
without goods→money conversion (Andrew's cells, R10.4.1 / D-20). Part of the final score (``scoring``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from engine.carnegie import data

WELFARE_GOODS, WELFARE_MONEY, WELFARE_BOTH = "WEL-GOODS", "WEL-MONEY", "WEL-MONEYGOODS"
WELFARE_CODES: frozenset[str] = frozenset({WELFARE_GOODS, WELFARE_MONEY, WELFARE_BOTH})
# R8.4.2 / §13 D20: fixed maximum repetitions; per repetition (money paid, goods paid, VP).
WELFARE_MAX: dict[str, int] = {WELFARE_GOODS: 6, WELFARE_MONEY: 6, WELFARE_BOTH: 3}
WELFARE_UNIT: dict[str, tuple[int, int, int]] = {
    WELFARE_GOODS: (0, 1, 2),
    WELFARE_MONEY: (5, 0, 2),
    WELFARE_BOTH: (5, 1, 4),
}


@dataclass(frozen=True, slots=True)
class WelfarePayment:
    """The chosen payment: repetitions per welfare code, what was paid, and what is left."""

    times: Mapping[str, int]
    vp: Mapping[str, int]
    converted: int  # goods returned for $1 each before paying (R5.7.1)
    money_left: int
    goods_left: int

    @property
    def total(self) -> int:
        return sum(self.vp.values())


def welfare_allocation(
    codes: Iterable[str], money: int, goods: int, *, convert: bool = True, cap: int = data.DONATION_CAP
) -> WelfarePayment:
    """The VP-maximising payment for the welfare cells ``codes`` from ``money`` and ``goods``.

    Every combination of repetitions is tried (at most 7 × 7 × 4 = 196); goods are converted to money only as
    far as needed (R5.7.1), never when ``convert`` is False (Andrew's cells, R10.4.1 / D-20). Among equal
    VP the payment leaving the least money + goods is chosen (so, in solo, the least is left for Andrew),
    then the one converting fewest goods. ``cap`` is the owner's per-donation cap (§8.5; with the fixed
    maxima of D20 a welfare cell never exceeds 12 VP, so it never binds)."""
    wanted = set(codes)
    owned = tuple(c for c in (WELFARE_GOODS, WELFARE_MONEY, WELFARE_BOTH) if c in wanted)
    return _payment(owned, money, goods, convert, cap)


# A computer player counts the score after every action it weighs, and money and goods change seldom
# between them: the same few payments are searched thousands of times a decision. The payment is shared
# between callers, so nobody edits one.
@lru_cache(maxsize=1 << 12)
def _payment(owned: tuple[str, ...], money: int, goods: int, convert: bool, cap: int) -> WelfarePayment:
    """``welfare_allocation`` for the welfare cells ``owned`` (in table order)."""
    if not owned:
        return WelfarePayment(times={}, vp={}, converted=0, money_left=money, goods_left=goods)
    best_key: tuple[int, int, int] | None = None
    best: tuple[tuple[int, ...], int] = ((0,) * len(owned), 0)
    for times in product(*(range(WELFARE_MAX[c] + 1) for c in owned)):
        need_money = sum(n * WELFARE_UNIT[c][0] for c, n in zip(owned, times, strict=True))
        need_goods = sum(n * WELFARE_UNIT[c][1] for c, n in zip(owned, times, strict=True))
        conv = max(0, need_money - money)
        if (conv and not convert) or need_goods + conv > goods:
            continue
        vp = sum(min(n * WELFARE_UNIT[c][2], cap) for c, n in zip(owned, times, strict=True))
        left = money + goods - need_money - need_goods
        key = (vp, -left, -conv)
        if best_key is None or key > best_key:
            best_key, best = key, (times, conv)
    times, conv = best
    paid_money = sum(n * WELFARE_UNIT[c][0] for c, n in zip(owned, times, strict=True))
    paid_goods = sum(n * WELFARE_UNIT[c][1] for c, n in zip(owned, times, strict=True))
    return WelfarePayment(
        times=dict(zip(owned, times, strict=True)),
        vp={c: min(n * WELFARE_UNIT[c][2], cap) for c, n in zip(owned, times, strict=True)},
        converted=conv,
        money_left=money + conv - paid_money,
        goods_left=goods - conv - paid_goods,
    )
