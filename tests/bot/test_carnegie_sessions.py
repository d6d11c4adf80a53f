"""Sessions with the real Carnegie engine, no Discord (issue 6): undo (own uninterrupted steps only,
never across a barrier or another seat's action; append-only log), AI seats, table options, and
every refusal path of these, each leaving the game exactly as it was."""

from __future__ import annotations

import itertools

import pytest

from bot.service.play import NOTHING_TO_UNDO
from bot.service.refusals import AlreadySeated, HostOnly, NotAPlayer, NotInProgress
from bot.service.sessions import Sessions
from bot.service.tables import Table
from bot.storage import IntegrityError, Status
from bot.storage import actions as action_log
from engine.carnegie import GAME
from engine.carnegie.actions import Action
from engine.carnegie.state import CarnegieState
from engine.core import GameOver, IllegalAction, InvalidOptions, NotYourTurn, StaleState
from tests.bot.conftest import play_bots
from tests.bot.test_sessions import BOB, CAROL, CHANNEL, GUILD, HOST, _fingerprint, _refused

interaction_ids = itertools.count(50_000)


async def _carnegie(sessions: Sessions, *players: int, **options: object) -> Table:
    table = await sessions.lobby.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_name="carnegie",
        host_id=HOST,
        options=options or None,
        host_name="Ana",
    )
    for user in players or (BOB,):
        table = await sessions.lobby.join(table.id, user, f"user{user}")
    return (await sessions.lobby.start(table.id, HOST)).table


async def _play_until(sessions: Sessions, game_id: int, kind: str) -> int:
    """Play the first legal action of the first deciding seat until ``kind`` is to be decided;
    returns the seat that decides it."""
    moved: set[int] = set()
    for _ in range(200):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        decision = status.progress.decision
        seat = decision.seats[0]
        if decision.kind == kind:
            return seat
        user = status.table.user_at(seat)
        assert user is not None
        choices = status.progress.choices[seat]
        done = [c for c in choices if c.notation == "done"]
        # One employee from the Lobby into a department, so that there is something to activate.
        into = [
            c for c in choices if c.label.startswith("Move an employee: Lobby →") and "empty" not in c.label
        ]
        if decision.kind == "setup_moves" and into and seat not in moved:
            done = into
            moved.add(seat)
        await sessions.play.act(
            game_id, user, (done or choices)[0].notation, expected_version=None, interaction_id=None
        )
    raise AssertionError(f"never reached {kind}")


async def _move(sessions: Sessions, table_id: int, seat: int) -> tuple[int, str]:
    status = await sessions.reading.status(table_id)
    assert status.progress is not None
    user = status.table.user_at(seat)
    assert user is not None
    move = next(c for c in status.progress.choices[seat] if c.notation.startswith("move "))
    await sessions.play.act(
        table_id, user, move.notation, expected_version=None, interaction_id=next(interaction_ids)
    )
    return user, move.notation


async def test_table_names_and_options_reach_the_engine(sessions: Sessions) -> None:
    table = await _carnegie(sessions, BOB, tab_sides="random", beginner=True)
    assert table.names == ["Ana", f"user{BOB}"]
    assert table.game.status is Status.ACTIVE
    assert (await sessions.reading.status(table.id)).progress is not None


async def test_unknown_options_are_refused_before_a_lobby_opens(sessions: Sessions) -> None:
    with pytest.raises(InvalidOptions):
        await sessions.lobby.create_game(
            guild_id=GUILD, channel_id=CHANNEL, game_name="carnegie", host_id=HOST, options={"colour": "red"}
        )
    with pytest.raises(InvalidOptions):  # solo difficulty at a 4-player table
        await sessions.lobby.create_game(
            guild_id=GUILD,
            channel_id=CHANNEL,
            game_name="carnegie",
            host_id=HOST,
            seats=4,
            options={"difficulty": "hard"},
        )
    # Nothing was created: the channel is free.
    await _carnegie(sessions, BOB)


