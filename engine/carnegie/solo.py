"""Solo mode against Andrew (rules.md §10): his setup, his card and his turn.

His final score (§10.4) is in ``scoring`` and what the player sees of him (R10.2.1) in ``view``: both
read this module, never the other way round, so the floors run view → scoring → solo → state.

Andrew is not a seat: the human is seat 0 and ``CarnegieState.andrew`` holds everything Andrew has. The
round flow calls in here (``rules.rounds``): ``draw_card`` at the start of every round (S1), Andrew selects
the row in even rounds with his revealed card's main action (R10.2.2), ``andrew_turn`` resolves his event
and his action right after the row is selected and before the human acts (R10.2.3–R10.2.6), and
``file_card`` slides the card under the VP card it reached at the end of the round (S5).

Interpretations [DEC] (also listed in the final report):

- Deck (R10.1.6): the Normal and Advanced cards are drawn as independent random subsets, so an Advanced card
  and the Normal card with the same number may both be in the deck (as in [APP]).
- The current card is at position 0 when drawn; shifts from the event and the action add up and stop at
  position 4 (R10.2.6), whatever their order.
- Construction (R10.2.5, §13.2 D11): Andrew's disc takes the left-most free slot of any type; it has no
  project type (he has no tabs), so it counts for no type-based scoring of anyone.
- R&D: a step fails when Andrew is on space 5 or space 5 holds another disc (R2.5.2); Andrew gets no
  bonus for entering space 5 (R2.5.3).
- Andrew's provisional score during play counts the current card at its present position (it can only
  move right), so the total never drops when the card is filed (``scoring.andrew_categories``).
"""

from __future__ import annotations

from engine.carnegie import data, words
from engine.carnegie.state import ANDREW, NO_OWNER, NO_PROJECT, Andrew, CarnegieState
from engine.core import Event, Rng

# R10.1.6: difficulty -> (Normal cards, Advanced cards). Option values follow the names.
DIFFICULTIES: dict[str, tuple[int, int]] = {
    "easy": (20, 0),
    "normal": (15, 5),
    "hard": (10, 10),
    "expert": (5, 15),
}
DEFAULT_DIFFICULTY = "normal"
VP_CARDS: tuple[int, ...] = (0, 1, 3, 6, 10)  # R10.1.5 / D-14: VP of shift positions 0–4
LAST_POSITION = len(VP_CARDS) - 1  # R10.2.6
ANDREW_DISCS = 30 - 4  # R10.1.3–R10.1.4: 30 discs, one on space 1 of each track
TILE_VP = 2  # §10.4: per department tile taken
LAST_SPACE_VP = 6  # §10.4: per disc on space 5 of a track
ANDREW_NAME = "Andrew"  # his score line's name (he has no seat: ``ScoreLine.seat`` is None)

CARDS: dict[str, data.SoloCard] = {card.id: card for card in data.SOLO_CARDS}
ADVANCED_CARDS: tuple[data.SoloCard, ...] = data.SOLO_CARDS[20:]

# Score-line categories of Andrew (§10.4), named as the players' where they apply (``words``).
ACTION_CARDS = words.ACTION_CARDS
TILES = words.DEPARTMENTS
TRANSPORT = words.TRANSPORT
CITIES = words.CITY_VP
DONATIONS = words.DONATIONS


def new_andrew(rng: Rng, difficulty: str) -> Andrew:
    """R10.1.3–R10.1.6: random subsets of Normal and Advanced cards, shuffled into one face-down deck."""
    normal, advanced = DIFFICULTIES[difficulty]
    picked = rng.shuffled(data.NORMAL_CARDS)[:normal] + rng.shuffled(ADVANCED_CARDS)[:advanced]
    deck = [card.id for card in rng.shuffled(picked)]
    return Andrew(difficulty=difficulty, deck=deck, discs=ANDREW_DISCS)


def andrew_selects(state: CarnegieState) -> bool:
    """R10.1.7, R10.2: the locomotive alternates; the human selects in odd rounds, Andrew in even ones."""
    return state.round % 2 == 0


def back(card_id: str) -> str:
    """What the back of a card shows (R10.2.1): a Normal card its main action, an Advanced card "?"."""
    card = CARDS[card_id]
    return data.ACTION_CODES[card.main] if card.id.startswith("N") else "?"


