"""The seats the bot plays (``bot.bot_players``), deciding in the real worker process (``bot.ai_pool``):
a seat plays at the level the host chose for it."""

from __future__ import annotations

from pathlib import Path

from bot import plugins
from bot.ai_pool import AiPool
from bot.bot_players import BotPlayers
from bot.progress import choose
from bot.sessions import Sessions
from bot.storage import migrate, open_database
from engine.core import Event
from tests.bot.conftest import Clock
from tests.bot.test_sessions import CHANNEL, GUILD, HOST

# A Nipron game whose bot seat decides first, where the strong and the normal player choose apart.
SEED = 1002


async def test_a_strong_bot_seat_plays_as_the_strong_player_not_the_normal_one(tmp_path: Path) -> None:
    """The host seats a strong bot: its moves are the strong player's, not the normal one's (a strong
    seat searching with the normal budget would play like a normal bot under the strong name)."""
    db = await open_database(tmp_path / "boardroom.sqlite3")
    await migrate(db)
    sessions = Sessions(db, clock=Clock(), new_seed=lambda: SEED)
    pool = AiPool(workers=1)
    try:
        table = await sessions.create_game(
            guild_id=GUILD, channel_id=CHANNEL, game_name="nipron", host_id=HOST, seats=2
        )
        await sessions.add_bot(table.id, HOST, "strong")
        await sessions.start(table.id, HOST)
        turn = await sessions.bot_turn(table.id)
        assert turn is not None and turn.level == "strong"
        game = plugins.game("nipron")
        strong = choose(game, turn.snapshot, turn.seat, turn.seed, "strong")
        assert strong != choose(game, turn.snapshot, turn.seat, turn.seed, "normal")  # so the test tells
        announced: list[list[Event]] = []

        async def announce(game_id: int, events: list[Event]) -> None:
            announced.append(events)

        bots = BotPlayers(sessions, pool)
        bots.kick(table.id, announce)
        await bots.idle()
        moves = [row.notation for row in await sessions.live_log(table.id) if row.seat == turn.seat]
        assert moves[:1] == [strong] and announced
    finally:
        pool.close()
        await db.close()