async def test_undo_reverts_the_own_last_step_and_keeps_the_log(sessions: Sessions) -> None:
    """Undo (issue 6): replay of new_game + the log minus the undone step; the log stays append-only."""
    table = await _carnegie(sessions, BOB, tab_sides="random")
    seat = await _play_until(sessions, table.id, "setup_moves")
    before = await sessions.reading.status(table.id)
    user, _ = await _move(sessions, table.id, seat)
    moved = await sessions.reading.status(table.id)
    assert moved.progress is not None and moved.progress.undoable == {seat}
    status, duplicate = await sessions.play.undo(
        table.id, user, expected_version=moved.table.version, interaction_id=777, seat=seat
    )
    assert not duplicate
    assert status.table.game.snapshot == before.table.game.snapshot
    assert await sessions.reading.replay(table.id) == await sessions.reading.load(table.id)
    async with sessions.store.db.transaction(write=False) as conn:
        every = await action_log.list_actions(conn, table.id)
        live = await action_log.live_actions(conn, table.id)
    assert len(every) == len(live) + 1
    # The same interaction delivered again undoes nothing more.
    again, duplicate = await sessions.play.undo(
        table.id, user, expected_version=None, interaction_id=777, seat=seat
    )
    assert duplicate and again.table.version == status.table.version
    # The log refuses edits even for undone rows.
    async with sessions.store.db.transaction() as conn:
        with pytest.raises(IntegrityError, match="append-only"):
            async with conn.savepoint():
                await conn.execute("DELETE FROM actions WHERE game_id = ?", (table.id,))


async def test_a_panel_drawn_before_an_undo_is_stale_after_it(sessions: Sessions) -> None:
    """The panel redrawn after a step offers the choices of a state the undo took back: its
    choices are stale, even one that is legal again (``seat_changed_since``, issue 17 finding 11)."""
    table = await _carnegie(sessions, BOB, tab_sides="random")
    seat = await _play_until(sessions, table.id, "setup_moves")
    user, _ = await _move(sessions, table.id, seat)
    drawn = await sessions.reading.status(table.id)
    assert drawn.progress is not None
    undone, _ = await sessions.play.undo(
        table.id, user, expected_version=drawn.table.version, interaction_id=None, seat=seat
    )
    assert undone.progress is not None
    legal_again = {c.notation for c in undone.progress.choices[seat]}
    choice = next(c.notation for c in drawn.progress.choices[seat] if c.notation in legal_again)
    before = await _fingerprint(sessions, table.id)
    with pytest.raises(StaleState):
        await sessions.play.act(
            table.id, user, choice, expected_version=drawn.table.version, interaction_id=None, seat=seat
        )
    assert await _fingerprint(sessions, table.id) == before


async def test_several_own_steps_undo_one_at_a_time(sessions: Sessions) -> None:
    table = await _carnegie(sessions, BOB, tab_sides="random")
    seat = await _play_until(sessions, table.id, "setup_moves")
    start = await sessions.reading.status(table.id)
    user, _ = await _move(sessions, table.id, seat)
    await _move(sessions, table.id, seat)
    for _ in range(2):
        await sessions.play.undo(table.id, user, expected_version=None, interaction_id=None)
    assert (await sessions.reading.status(table.id)).table.game.snapshot == start.table.game.snapshot
    # Further back only while the steps are this seat's own and uninterrupted (here its own
    # department reservation, which handed the decision to nobody else), then refused.
    for _ in range(10):
        last = (await sessions.reading.live_log(table.id))[-1]
        if last.seat != seat or last.barrier:
            break
        await sessions.play.undo(table.id, user, expected_version=None, interaction_id=None)
    error = await _refused(
        sessions,
        table.id,
        IllegalAction,
        sessions.play.undo(table.id, user, expected_version=None, interaction_id=None),
    )
    assert error.message == NOTHING_TO_UNDO