def _say(events: list[Event], kind: str, text: str, *, headline: bool = False, **payload: object) -> None:
    events.append(Event(kind=kind, text=text, seat=None, data=dict(payload), headline=headline))


def draw_card(state: CarnegieState, events: list[Event]) -> None:
    """S1: the top card of the deck becomes the face-down current card at position 0."""
    a = andrew_of(state)
    a.current, a.shift, a.revealed = a.deck.pop(0), 0, False
    nxt = f"; the next card's back shows {words.card_back(back(a.deck[0]))}" if a.deck else ""
    _say(
        events,
        "andrew_card",
        f"Andrew drew his card for round {state.round} (its back shows {words.card_back(back(a.current))}"
        f"{nxt}).",
        back=back(a.current),
    )


def reveal(state: CarnegieState, events: list[Event]) -> None:
    """R10.2.2 / R10.2.3: turn the current card face up."""
    a = andrew_of(state)
    if a.revealed:
        return
    a.revealed = True
    card = CARDS[a.current]
    _say(events, "andrew_card", f"Andrew revealed his card: {card_text(card)}.", card=card.id)


def main_action(state: CarnegieState) -> int:
    """R10.2.2: the row Andrew selects = the card's main (orange) action."""
    return CARDS[andrew_of(state).current].main


def _shift(a: Andrew, n: int) -> int:
    """Move the current card ``n`` positions right, never beyond the 10-VP card (R10.2.6); returns the
    positions actually moved."""
    before = a.shift
    a.shift = min(LAST_POSITION, a.shift + n)
    return a.shift - before


def andrew_turn(state: CarnegieState, donation: bool, events: list[Event]) -> None:
    """S3 (R10.2.3–R10.2.6): Andrew's event, then his action for the round's action type ``state.row``."""
    a = andrew_of(state)
    reveal(state, events)
    card = CARDS[a.current]
    wanted = 0  # shifts asked for this turn (the card may stop at the 10-VP card earlier)
    parts: list[str] = []
    # R10.2.4: Take Income does nothing for Andrew; a donation space puts a disc on the card's cell.
    if donation:
        cell = data.DONATION_INDEX[card.donation]
        if not state.donation_discs[cell] and a.discs > 0:
            state.donation_discs[cell].append(ANDREW)
            a.discs -= 1
            parts.append(f"donated to {words.donation(cell)}")
        else:
            why = "is taken" if state.donation_discs[cell] else "cannot get his disc (none left)"
            parts.append(f"{words.donation(cell)} {why}, so his card moves 1 space")
            wanted += 1
    action = state.row
    if action == data.HR:
        wanted += card.hr_shift
        parts.append(f"Human Resources: his card moves {words.count(card.hr_shift, 'space')}")
    elif action == data.MGT:
        wanted += _management(state, a, card, parts)
    elif action == data.CON:
        wanted += _construction(state, a, card, parts)
    else:
        wanted += _research(state, a, card, parts)
    moved = _shift(a, wanted)
    capped = " (it stops at the 10-VP card)" if moved < wanted else ""
    where = (
        f"His card moved {words.count(moved, 'space')} to the {VP_CARDS[a.shift]}-VP card{capped}."
        if moved
        else f"His card stays on the {VP_CARDS[a.shift]}-VP card{capped}."
    )
    _say(
        events,
        "andrew",
        f"Andrew: {'; '.join(parts)}. {where}",
        card=card.id,
        shift=moved,
        position=a.shift,
        headline=True,  # Andrew's turn belongs in the round summary, like a player's department use
    )


def _management(state: CarnegieState, a: Andrew, card: data.SoloCard, parts: list[str]) -> int:
    """R10.2.5 Management: per symbol the lowest-numbered displayed tile of that type not taken in this
    action (§13.2 D10: one copy per action, repeats across rounds allowed); shift 1 per symbol without one."""
    taken: list[int] = []
    fails = 0
    for kind in card.mgmt:
        tile = next(
            (t.id for t in data.TILES if t.type == kind and state.display[t.id] > 0 and t.id not in taken),
            0,
        )
        if tile:
            state.display[tile] -= 1
            a.tiles.append(tile)
            taken.append(tile)
        else:
            fails += 1
    said = [f"took {data.DEPT_NAMES[t]}" for t in taken]
    if fails:
        kinds = " or ".join(sorted({data.ACTION_TYPES[k] for k in card.mgmt}))
        said.append(
            f"no {kinds} tile left for {words.count(fails, 'symbol')}, so his card moves "
            f"{words.count(fails, 'space')}"
        )
    parts.append("Management: " + ", ".join(said))
    return fails


