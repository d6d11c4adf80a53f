"""Seeded games played through the table service with the moves ``python -m bot.ops.draw`` plays:
its AI on every seat, seeded as it seeds them, so a point of the stored game is the state the
operators' tool draws."""

from __future__ import annotations

from bot import plugins
from bot.ops.draw import play_to_checkpoint
from bot.service.sessions import Sessions
from engine.core import play

GUILD, CHANNEL = 1, 10
NAMES = ("Ana", "Bo", "Cy", "Di")
USERS = (100, 200, 300, 400)


async def seated_game(sessions: Sessions, game_name: str, players: int, channel: int = CHANNEL) -> int:
    """A started game of ``game_name`` with ``players`` people (Ana, Bo, …) and the sessions' seed."""
    table = await sessions.lobby.create_game(
        guild_id=GUILD,
        channel_id=channel,
        game_name=game_name,
        host_id=USERS[0],
        host_name=NAMES[0],
        seats=players,
    )
    for user, name in zip(USERS[1:players], NAMES[1:players], strict=True):
        await sessions.lobby.join(table.id, user, name)
    status = await sessions.lobby.start(table.id, USERS[0], anyway=True)
    return status.table.id


async def play_like_draw(sessions: Sessions, game_id: int, players: int, checkpoints: int | None) -> int:
    """Play the game ``bot.ops.draw`` plays with the table's seed until ``checkpoints`` checkpoints
    (None: to the end), each move made by its seat's player through the service; the number of
    actions."""
    table = (await sessions.reading.status(game_id)).table
    game = plugins.game(table.game.game)
    seed = table.game.seed
    assert seed is not None
    state = game.new_game(players, seed)
    ais = [game.ai(seed * 100 + seat, None) for seat in range(players)]
    target = play_to_checkpoint(game, players, seed, checkpoints)
    moves = []
    while game.dump_state(state) != game.dump_state(target):
        state, played = play(game, state, ais, max_actions=1, strict=False)
        moves += played
    for index, move in enumerate(moves):
        # A Done the service applied by itself with the step before is in the log already.
        if len(await sessions.reading.live_log(game_id)) > index:
            continue
        await sessions.play.act(
            game_id,
            USERS[move.seat],
            move.notation,
            expected_version=None,
            interaction_id=None,
            seat=move.seat,
        )
    return len(moves)