async def test_undo_refusals_change_nothing(sessions: Sessions) -> None:
    table = await _carnegie(sessions, BOB, tab_sides="random")
    # Nothing to undo at the start (the Housing step is the first decision).
    first = (await sessions.reading.status(table.id)).progress
    assert first is not None
    first_user = table.user_at(first.decision.seats[0])
    assert first_user is not None
    error = await _refused(
        sessions,
        table.id,
        IllegalAction,
        sessions.play.undo(table.id, first_user, expected_version=None, interaction_id=None),
    )
    assert error.message == NOTHING_TO_UNDO
    seat = await _play_until(sessions, table.id, "setup_moves")
    user = table.user_at(seat)
    other = table.user_at(1 - seat)
    assert user is not None and other is not None
    await _move(sessions, table.id, seat)
    version = (await sessions.reading.status(table.id)).table.version
    for error_type, call in (
        (NotAPlayer, sessions.play.undo(table.id, CAROL, expected_version=None, interaction_id=None)),
        (
            NotYourTurn,
            sessions.play.undo(table.id, other, expected_version=None, interaction_id=None, seat=seat),
        ),
        (IllegalAction, sessions.play.undo(table.id, other, expected_version=None, interaction_id=None)),
        (StaleState, sessions.play.undo(table.id, user, expected_version=version - 1, interaction_id=None)),
    ):
        await _refused(sessions, table.id, error_type, call)
    # A hand-over is a barrier: once this seat says done, its moves cannot be undone any more.
    await sessions.play.act(table.id, user, "done", expected_version=None, interaction_id=None)
    assert (await sessions.reading.live_log(table.id))[-1].barrier
    for who in (user, other):  # neither the actor nor the next player can cross it
        await _refused(
            sessions,
            table.id,
            IllegalAction,
            sessions.play.undo(table.id, who, expected_version=None, interaction_id=None),
        )
    await sessions.lobby.abandon(table.id, HOST, may_manage=False)
    await _refused(
        sessions,
        table.id,
        GameOver,
        sessions.play.undo(table.id, user, expected_version=None, interaction_id=None),
    )


async def test_undo_in_a_lobby_is_refused(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="carnegie", host_id=HOST
    )
    await _refused(
        sessions,
        table.id,
        NotInProgress,
        sessions.play.undo(table.id, HOST, expected_version=None, interaction_id=None),
    )


async def test_replace_refusals_change_nothing(sessions: Sessions) -> None:
    lobby = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="carnegie", host_id=HOST
    )
    await sessions.lobby.join(lobby.id, BOB)
    await _refused(
        sessions,
        lobby.id,
        NotInProgress,
        sessions.play.replace_with_ai(lobby.id, HOST, BOB, may_manage=False),
    )
    table = (await sessions.lobby.start(lobby.id, HOST)).table
    for error_type, call in (
        (HostOnly, sessions.play.replace_with_ai(table.id, BOB, HOST, may_manage=False)),
        (NotAPlayer, sessions.play.replace_with_ai(table.id, HOST, CAROL, may_manage=False)),
    ):
        await _refused(sessions, table.id, error_type, call)
    await sessions.play.replace_with_ai(table.id, CAROL, BOB, may_manage=True)  # a moderator may
    await _refused(
        sessions,
        table.id,
        AlreadySeated,
        sessions.play.replace_with_ai(table.id, HOST, BOB, may_manage=False),
    )


async def test_an_ai_seat_plays_its_own_decisions_and_refuses_its_old_player(sessions: Sessions) -> None:
    table = await _carnegie(sessions, BOB)
    replaced = await sessions.play.replace_with_ai(table.id, HOST, BOB, may_manage=False, level="easy")
    assert replaced.table.ai_seats == {1}
    assert replaced.table.ai_level(1) == "easy"
    result = await play_bots(sessions, table.id)
    progress = result.progress
    assert progress is not None and 1 not in progress.decision.seats
    before = await _fingerprint(sessions, table.id)
    with pytest.raises(NotYourTurn, match="played by the bot"):
        await sessions.play.act(table.id, BOB, "done", expected_version=None, interaction_id=None)
    assert await _fingerprint(sessions, table.id) == before
    assert await sessions.reading.replay(table.id) == await sessions.reading.load(table.id)


async def test_a_table_of_ai_seats_plays_to_the_end(sessions: Sessions) -> None:
    """The bounded AI loop finishes a whole game; the log replays to the final state."""
    table = await _carnegie(sessions, BOB)
    await sessions.play.replace_with_ai(table.id, HOST, BOB, may_manage=False, level="easy")
    await sessions.play.replace_with_ai(table.id, HOST, HOST, may_manage=False, level="easy")
    result = await play_bots(sessions, table.id)
    assert result.progress is not None
    assert result.progress.decision.finished and result.table.game.status is Status.FINISHED
    state = await sessions.reading.replay(table.id)
    assert state == await sessions.reading.load(table.id)
    assert isinstance(state, CarnegieState)
    sheet = GAME.score(state)
    assert result.progress.score == sheet and sheet.final