def left_most_free(state: CarnegieState, city: int) -> int:
    """§13.2 D11 and D-9 (slot order): the left-most free slot of a city, any type, or -1."""
    return next((k for k in data.CITY_SLOTS[city] if state.slot_owner[k] == NO_OWNER), -1)


def _construction(state: CarnegieState, a: Andrew, card: data.SoloCard, parts: list[str]) -> int:
    """R10.2.5 Construction: a disc on the left-most free slot of each listed city, in order; shift 1 per
    city that is full or when Andrew has no disc left."""
    built: list[str] = []
    failed: list[str] = []
    for cid in card.cities:
        ci = data.CITY_INDEX[cid]
        k = left_most_free(state, ci) if a.discs > 0 else -1
        if k < 0:
            failed.append(data.CITIES[ci].name)
            continue
        state.slot_owner[k] = ANDREW
        state.slot_project[k] = NO_PROJECT  # Andrew's discs have no project type (he has no tabs)
        a.discs -= 1
        built.append(data.CITIES[ci].name)
    said = []
    if built:
        said.append("built in " + ", ".join(built))
    if failed:
        said.append(
            f"no free slot or disc for {', '.join(failed)}, so his card moves "
            f"{words.count(len(failed), 'space')}"
        )
    parts.append("Construction: " + "; ".join(said))
    return len(failed)


def _research(state: CarnegieState, a: Andrew, card: data.SoloCard, parts: list[str]) -> int:
    """R10.2.5 R&D: up to ``rnd_steps`` steps on the card's region, one at a time, no SP needed; shift 1 per
    step that cannot be made (already on space 5, or space 5 holds another disc, R2.5.2)."""
    r = card.rnd_region
    start = a.tracks[r]
    fails = 0
    for _ in range(card.rnd_steps):
        nxt = a.tracks[r] + 1
        if nxt > data.TRACK_LAST or (
            nxt == data.TRACK_LAST and any(c.tracks[r] == data.TRACK_LAST for c in state.companies)
        ):
            fails += 1
        else:
            a.tracks[r] = nxt
    text = f"Research and Development: {data.REGIONS[r]} track from space {start} to {a.tracks[r]}"
    if fails:
        text += f", {words.count(fails, 'step')} impossible, so his card moves {words.count(fails, 'space')}"
    parts.append(text)
    return fails


def file_card(state: CarnegieState, events: list[Event]) -> None:
    """S5: the current card goes face down under the VP card it reached."""
    a = andrew_of(state)
    if not a.current:
        return
    a.piles[a.shift].append(a.current)
    _say(
        events,
        "andrew_card",
        f"Andrew's card went under the {VP_CARDS[a.shift]}-VP card.",
        card=a.current,
        position=a.shift,
    )
    a.current, a.shift, a.revealed = "", 0, False


def card_text(card: data.SoloCard) -> str:
    """A card's face in words (§10.6)."""
    cities = ", ".join(data.CITIES[data.CITY_INDEX[c]].name for c in card.cities)
    tiles = ", ".join(
        words.count(card.mgmt.count(k), f"{data.ACTION_TYPES[k]} tile") for k in sorted(set(card.mgmt))
    )
    kind = "Normal" if card.id.startswith("N") else "Advanced"
    return (
        f"{kind} card, main action {data.ACTION_TYPES[card.main]}; donation to "
        f"{words.donation_code(card.donation)}; Human Resources: his card moves "
        f"{words.count(card.hr_shift, 'space')}; "
        f"Management: {tiles}; Construction: {cities}; Research and Development: "
        f"{words.count(card.rnd_steps, 'step')} on the {data.REGIONS[card.rnd_region]} track"
    )


def andrew_of(state: CarnegieState) -> Andrew:
    """Andrew's part of a solo state (an error in any other game)."""
    if state.andrew is None:
        raise ValueError("not a solo game")
    return state.andrew
