"""A step that leaves the player one legal choice in the same turn is taken with it (``bot.service.moves``):
a Nipron worker whose space has one legal action (rules §4.3 step 3: "perform exactly one action shown
on that action space") costs one click, not two. The follow-up is the player's own logged action (the log
replays to the snapshot), the player reads both on their panel, and a choice of two or more is still
asked; so is the player's next turn."""

from __future__ import annotations

import itertools

from bot import plugins
from bot.service.sessions import Sessions
from bot.service.tables import Table

GUILD, CHANNEL = 1, 10
HOST, BOB = 100, 200
interaction_ids = itertools.count(7_000)


async def _nipron(sessions: Sessions) -> Table:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="nipron", host_id=HOST, seats=2
    )
    table = await sessions.lobby.join(table.id, BOB)
    return (await sessions.lobby.start(table.id, HOST)).table


async def test_a_worker_with_one_legal_action_takes_it_with_the_worker(sessions: Sessions) -> None:
    table = await _nipron(sessions)
    game = plugins.game("nipron")
    first, second = table.user_at(0), table.user_at(1)
    assert first is not None and second is not None
    users = {0: first, 1: second}
    forced = asked = 0
    for _ in range(300):
        status = await sessions.reading.status(table.id)
        assert status.progress is not None
        if status.progress.decision.finished or (forced and asked):
            break
        seat = status.progress.decision.seats[0]
        state = await sessions.reading.load(table.id)
        legal = game.legal_actions(state, seat)
        notations = [game.format_action(a) for a in legal]
        # A worker whose space leaves one legal action, else one that leaves several, else the first.
        after = {n: game.apply(state, seat, a).state for n, a in zip(notations, legal, strict=True)}
        kinds = {n: game.pending(s).kind for n, s in after.items()}
        counts = {n: len(game.legal_actions(s, seat)) for n, s in after.items()}
        takes = [n for n in notations if n.startswith("take ") and kinds[n] == "action"]
        single = [n for n in takes if counts[n] == 1]
        several = [n for n in takes if counts[n] > 1]
        chosen = (
            (single or several or notations)[0] if status.progress.decision.kind == "turn" else notations[0]
        )
        logged = len(await sessions.reading.live_log(table.id))
        result = await sessions.play.act(
            table.id, users[seat], chosen, expected_version=None, interaction_id=next(interaction_ids)
        )
        log = await sessions.reading.live_log(table.id)
        assert log[logged].notation == chosen and log[logged].seat == seat
        if chosen in single:
            forced += 1
            (only,) = game.legal_actions(after[chosen], seat)
            # Taken with the worker, as the player's own action, and said on their panel.
            assert log[logged + 1].notation == game.format_action(only) and log[logged + 1].seat == seat
            said = game.describe_action(after[chosen], seat, only)
            assert result.label.endswith(f", then {said} (the only choice)"), result.label
            assert result.progress.decision.kind != "action" or seat not in result.progress.decision.seats
        elif chosen in several:
            asked += 1
            # A real choice is still the player's: nothing more is logged, the panel asks it.
            assert len(log) == logged + 1
            assert result.progress.decision.kind == "action" and result.progress.decision.seats == [seat]
    assert forced and asked, (forced, asked)
    # The log, follow-ups and all, replays to the saved state.
    replayed = await sessions.reading.replay(table.id)
    assert game.dump_state(replayed) == game.dump_state(await sessions.reading.load(table.id))
