"""Andrew's cards in solo (R10.1.5, R10.2): his deck (cards left, the back now showing), this round's
card at its position under the VP cards, and the cards already slid under each VP card. Drawn in the
Players panel below the two rows, which leave it room. Only backs are shown until a card is revealed."""

from __future__ import annotations

from render.carnegie import glyphs
from render.carnegie.model import AndrewCards
from render.carnegie.overview.layout import PLAYER_BOX
from render.carnegie.palette import ANDREW_STYLE, VP_END
from render.common.canvas import Canvas
from render.common.language import t, tn
from render.common.palette import INK, INK_SOFT, WHITE

TOP = 1166  # below the player's and Andrew's rows
CARD_W, CARD_H = 60, 84
GAP = 8


def _card_back(c: Canvas, x0: float, y0: float, w: float, h: float, back: str) -> None:
    c.d.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=8, fill=ANDREW_STYLE.colour, outline=INK, width=2)
    c.fit_text(x0 + w / 2, y0 + h / 2, back, w - 8, 18, fill=WHITE, bold=True, anchor="mm")


def draw_andrew_cards(c: Canvas, a: AndrewCards) -> None:
    x0, _, x1, _ = PLAYER_BOX
    c.fit_text(x0 + 14, TOP, t("Andrew's cards"), x1 - x0 - 28, 20, bold=True)
    # The deck, its top card's back showing (a Normal card shows its main action, an Advanced one "?").
    dx, dy = x0 + 16, TOP + 62
    c.fit_text(dx + 40, dy - 8, t("deck"), 96, 15, fill=INK_SOFT, bold=True, anchor="md")
    if a.next_back is not None:
        _card_back(c, dx, dy, 80, CARD_H + 14, a.next_back)
    else:
        c.d.rounded_rectangle((dx, dy, dx + 80, dy + CARD_H + 14), radius=8, outline=INK_SOFT, width=2)
    left = t("no card left") if a.deck_left == 0 else tn("{n} card left", "{n} cards left", a.deck_left)
    c.fit_text(dx + 40, dy + CARD_H + 30, left, 96, 15, fill=INK, anchor="mm", min_size=9, wrap_below=11)
    # The VP cards, with this round's card below its position and the piles' sizes.
    vx = dx + 100
    vy = TOP + 44
    for p, vp in enumerate(a.vp_cards):
        cx0 = vx + p * (CARD_W + GAP)
        c.d.rounded_rectangle(
            (cx0, vy, cx0 + CARD_W, vy + CARD_H - 20), radius=8, fill=WHITE, outline=INK, width=2
        )
        glyphs.vp(c, cx0 + CARD_W / 2, vy + (CARD_H - 20) / 2, vp, 40, VP_END)
        pile = a.piles[p] if p < len(a.piles) else 0
        c.fit_text(
            cx0 + CARD_W / 2,
            vy + CARD_H - 6,
            t("{n} under", n=pile),
            CARD_W + GAP - 2,
            14,
            fill=INK_SOFT,
            anchor="mm",
            min_size=9,
        )
        if a.current_back is not None and p == a.position:
            _card_back(c, cx0 + 2, vy + CARD_H + 8, CARD_W - 4, 46, a.current_back)
            c.fit_text(
                cx0 + CARD_W / 2,
                vy + CARD_H + 68,
                t("this round"),
                CARD_W + 2 * GAP + 8,  # the only label on its row: it may reach under the neighbours
                14,
                fill=INK_SOFT,
                anchor="mm",
                min_size=9,
            )
    c.fit_text(
        vx,
        vy + CARD_H + 92,
        t("each card scores the VP card it lies under"),
        x1 - vx - 10,
        14,
        fill=INK_SOFT,
        min_size=9,
    )
    if a.current_face is not None:
        c.fit_text(
            x0 + 16,
            vy + CARD_H + 116,
            t("This round: {card}", card=a.current_face),
            x1 - x0 - 32,
            15,
            ellipsis=True,
        )
