"""The seats the bot plays (``bot.service.bot_players``), deciding in the real worker process
(``bot.service.ai_pool``):
a seat plays at the level the host chose for it, and a decision is played only on the version of the
game it was thought out on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import plugins
from bot.service.ai_pool import AiPool
from bot.service.bot_players import BotPlayers
from bot.service.progress import BotTurn, choose
from bot.service.sessions import Sessions
from bot.storage import Status, migrate, open_database
from engine.core import Event
from tests.bot.conftest import Clock, play_bots
from tests.bot.pick_game import HESITATE, action
from tests.bot.test_sessions import CHANNEL, GUILD, HOST

# A Nipron game whose bot seat decides first, where the strong and the normal player choose apart.
SEED = 1002


class Bots:
    """A bot's seats in play as in the running bot: the sessions service on an SQLite file, the loop of
    ``BotPlayers`` and its worker process; what it announced."""

    def __init__(self, sessions: Sessions, pool: AiPool) -> None:
        self.sessions = sessions
        self.loop = BotPlayers(sessions, pool)
        self.announced: list[list[Event]] = []

    async def table(self, game: str, level: str) -> int:
        """A started 2-player game of the host and a bot at ``level``."""
        table = await self.sessions.lobby.create_game(
            guild_id=GUILD, channel_id=CHANNEL, game_name=game, host_id=HOST, seats=2
        )
        await self.sessions.lobby.add_bot(table.id, HOST, level)
        await self.sessions.lobby.start(table.id, HOST)
        return table.id

    def kick(self, game_id: int) -> None:
        self.loop.kick(game_id, self._announce)

    async def _announce(self, game_id: int, events: list[Event]) -> None:
        self.announced.append(events)


@pytest.fixture
async def bots(tmp_path: Path) -> AsyncIterator[Bots]:
    plugins.load_all(["tests.bot.pick_game"])
    db = await open_database(tmp_path / "boardroom.sqlite3")
    await migrate(db)
    pool = AiPool(workers=1)
    try:
        yield Bots(Sessions(db, clock=Clock(), new_seed=lambda: SEED), pool)
    finally:
        pool.close()
        await db.close()


async def test_a_strong_bot_seat_plays_as_the_strong_player_not_the_normal_one(bots: Bots) -> None:
    """The host seats a strong bot: its moves are the strong player's, not the normal one's (a strong
    seat searching with the normal budget would play like a normal bot under the strong name)."""
    game_id = await bots.table("nipron", "strong")
    turn = await bots.sessions.play.bot_turn(game_id)
    assert turn is not None and turn.level == "strong"
    game = plugins.game("nipron")
    strong = choose(game, turn.snapshot, turn.seat, turn.seed, "strong")
    assert strong != choose(game, turn.snapshot, turn.seat, turn.seed, "normal")  # so the test tells
    bots.kick(game_id)
    await bots.loop.idle()
    moves = [row.notation for row in await bots.sessions.reading.live_log(game_id) if row.seat == turn.seat]
    assert moves[:1] == [strong] and bots.announced


async def test_a_bot_decision_is_dropped_when_a_person_moved_or_undid_meanwhile(sessions: Sessions) -> None:
    """Pick: the bot thinks about its prize while the host picks (or takes a pick back) at the same
    time; what the bot decided on the table as it was is not played on the table as it is now. It
    thinks again on the new table."""
    plugins.load_all(["tests.bot.pick_game"])
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="pick", host_id=HOST, seats=2
    )
    await sessions.lobby.add_bot(table.id, HOST, "first")
    await sessions.lobby.start(table.id, HOST)
    game = plugins.game("pick")
    turn = await sessions.play.bot_turn(table.id)
    assert turn is not None
    thought = choose(game, turn.snapshot, turn.seat, turn.seed, turn.level)
    await sessions.play.act(table.id, HOST, action("pear"), expected_version=None, interaction_id=None)
    assert await sessions.play.act_for_bot(turn, thought) is None
    turn = await sessions.play.bot_turn(table.id)
    assert turn is not None
    thought = choose(game, turn.snapshot, turn.seat, turn.seed, turn.level)
    await sessions.play.undo(table.id, HOST, expected_version=None, interaction_id=None)
    assert await sessions.play.act_for_bot(turn, thought) is None
    assert await sessions.reading.live_log(table.id) == []  # the pear taken back, and nothing of the bot's
    status = await play_bots(sessions, table.id)
    assert status.progress is not None and status.progress.decision.seats == [1 - turn.seat]


async def test_the_bot_plays_nothing_it_thought_out_before_a_persons_move(
    bots: Bots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pick, played by the bot's own loop: while the bot thinks about the apple, the host takes it. The
    bot then picks from what is left, rather than failing on (or playing) a choice made on the table
    as it was."""
    monkeypatch.setenv(HESITATE, str(tmp_path))  # read by the worker process, started at the first kick
    game_id = await bots.table("pick", "hesitant")
    bots.kick(game_id)
    async with asyncio.timeout(30):
        while not (tmp_path / "thinking").exists():  # the bot has read the table and thinks
            await asyncio.sleep(0.01)
    await bots.sessions.play.act(game_id, HOST, action("apple"), expected_version=None, interaction_id=None)
    (tmp_path / "go").touch()
    await bots.loop.idle()
    picked = [row.notation for row in await bots.sessions.reading.live_log(game_id)]
    assert picked == [action("apple"), action("pear")]
    assert (await bots.sessions.reading.status(game_id)).table.game.status is Status.FINISHED


async def test_a_kick_while_the_loop_reads_the_table_is_not_lost(
    bots: Bots, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Race: the bot's loop reads the table while the host still decides, the host moves and the bot is
    kicked before that read returns. The loop reads once more before it ends and plays its seat; it
    used to end on the stale read, and the bot's seat waited for the announcer's catch-up (two
    minutes: a test of a whole game timed out on a busy host)."""
    game_id = await bots.table("race", "first")
    reading = bots.sessions.play.bot_turn
    stale = asyncio.Event()
    go = asyncio.Event()

    async def slow_read(asked: int) -> BotTurn | None:
        turn = await reading(asked)
        if turn is None and not go.is_set():
            stale.set()
            await go.wait()
        return turn

    monkeypatch.setattr(bots.sessions.play, "bot_turn", slow_read)
    status = await bots.sessions.reading.status(game_id)
    assert status.progress is not None and status.progress.decision.seats == [0], "the host decides first"
    bots.kick(game_id)
    await asyncio.wait_for(stale.wait(), 30)  # the loop has read "the host decides"
    game = plugins.game("race")
    state = await bots.sessions.reading.load(game_id)
    step = game.format_action(game.legal_actions(state, 0)[0])
    await bots.sessions.play.act(game_id, HOST, step, expected_version=None, interaction_id=None)
    bots.kick(game_id)  # as the announcer does after the host's move
    go.set()
    await asyncio.wait_for(bots.loop.idle(), 60)
    seats = [row.seat for row in await bots.sessions.reading.live_log(game_id)]
    assert seats == [0, 1], "the bot's seat moved after the host's"