async def test_solo_table_scores_andrew(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_name="carnegie",
        host_id=HOST,
        seats=1,
        options={"difficulty": "easy"},
    )
    table = (await sessions.lobby.start(table.id, HOST)).table
    await sessions.play.replace_with_ai(table.id, HOST, HOST, may_manage=False, level="easy")
    result = await play_bots(sessions, table.id)
    assert result.progress is not None and result.progress.score is not None
    assert any(line.seat is None and "Andrew" in line.name for line in result.progress.score.lines)


async def test_simultaneous_choices_are_not_stale_after_another_seats_action(sessions: Sessions) -> None:
    """R5.5.1 / setup 12: players activate at the same time; a panel drawn before another player
    acted stays valid, but not after its own seat acted."""
    table = await _carnegie(sessions, BOB, tab_sides="random")
    await _play_until(sessions, table.id, "setup_activate")
    status = await sessions.reading.status(table.id)
    assert status.progress is not None and status.progress.decision.seats == [0, 1]
    drawn = status.table.version
    await sessions.play.act(table.id, HOST, "done", expected_version=drawn, interaction_id=None)
    # Bob's panel was drawn at the same version: his choice still counts.
    result = await sessions.play.act(table.id, BOB, "done", expected_version=drawn, interaction_id=None)
    assert result.progress.decision.kind != "setup_activate"
    # A choice drawn before one's own step is stale.
    seat = result.progress.decision.seats[0]
    user = result.table.user_at(seat)
    assert user is not None
    first = result.progress.choices[seat][0].notation
    now = result.table.version
    await sessions.play.act(table.id, user, first, expected_version=now, interaction_id=None)
    with pytest.raises(StaleState):
        await sessions.play.act(table.id, user, first, expected_version=now, interaction_id=None)


async def test_the_undo_log_is_append_only_too(sessions: Sessions) -> None:
    """Migration 0002: undos are rows of their own; neither log can be edited."""
    table = await _carnegie(sessions, BOB, tab_sides="random")
    seat = await _play_until(sessions, table.id, "setup_moves")
    user, _ = await _move(sessions, table.id, seat)
    await sessions.play.undo(table.id, user, expected_version=None, interaction_id=None)
    async with sessions.store.db.transaction() as conn:
        with pytest.raises(IntegrityError, match="append-only"):
            async with conn.savepoint():
                await conn.execute("UPDATE undos SET user_id = 0 WHERE game_id = ?", (table.id,))
        with pytest.raises(IntegrityError, match="append-only"):
            async with conn.savepoint():
                await conn.execute("DELETE FROM undos WHERE game_id = ?", (table.id,))
        with pytest.raises(IntegrityError, match="append-only"):
            async with conn.savepoint():
                await conn.execute("UPDATE actions SET barrier = 1 WHERE game_id = ?", (table.id,))


async def test_a_step_leaving_only_done_takes_done_with_it(sessions: Sessions) -> None:
    """Issue 18: the last journey of setup step 11 spends the six moves (R6.1.4), so Done is all that is
    left; the same request logs it as the player's own action, the decision passes on, undo cannot take
    the step back (the game's barrier), and the log still replays to the snapshot."""
    table = await _carnegie(sessions, BOB, tab_sides="random")
    seat = await _play_until(sessions, table.id, "setup_moves")
    user = table.user_at(seat)
    assert user is not None
    for _ in range(6):
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        if seat not in status.progress.decision.seats:
            break
        # The longest journey offered from the Lobby, to spend the pool in few steps.
        journeys = [c for c in status.progress.choices[seat] if c.notation.startswith("move ")]
        longest = max(journeys, key=lambda c: c.notation.count(">"))
        result = await sessions.play.act(
            table.id, user, longest.notation, expected_version=None, interaction_id=next(interaction_ids)
        )
    assert seat not in result.progress.decision.seats
    rows = await sessions.reading.live_log(table.id)
    assert (rows[-2].seat, rows[-2].notation) == (seat, longest.notation)
    assert (rows[-1].seat, rows[-1].notation, rows[-1].interaction_id) == (seat, "done", None)
    with pytest.raises(IllegalAction, match=NOTHING_TO_UNDO):
        await sessions.play.undo(table.id, user, expected_version=None, interaction_id=next(interaction_ids))
    replayed = await sessions.reading.replay(table.id)
    stored = await sessions.reading.load(table.id)
    assert isinstance(replayed, CarnegieState) and isinstance(stored, CarnegieState)
    assert GAME.dump_state(replayed) == GAME.dump_state(stored)


