"""From the engine's ``CarnegieView`` to the plain data the overview draws."""

from __future__ import annotations

from collections.abc import Sequence

from engine.carnegie import data
from engine.carnegie.solo import ANDREW_NAME
from engine.carnegie.state import ANDREW as ANDREW_CODE
from engine.carnegie.state import NEUTRAL as NEUTRAL_CODE
from engine.carnegie.view import CarnegieView
from engine.core import ScoreLine, ScoreSheet
from engine.core.words import msg
from render.carnegie.model import (
    ANDREW,
    NEUTRAL,
    AndrewCards,
    BoardModel,
    Owner,
    PlayerSummary,
    TimelineModel,
)
from render.common.language import say, t, tn
from render.common.palette import player_style

# Andrew's row in the Players panel: the render model's seat for a rival without a seat.
ANDREW_ROW_SEAT = -1

PHASE_TEXT: dict[str, str] = {
    "sides": msg("Setup: choose project-tab sides"),
    "house": msg("Setup: place the Housing disc"),
    "reserve": msg("Setup: reserve a department"),
    "setup_moves": msg("Setup: employee moves"),
    "setup_activate": msg("Setup: activate employees"),
    "select": msg("Select Timeline"),
    "income": msg("Events: Take Income"),
    "donate": msg("Events: Make a Donation"),
    "departments": msg("Use Departments"),
    "activate": msg("Activate Employees"),
    "over": msg("Game over"),
}
ACTION_NAMES: dict[str, str] = {
    "HR": msg("HR"),
    "MGT": msg("Management"),
    "CON": msg("Construction"),
    "RND": msg("R&D"),
}


def seat_names(view: CarnegieView, names: Sequence[str] | None) -> tuple[str, ...]:
    """Player names by seat; without names the colour names are used (they match the markers)."""
    if names is not None and len(names) >= view.players:
        return tuple(names[: view.players])
    return tuple(say(player_style(s).name) for s in range(view.players))


def owner(code: int | None) -> Owner:
    if code is None:
        return None
    if code == NEUTRAL_CODE:
        return NEUTRAL
    if code == ANDREW_CODE:
        return ANDREW
    return code


def phase_text(view: CarnegieView) -> str:
    """The phase line of the title, said in the current language."""
    text = say(PHASE_TEXT.get(view.phase, view.phase))
    if view.phase == "departments" and view.action_type:
        action = say(ACTION_NAMES.get(view.action_type, view.action_type))
        if view.turn_type and view.turn_type != view.action_type:
            # R5.6.2: the seat in turn declared another type with its Action Choice tile.
            turn = say(ACTION_NAMES.get(view.turn_type, view.turn_type))
            text = t("{phase} ({action}; now {turn} by Action Choice)", phase=text, action=action, turn=turn)
        else:
            text = t("{phase} ({action})", phase=text, action=action)
    # The pools of the seat in turn (R6.1.4 moves, R6.4 study points) matter to whoever acts next.
    if view.moves:
        text = tn("{phase} · {n} move left", "{phase} · {n} moves left", view.moves, phase=text)
    if view.study_points:
        text = t("{phase} · {n} SP to spend", phase=text, n=view.study_points)
    if view.phase in ("income", "donate") and view.event:
        text = t("{phase} — {event}", phase=text, event=say(view.event))
    if view.andrew is not None and view.andrew.selects_row and view.action_type and not view.pending.finished:
        text = t("{phase} · row chosen by Andrew", phase=text)  # R10.2.2
    return text


