"""A retired turn line tells every move of the seats that acted (review F4: "✓ carol finished without a
move to tell." after carol took a worker for Mines steps), and a turn's bare close only when nothing else
was told."""

from __future__ import annotations

from bot import plugins
from bot.service.turn_story import moves_line
from engine.core import Event, checkpoint, play


def test_a_move_the_summary_leaves_to_the_log_is_told_on_the_turn_line() -> None:
    mines = Event(
        kind="mines", text="{p2} took an orange worker and moved their coal marker up 3 steps.", seat=2
    )
    assert moves_line([mines], [2], ["alice", "bob", "carol"]) == (
        "✓ carol took an orange worker and moved their coal marker up 3 steps."
    )
    # another seat's log-only event is not this line's to tell
    assert moves_line([mines], [0], ["alice", "bob", "carol"]) == "✓ alice finished without a move to tell."


def test_a_bare_close_is_told_only_alone() -> None:
    built = Event(kind="build", text="{p0} built in Boston.", seat=0, headline=True)
    closed = Event(kind="turn", text="{p0} ended the turn.", seat=0, data={"closing": True})
    assert moves_line([built, closed], [0], ["alice"]) == "✓ alice built in Boston."
    assert moves_line([closed], [0], ["alice"]) == "✓ alice ended the turn."
    # what follows the checkpoint opens the next stretch
    later = Event(kind="mines", text="{p0} moved up.", seat=0)
    assert moves_line([closed, checkpoint("r", "R"), later], [0], ["alice"]) == "✓ alice ended the turn."


def test_no_nipron_turn_of_a_whole_game_is_told_as_nothing() -> None:
    """Every stretch a seat plays in a seeded Nipron game (its steps in a row, as a turn line covers them:
    a worker taken, then its action) says something on its line."""
    game = plugins.game("nipron")
    state = game.new_game(2, 3, {})
    ais = [game.ai(3 + seat, "random") for seat in range(2)]
    names = ["alice", "bob"]
    stretches: list[tuple[int, list[Event], list[str]]] = []
    while not game.pending(state).finished:
        state, played = play(game, state, ais, max_actions=1, strict=False)
        for move in played:
            if not stretches or stretches[-1][0] != move.seat:
                stretches.append((move.seat, [], []))
            stretches[-1][1].extend(move.events)
            stretches[-1][2].append(move.notation)
    assert len(stretches) > 50
    for seat, events, notations in stretches:
        line = moves_line(events, [seat], names)
        assert line is not None and "without a move to tell" not in line, (notations, line)