async def test_choices_are_labelled_when_a_panel_reads_them(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading where a game stands (the catch-up at start-up, the clocks' sweep, a turn line) labels none
    of its choices: an HR turn offers ~100 journeys. A panel reading them gets every legal action
    labelled; after a move they are labelled in the engine's thread, with the move, not on the event
    loop when the panel is drawn."""
    table = await _carnegie(sessions)
    described: list[object] = []
    describe = GAME.describe_action

    def counted(state: CarnegieState, seat: int, action: Action) -> str:
        described.append(action)
        return describe(state, seat, action)

    monkeypatch.setattr(GAME, "describe_action", counted)
    status = await sessions.reading.status(table.id)
    assert status.progress is not None and status.progress.decision.seats and described == []
    seat = status.progress.decision.seats[0]
    choices = status.progress.choices[seat]
    state = GAME.load_state(status.table.game.snapshot or "")
    assert [c.notation for c in choices] == [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]
    assert len(described) == len(choices) > 1 and all(c.label for c in choices)

    user = status.table.user_at(seat)
    assert user is not None
    result = await sessions.play.act(
        table.id, user, choices[0].notation, expected_version=None, interaction_id=None
    )
    labelled = len(described)
    for deciding in result.progress.decision.seats:
        assert result.progress.choices[deciding]
    assert len(described) == labelled


async def test_a_click_on_what_the_last_move_offered_is_not_listed_again(
    db: object, sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move lists the choices of whoever decides next (their panel); a click on one of them at that
    version is legal without listing the seat's legal actions again (``bot.service.progress.Offered``).
    Another
    process moving the game makes a new version: what this process remembers no longer counts, and a
    choice offered before is refused when it is no longer legal."""
    table = await _carnegie(sessions)
    seat = await _play_until(sessions, table.id, "departments")
    status = await sessions.reading.status(table.id)
    assert status.progress is not None
    user = status.table.user_at(seat)
    assert user is not None
    offered = [c.notation for c in status.progress.choices[seat]]
    moved = await sessions.play.act(table.id, user, offered[0], expected_version=None, interaction_id=None)
    again = moved.progress.choices.get(seat, [])
    assert again, "the seat decides again after its first step"

    listed: list[int] = []
    legal_actions = GAME.legal_actions

    def counted(state: CarnegieState, who: int) -> list[Action]:
        listed.append(who)
        return legal_actions(state, who)

    monkeypatch.setattr(GAME, "legal_actions", counted)
    before = await sessions.reading.status(table.id)
    other = Sessions(
        sessions.store.db, clock=sessions.store.clock, new_seed=sessions.store.new_seed
    )  # another process
    # What ``sessions`` offered at this version: checked without listing, by this process only.
    remembered = sessions.store.offered.at(before.table, seat)
    assert remembered == frozenset(c.notation for c in again)
    step = await other.play.act(table.id, user, again[0].notation, expected_version=None, interaction_id=None)
    listed.clear()
    stale = [n for n in remembered if n not in {c.notation for c in step.progress.choices.get(seat, [])}]
    assert stale, "a choice offered before the other process's move and no longer legal"
    fingerprint = await _fingerprint(sessions, table.id)
    with pytest.raises(IllegalAction):
        await sessions.play.act(table.id, user, stale[0], expected_version=None, interaction_id=None)
    assert seat in listed  # listed again: the remembered version is not the game's any more
    assert await _fingerprint(sessions, table.id) == fingerprint
    # A click on what the last move in this process offered is not listed again.
    ours = await sessions.play.act(
        table.id, user, step.progress.choices[seat][0].notation, expected_version=None, interaction_id=None
    )
    listed.clear()
    if seat in ours.progress.decision.seats:
        await sessions.play.act(
            table.id,
            user,
            ours.progress.choices[seat][0].notation,
            expected_version=None,
            interaction_id=None,
        )
        assert listed.count(seat) == 1  # only for the panel after the step, never to check the click
