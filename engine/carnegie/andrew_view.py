"""What the solo player sees of Andrew (R10.2.1): the backs of his current card and of his deck's top
card, a card's face once revealed, and what he has on the table."""

from __future__ import annotations

from pydantic import BaseModel

from engine.carnegie import data, solo
from engine.carnegie.scoring import andrew_categories
from engine.carnegie.state import CarnegieState
from engine.core.words import Said


class SoloCardView(BaseModel):
    """The face of a revealed card (§10.6)."""

    id: str
    advanced: bool
    donation: str
    main: str
    hr_shift: int
    management: list[str]  # action-type codes, one tile per symbol
    cities: list[str]  # city ids, in order
    rnd_region: Said
    rnd_steps: int
    text: Said


class AndrewView(BaseModel):
    """Andrew as the player sees him: the backs of the current card and of the deck's top card (not the
    faces, R10.2.1), the face once revealed, and everything on the table."""

    difficulty: str
    selects_row: bool  # the locomotive is on Andrew's side this round (R10.2)
    deck_left: int
    next_back: str | None  # back of the deck's top card: a Normal card's main action, or "?"
    current_back: str | None  # back of the current card (None between rounds)
    current: SoloCardView | None  # the current card's face, only once revealed
    position: int  # the current card's shift position 0–4 (R10.2.6)
    position_vp: int
    best_action: str | None  # the action the back recommends for Andrew ("most VP"), None if "?"
    piles: list[int]  # cards under each VP card
    vp_cards: list[int]
    discs: int
    tracks: list[int]
    tiles: list[int]
    score: int  # provisional total (final once the game is over)


def card_view(card: data.SoloCard) -> SoloCardView:
    return SoloCardView(
        id=card.id,
        advanced=card.id.startswith("A"),
        donation=card.donation,
        main=data.ACTION_CODES[card.main],
        hr_shift=card.hr_shift,
        management=[data.ACTION_CODES[k] for k in card.mgmt],
        cities=list(card.cities),
        rnd_region=data.REGIONS[card.rnd_region],
        rnd_steps=card.rnd_steps,
        text=solo.card_text(card),
    )


def andrew_view(state: CarnegieState) -> AndrewView:
    a = solo.andrew_of(state)
    current_back = solo.back(a.current) if a.current else None
    return AndrewView(
        difficulty=a.difficulty,
        selects_row=solo.andrew_selects(state),
        deck_left=len(a.deck),
        next_back=solo.back(a.deck[0]) if a.deck else None,
        current_back=current_back,
        current=card_view(solo.CARDS[a.current]) if a.current and a.revealed else None,
        position=a.shift,
        position_vp=solo.VP_CARDS[a.shift],
        best_action=current_back if current_back not in (None, "?") else None,
        piles=[len(p) for p in a.piles],
        vp_cards=list(solo.VP_CARDS),
        discs=a.discs,
        tracks=a.tracks[:],
        tiles=a.tiles[:],
        score=sum(andrew_categories(state).values()),  # §10.4, provisional during play
    )
