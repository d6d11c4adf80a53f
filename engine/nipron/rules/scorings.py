"""District scoring (§6.1) and the scoring marker: Scorings 1–2, the final phase, Scoring 3 (§4.8)."""

from __future__ import annotations

from engine.core import Event, checkpoint
from engine.core.words import Msg, join, msg, plural
from engine.nipron import data, words
from engine.nipron.rules.common import ev, gain_vp, who
from engine.nipron.state import NOBODY, NipronState

FOREIGN = -1  # the foreign companies as a participant


def district_influence(state: NipronState, district: int) -> tuple[list[int], int]:
    """(influence per seat, foreign influence) in a district (§6.1 steps 1–2)."""
    tiles = [0] * state.players
    has_tile = [False] * state.players
    foreign = 0
    for city in (2 * district, 2 * district + 1):
        for side in range(4):
            s = city * 4 + side
            owner = state.owners[s]
            if owner == NOBODY:
                foreign += data.SIDE_VALUES[side]
            else:
                tiles[owner] += state.values[s]
                has_tile[owner] = True
    # trains count only for a player with at least one influence tile in the district [S]
    influence = [
        tiles[p] + data.TRAIN_INFLUENCE * state.trains[district][p] if has_tile[p] else 0
        for p in range(state.players)
    ]
    return influence, foreign


def district_awards(state: NipronState, district: int, scoring: int) -> dict[int, tuple[int, int, int]]:
    """seat -> (position, place VP, ship VP) for every ranked player (§6.1 steps 3–4)."""
    influence, foreign = district_influence(state, district)
    # [I §10.5] participants with 0 influence, foreign companies included, are not ranked.
    ranked = [(v, p) for p, v in enumerate(influence) if v > 0]
    if foreign > 0:
        ranked.append((foreign, FOREIGN))
    ranked.sort(key=lambda x: -x[0])
    table = data.SCORING_VP[scoring]
    out: dict[int, tuple[int, int, int]] = {}
    pos = 1
    i = 0
    while i < len(ranked):
        group = [p for v, p in ranked if v == ranked[i][0]]
        total = sum(table[k - 1] for k in range(pos, pos + len(group)) if k <= 3)
        share = total // len(group)  # [S] sum, divide, round down; [I §10.6] foreign's share is lost
        for p in group:
            if p != FOREIGN:
                ships = data.SHIP_VP * state.ships[district][p] if pos <= 2 else 0  # [I §10.11, §10.14]
                out[p] = (pos, share, ships)
        pos += len(group)
        i += len(group)
    return out


def district_scoring(state: NipronState, scoring: int, events: list[Event]) -> None:
    """Scoring ``scoring`` (1–3): every district, in any order (§6.1). The checkpoint comes after the
    results, so that the summary it closes tells them; one headline sums each player's gain."""
    gained = [0] * state.players
    for district in range(data.DISTRICTS):
        awards = district_awards(state, district, scoring)
        events.append(_district_ranks(state, scoring, district, awards))
        for seat, (pos, place, ships) in sorted(awards.items()):
            z = state.zaibatsu[seat]
            gain_vp(z, place, "districts")
            gain_vp(z, ships, "ships")
            gained[seat] += place + ships
            said = {"scoring": scoring, "district": words.district(district), "who": who(seat), "vp": place}
            if ships:
                text = msg(
                    "Scoring {scoring}, {district}: {who} placed {place} for {vp} VP "
                    "and {ships} VP for ships.",
                    place=_ordinal(pos),
                    ships=ships,
                    **said,
                )
            else:
                text = msg(
                    "Scoring {scoring}, {district}: {who} placed {place} for {vp} VP.",
                    place=_ordinal(pos),
                    **said,
                )
            events.append(
                ev(
                    "scoring",
                    text,
                    seat,
                    False,
                    scoring=scoring,
                    district=district + 1,
                    vp=place + ships,
                )
            )
    state.scorings = scoring
    totals = join(", ", [msg("{who} {vp} VP", who=who(seat), vp=vp) for seat, vp in enumerate(gained)])
    text = msg("Scoring {scoring} is done: {totals}.", scoring=scoring, totals=totals)
    events.append(ev("scoring", text, None, True, scoring=scoring, gained=gained))
    events.append(checkpoint(f"scoring-{scoring}", msg("Scoring {scoring} is done", scoring=scoring)))


def _district_ranks(
    state: NipronState, scoring: int, district: int, awards: dict[int, tuple[int, int, int]]
) -> Event:
    """One headline per district with every ranked player's place and VP, best first, the foreign
    companies' place too when they rank (§6.1 steps 3–4): the summary then shows where each
    player's scoring points came from, and why a player placed 2nd with nobody above them."""
    influence, foreign = district_influence(state, district)
    ranked: list[tuple[int, int, Msg]] = []
    for seat, (pos, place, ships) in awards.items():
        if ships:
            said = msg(
                "{who} {place}: {vp} VP + {ships} VP for ships",
                who=who(seat),
                place=_ordinal(pos),
                vp=place,
                ships=ships,
            )
        else:
            said = msg("{who} {place}: {vp} VP", who=who(seat), place=_ordinal(pos), vp=place)
        ranked.append((pos, seat, said))
    if foreign > 0:
        pos = 1 + sum(1 for v in influence if v > foreign)
        ranked.append((pos, FOREIGN, msg("the foreign companies {place}", place=_ordinal(pos))))
    ranks = [said for _, _, said in sorted(ranked, key=lambda r: (r[0], r[1]))]
    where = {"scoring": scoring, "district": words.district(district)}
    if ranks:
        text = msg("Scoring {scoring}, {district}: {ranks}.", ranks=join(", ", ranks), **where)
    else:
        text = msg("Scoring {scoring}, {district}: no player has influence there, nobody scores.", **where)
    return ev("district", text, None, True, scoring=scoring, district=district + 1)


def _ordinal(n: int) -> str:
    if n in (1, 2, 3):
        return (msg("1st"), msg("2nd"), msg("3rd"))[n - 1]
    return msg("{n}th", n=n)


def move_marker(state: NipronState, seat: int, events: list[Event]) -> None:
    """Full refill step 3 (§4.6): the marker moves 1 space, then the triggers of §4.8 (P13)."""
    state.marker += 1
    text = msg("The scoring marker moved to space {space}.", space=state.marker)
    events.append(ev("marker", text, marker=state.marker))
    scoring = data.SCORING_AT.get(state.marker)
    if scoring:
        district_scoring(state, scoring, events)
    if state.marker == data.FIRST_GOLDEN:
        state.final_seat = seat
        state.final_rounds = 0
        events.append(
            ev(
                "final",
                plural(
                    "The marker reached the first golden space: every player, {who} included, "
                    "has {n} more turn.",
                    "The marker reached the first golden space: every player, {who} included, "
                    "has {n} more turns.",
                    data.FINAL_TURNS,
                    who=who(seat),
                ),
                seat,
                True,
            )
        )
        events.append(checkpoint("final-turns", msg("The final turns begin")))
