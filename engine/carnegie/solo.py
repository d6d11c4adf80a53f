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
from engine.core.words import Msg, either, join, msg, plural

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
ANDREW_NAME = msg("Andrew")  # his score line's name (he has no seat: ``ScoreLine.seat`` is None)

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
    shown = words.card_back(back(a.current))
    text = (
        msg(
            "Andrew drew his card for round {round} (its back shows {back}; "
            "the next card's back shows {next}).",
            round=state.round,
            back=shown,
            next=words.card_back(back(a.deck[0])),
        )
        if a.deck
        else msg(
            "Andrew drew his card for round {round} (its back shows {back}).", round=state.round, back=shown
        )
    )
    _say(events, "andrew_card", text, back=back(a.current))


def reveal(state: CarnegieState, events: list[Event]) -> None:
    """R10.2.2 / R10.2.3: turn the current card face up."""
    a = andrew_of(state)
    if a.revealed:
        return
    a.revealed = True
    card = CARDS[a.current]
    _say(events, "andrew_card", msg("Andrew revealed his card: {card}.", card=card_text(card)), card=card.id)


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
    parts: list[Msg] = []
    # R10.2.4: Take Income does nothing for Andrew; a donation space puts a disc on the card's cell.
    if donation:
        cell = data.DONATION_INDEX[card.donation]
        if not state.donation_discs[cell] and a.discs > 0:
            state.donation_discs[cell].append(ANDREW)
            a.discs -= 1
            parts.append(msg("donated to {donation}", donation=words.donation(cell)))
        elif state.donation_discs[cell]:
            parts.append(msg("{donation} is taken, so his card moves 1 space", donation=words.donation(cell)))
            wanted += 1
        else:
            parts.append(
                msg(
                    "{donation} cannot get his disc (none left), so his card moves 1 space",
                    donation=words.donation(cell),
                )
            )
            wanted += 1
    action = state.row
    if action == data.HR:
        wanted += card.hr_shift
        parts.append(
            plural(
                "Human Resources: his card moves {n} space",
                "Human Resources: his card moves {n} spaces",
                card.hr_shift,
            )
        )
    elif action == data.MGT:
        wanted += _management(state, a, card, parts)
    elif action == data.CON:
        wanted += _construction(state, a, card, parts)
    else:
        wanted += _research(state, a, card, parts)
    moved = _shift(a, wanted)
    vp = VP_CARDS[a.shift]
    if moved and moved < wanted:
        where = plural(
            "His card moved {n} space to the {vp}-VP card (it stops at the 10-VP card).",
            "His card moved {n} spaces to the {vp}-VP card (it stops at the 10-VP card).",
            moved,
            vp=vp,
        )
    elif moved:
        where = plural(
            "His card moved {n} space to the {vp}-VP card.",
            "His card moved {n} spaces to the {vp}-VP card.",
            moved,
            vp=vp,
        )
    elif moved < wanted:
        where = msg("His card stays on the {vp}-VP card (it stops at the 10-VP card).", vp=vp)
    elif vp == 0:
        # S5: a card under the 0-VP card is worth nothing; saying so is what a player wants to know.
        where = msg("His card scores nothing this round.")
    else:
        where = msg("His card stays on the {vp}-VP card.", vp=vp)
    _say(
        events,
        "andrew",
        msg("Andrew: {actions}. {card}", actions=join("; ", parts), card=where),
        card=card.id,
        shift=moved,
        position=a.shift,
        action=action,
        headline=True,  # Andrew's turn belongs in the round summary, like a player's department use
    )


def _management(state: CarnegieState, a: Andrew, card: data.SoloCard, parts: list[Msg]) -> int:
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
    said = [msg("took {department}", department=data.DEPT_NAMES[t]) for t in taken]
    if fails:
        kinds = either(sorted({data.ACTION_TYPES[k] for k in card.mgmt}))
        said.append(
            msg(
                "no {kinds} tile left for {symbols}, so his card moves {spaces}",
                kinds=kinds,
                symbols=plural("{n} symbol", "{n} symbols", fails),
                spaces=plural("{n} space", "{n} spaces", fails),
            )
        )
    parts.append(msg("Management: {actions}", actions=join(", ", said)))
    return fails


def left_most_free(state: CarnegieState, city: int) -> int:
    """§13.2 D11 and D-9 (slot order): the left-most free slot of a city, any type, or -1."""
    return next((k for k in data.CITY_SLOTS[city] if state.slot_owner[k] == NO_OWNER), -1)


def _construction(state: CarnegieState, a: Andrew, card: data.SoloCard, parts: list[Msg]) -> int:
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
        said.append(msg("built in {cities}", cities=", ".join(built)))
    if failed:
        said.append(
            plural(
                "no free slot or disc for {cities}, so his card moves {n} space",
                "no free slot or disc for {cities}, so his card moves {n} spaces",
                len(failed),
                cities=", ".join(failed),
            )
        )
    parts.append(msg("Construction: {actions}", actions=join("; ", said)))
    return len(failed)


def _research(state: CarnegieState, a: Andrew, card: data.SoloCard, parts: list[Msg]) -> int:
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
    said = {"region": data.REGIONS[r], "start": start, "end": a.tracks[r]}
    if fails:
        parts.append(
            msg(
                "Research and Development: {region} track from space {start} to {end}, {steps} impossible, "
                "so his card moves {spaces}",
                steps=plural("{n} step", "{n} steps", fails),
                spaces=plural("{n} space", "{n} spaces", fails),
                **said,
            )
        )
    else:
        parts.append(msg("Research and Development: {region} track from space {start} to {end}", **said))
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
        msg("Andrew's card went under the {vp}-VP card.", vp=VP_CARDS[a.shift]),
        card=a.current,
        position=a.shift,
    )
    a.current, a.shift, a.revealed = "", 0, False


def card_text(card: data.SoloCard) -> Msg:
    """A card's face in words (§10.6)."""
    face = {
        "main": data.ACTION_TYPES[card.main],
        "donation": words.donation_code(card.donation),
        "shift": plural("{n} space", "{n} spaces", card.hr_shift),
        "tiles": join(
            ", ",
            [
                plural("{n} {kind} tile", "{n} {kind} tiles", card.mgmt.count(k), kind=data.ACTION_TYPES[k])
                for k in sorted(set(card.mgmt))
            ],
        ),
        "cities": ", ".join(data.CITIES[data.CITY_INDEX[c]].name for c in card.cities),
        "steps": plural("{n} step", "{n} steps", card.rnd_steps),
        "region": data.REGIONS[card.rnd_region],
    }
    if card.id.startswith("N"):
        return msg(
            "Normal card, main action {main}; donation to {donation}; Human Resources: his card moves "
            "{shift}; Management: {tiles}; Construction: {cities}; Research and Development: {steps} on the "
            "{region} track",
            **face,
        )
    return msg(
        "Advanced card, main action {main}; donation to {donation}; Human Resources: his card moves "
        "{shift}; Management: {tiles}; Construction: {cities}; Research and Development: {steps} on the "
        "{region} track",
        **face,
    )


def andrew_of(state: CarnegieState) -> Andrew:
    """Andrew's part of a solo state (an error in any other game)."""
    if state.andrew is None:
        raise ValueError("not a solo game")
    return state.andrew