def board_model(
    view: CarnegieView, names: Sequence[str] | None = None, scores: ScoreSheet | None = None
) -> BoardModel:
    """``scores`` (the engine's score sheet) replaces the score-track VP by the full score when given."""
    who = seat_names(view, names)
    lines = scores.lines if scores is not None else []
    totals = {line.seat: line.total for line in lines if line.seat is not None}
    # Solo: Andrew's line is the one without a seat (engine.core.ScoreLine).
    andrew_total = next((line.total for line in lines if line.seat is None), None)
    players = tuple(
        PlayerSummary(
            seat=c.seat,
            name=who[c.seat],
            score=totals.get(c.seat, c.vp),
            money=c.money,
            goods=c.goods,
            employees_supply=c.employee_supply,
            discs_supply=c.disc_supply,
            missions=(c.missions[0], c.missions[1], c.missions[2], c.missions[3]),
            tracks=(c.tracks[0], c.tracks[1], c.tracks[2], c.tracks[3]),
            action_choice=c.action_choice,
        )
        for c in view.companies
    )
    slots = tuple(owner(s.owner) for city in view.cities for s in city.slots)
    slot_projects = tuple(s.project for city in view.cities for s in city.slots)
    events = []
    for row in view.timeline:
        side = data.TIMELINE_SIDES.index(row.side)
        events.append(tuple(data.TIMELINE_TILES[row.tile - 1][side]))
    gear_row = next((i for i, r in enumerate(view.timeline) if r.gear), None)
    flipped_row = next((i for i, r in enumerate(view.timeline) if r.flipped), None)
    event_row = flipped_row if flipped_row is not None else gear_row
    timeline = TimelineModel(
        events=tuple(events),
        positions=tuple(r.marker for r in view.timeline),  # type: ignore[arg-type]
        flipped=tuple(r.flipped for r in view.timeline),  # type: ignore[arg-type]
        gear_row=gear_row,
        event_row=event_row,
        tiles=tuple(f"{r.tile} {r.side}" for r in view.timeline),
    )
    donations: list[tuple[Owner, ...]] = [()] * len(data.DONATION_CELLS)
    for cell in view.donations:
        k = data.DONATION_INDEX[cell.code]
        donations[k] = tuple(owner(d) for d in cell.discs)
    display = {t.tile: t.copies for t in view.display}
    andrew = _andrew(view, andrew_total)
    finished = view.pending.finished or view.phase == "over"
    to_act = () if finished else tuple(who[s] for s in view.pending.seats if 0 <= s < len(who))
    return BoardModel(
        round=view.round,
        rounds=view.rounds,
        phase=phase_text(view),
        to_act=to_act,
        # Solo (R10.2): the locomotive shows who selects the row; on Andrew's side no seat holds it.
        first_seat=None if view.andrew is not None and view.andrew.selects_row else view.first_player,
        players=players,
        slots=slots,
        timeline=timeline,
        donations=tuple(donations),
        display=display,
        andrew=andrew,
        andrew_cards=_andrew_cards(view),
        slot_projects=slot_projects,
        finished=finished,
        score_label=msg("VP") if scores is None else (msg("final") if scores.final else msg("total")),
        # ``winners`` are positions in the sheet's lines.
        winners=tuple(
            _winner_name(scores.lines[w], who)
            for w in scores.winners
            if 0 <= w < len(scores.lines) and _named(scores.lines[w], who)
        )
        if scores is not None and finished
        else (),
    )


def _named(line: ScoreLine, who: tuple[str, ...]) -> bool:
    """A line the board can name: Andrew's (no seat) or a seat at this table."""
    return line.seat is None or 0 <= line.seat < len(who)


def _winner_name(line: ScoreLine, who: tuple[str, ...]) -> str:
    return ANDREW_NAME if line.seat is None else who[line.seat]


def _andrew(view: CarnegieView, total: int | None) -> PlayerSummary | None:
    """Solo: Andrew's row in the Players panel and his track discs (he has no money, goods or employees,
    R10.1.2); his score is the sheet's Andrew line when given, else his provisional total."""
    a = view.andrew
    if a is None:
        return None
    return PlayerSummary(
        seat=ANDREW_ROW_SEAT,
        name=ANDREW_NAME,
        score=a.score if total is None else total,
        money=0,
        goods=0,
        employees_supply=0,
        discs_supply=a.discs,
        missions=(0, 0, 0, 0),
        tracks=(a.tracks[0], a.tracks[1], a.tracks[2], a.tracks[3]),
        action_choice=False,
    )


def _back(code: str | None) -> str | None:
    """A card back as printed: a Normal card's main action ("R&D"), "?" on an Advanced card (R10.2.1)."""
    return None if code is None else say(ACTION_NAMES.get(code, code))


def _andrew_cards(view: CarnegieView) -> AndrewCards | None:
    a = view.andrew
    if a is None:
        return None
    return AndrewCards(
        deck_left=a.deck_left,
        next_back=_back(a.next_back),
        current_back=_back(a.current_back),
        current_face=say(a.current.text) if a.current is not None else None,
        position=a.position,
        vp_cards=tuple(a.vp_cards),
        piles=tuple(a.piles),
    )
