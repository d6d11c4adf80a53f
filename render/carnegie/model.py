"""What the Carnegie images show, as plain data.

The overview reads only these dataclasses; ``render.carnegie.adapter`` builds them from the engine's
``CarnegieView`` (plus the printed data in ``engine.carnegie.data``). Keeping this seam means the
pictures can be tested with hand-made positions and survive view-model changes. (The company board
draws the engine's ``CompanyView`` directly: that model already mirrors the board one-to-one.)
In solo, ``BoardModel.andrew`` is Andrew's row and ``andrew_cards`` his deck, current card and VP cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.common.places import ordinal

# Owner of a disc: a seat index, "neutral", "andrew", or None (free).
Owner = int | str | None

NEUTRAL = "neutral"
ANDREW = "andrew"


@dataclass(frozen=True)
class PlayerSummary:
    seat: int
    name: str
    score: int
    money: int
    goods: int
    employees_supply: int
    discs_supply: int
    missions: tuple[int, int, int, int]  # employees in the mission areas, by region id
    tracks: tuple[int, int, int, int]  # disc position 1–5 on each region's transport track
    action_choice: bool  # holds an unused Action Choice tile


@dataclass(frozen=True)
class TimelineModel:
    events: tuple[tuple[int, ...], ...]  # per row: the events of spaces 1–4 (region id or DONATION)
    positions: tuple[int, int, int, int]  # action marker position 0–5 per row (R5.1.1)
    flipped: tuple[bool, bool, bool, bool]  # action marker face down (R5.2.3)
    gear_row: int | None = None  # the row the gear was put next to (action type of the round)
    event_row: int | None = None  # the advancing row (differs from gear_row when a marker was flipped)
    tiles: tuple[str, ...] = ()  # e.g. "3 Back" per row, when known


@dataclass(frozen=True)
class AndrewCards:
    """What the solo player sees of Andrew's cards (R10.1.5, R10.2.1): never a face still hidden."""

    deck_left: int
    next_back: str | None  # the deck's top card back in player words ("Management", "?"), None if empty
    current_back: str | None  # this round's card, face down (None between rounds)
    current_face: str | None  # its face once revealed
    position: int  # 0–4: the VP card the current card lies below
    vp_cards: tuple[int, ...]  # 0, 1, 3, 6, 10
    piles: tuple[int, ...]  # cards already slid under each VP card


@dataclass(frozen=True)
class BoardModel:
    round: int  # 1–20; 21 or more once the game is over
    rounds: int
    phase: str
    to_act: tuple[str, ...]
    first_seat: int | None
    players: tuple[PlayerSummary, ...]
    slots: tuple[Owner, ...]  # one owner per flat map slot (engine.carnegie.data.SLOT_TYPE order)
    timeline: TimelineModel
    donations: tuple[tuple[Owner, ...], ...]  # discs stacked on each donation cell, bottom first
    display: dict[int, int]  # department tile id -> copies still on display
    andrew: PlayerSummary | None = None
    andrew_cards: AndrewCards | None = None
    # Project type code built on each slot ("H", "C", "I", "P"), None when free or unknown (neutral).
    slot_projects: tuple[str | None, ...] = ()
    finished: bool = False
    # "VP" = score track; "total" / "final" when a score sheet was given (a Msg from the adapter).
    score_label: str = "VP"
    winners: tuple[str, ...] = ()

    def everyone(self) -> list[PlayerSummary]:
        """The seats, then Andrew when he plays: the rows of the Players panel and the track discs."""
        return list(self.players) + ([self.andrew] if self.andrew else [])

    def standings(self) -> list[tuple[str, PlayerSummary]]:
        """The rows of a players table: in seat order while the game runs; once it is over, by score,
        each with its place ("1st", tied rows share one)."""
        people = self.everyone()
        if not self.finished:
            return [("", p) for p in people]
        ordered = sorted(people, key=lambda p: -p.score)
        return [(ordinal(1 + sum(q.score > p.score for q in people)), p) for p in ordered]

    def owner_of(self, p: PlayerSummary) -> Owner:
        # Andrew's summary carries a seat number too, so he is told apart by identity.
        return ANDREW if (self.andrew is not None and p is self.andrew) else p.seat
