"""Bad input (issue 8, part 3), property-based: random custom_ids (structured like ours and not),
random select values, random and oversized typed moves, buttons sent as selects, through the real
discord.py client and the fake Discord. The bot answers with a clear private refusal or ignores the
interaction; it never crashes, never apologises for an internal error, and never changes the game
on a refused input. And the engine, under random action sequences, raises nothing but its own
``EngineError``s and never changes the state it was given.

Hypothesis runs derandomized (fixed examples, no example database): CI sees the same inputs.
The bot and the fake live in one event loop on a background thread for the whole module, since
hypothesis calls the test body synchronously once per example.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import plugins
from bot.on_discord.errors import APOLOGY
from bot.on_discord.views import ids
from bot.service import typed
from engine.core import EngineError
from tests.fakediscord import FakeDiscord, InteractionOutcome
from tests.fakediscord.harness import ClientHandle, start_client
from tests.race_game import RACE
from tests.reliability.helpers import GAME_MODULES, answer, seat_race

T = TypeVar("T")
PROPERTY = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TEMPLATES = [
    re.compile(t)
    for t in (
        ids.LOBBY_TEMPLATE,
        ids.ACTION_TEMPLATE,
        ids.MENU_TEMPLATE,
        ids.UNDO_TEMPLATE,
        ids.TURN_TEMPLATE,
    )
]
TRIED: dict[str, int] = {}


class ErrorCounter(logging.Handler):
    """Counts ERROR records: an unexpected exception anywhere in the bot or discord.py is one."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class LiveBot:
    """The fake Discord and ``BoardroomBot`` running in an event loop on a background thread."""

    def __init__(self, workdir: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.workdir = workdir
        self.errors = ErrorCounter()
        logging.getLogger().addHandler(self.errors)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def start(self) -> None:
        from bot.config import Settings
        from bot.on_discord.client import BoardroomBot

        self.fake = await FakeDiscord().start()
        values: dict[str, Any] = {
            "discord_token": self.fake.token,
            "database_path": self.workdir / "fuzz.sqlite3",
            "dev_guild_id": self.fake.guild.id,
            "discord_loopback": self.fake.loopback,
            "game_modules": GAME_MODULES,
        }
        bot = BoardroomBot(Settings(_env_file=None, **values), guild_ready_timeout=0.05)
        self.handle: ClientHandle = await start_client(bot, self.fake)
        self.sessions = bot.sessions
        self.race = await seat_race(self.fake, self.sessions, "games")
        general = self.fake.channel("general")
        table = await self.sessions.lobby.create_game(
            guild_id=self.fake.guild.id,
            channel_id=general.id,
            game_name="carnegie",
            host_id=self.fake.users["alice"].id,
            seats=2,
        )
        await self.sessions.lobby.join(table.id, self.fake.users["bob"].id)
        self.carnegie = (await self.sessions.lobby.start(table.id, self.fake.users["alice"].id)).table

    async def stop(self) -> None:
        await self.handle.stop()
        await self.fake.stop()

    async def fingerprint(self, game_id: int) -> tuple[int, str | None, int]:
        status = await self.sessions.reading.status(game_id)
        return (
            status.table.version,
            status.table.game.snapshot,
            len(await self.sessions.reading.live_log(game_id)),
        )

    async def fresh_race_if_over(self) -> None:
        status = await self.sessions.reading.status(self.race.id)
        if status.table.game.status.value != "active":
            self.race = await seat_race(self.fake, self.sessions, "games")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.run(self.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        logging.getLogger().removeHandler(self.errors)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveBot]:
    bot = LiveBot(tmp_path_factory.mktemp("fuzz"))
    bot.run(bot.start())
    yield bot
    bot.close()
    assert not bot.fake.unknown_routes, bot.fake.unknown_routes
    print(f"\nbad inputs tried through the fake Discord: {TRIED}")


async def check_refused_or_applied(
    live: LiveBot, game_id: int, outcome: InteractionOutcome, before: Any
) -> None:
    """Either the input was legal and applied (the log's last entry is this interaction), or the
    user got a clear private refusal and the game is exactly as before."""
    after = await live.fingerprint(game_id)
    if after != before:
        log = await live.sessions.reading.live_log(game_id)
        assert log[-1].interaction_id == outcome.id, "the game changed on an input it did not apply"
        assert after[2] == before[2] + 1
        return
    seen = await answer(outcome)
    if seen is outcome.record.source_message:
        # A redrawn panel without a change: only a duplicate may do that; we never send one here.
        raise AssertionError(f"a refused input redrew the message: {seen.content!r}")
    assert seen.ephemeral and seen.content and seen.content != APOLOGY, seen


def custom_ids(live: LiveBot) -> st.SearchStrategy[str]:
    game = st.one_of(
        st.just(str(live.race.id)),
        st.just(str(live.carnegie.id)),
        st.integers(0, 10**30).map(str),
    )
    number = st.one_of(st.integers(0, 5).map(str), st.integers(0, 10**25).map(str))
    ref = st.one_of(
        st.sampled_from(["step 1", "step 2", "roll", "step 3", "step -1", "done", "", "0", "99999"]),
        st.text(min_size=1, max_size=60),
    )
    structured = st.tuples(st.sampled_from(list("aimutjlsx")), game, number, number, ref).map(
        lambda p: ":".join(("br", *p))[:100]
    )
    return st.one_of(
        structured, st.text(min_size=1, max_size=100), st.from_regex(r"br:[a-z]:\d+:\d+", fullmatch=True)
    )


def test_random_custom_ids_are_refused_or_ignored(live: LiveBot) -> None:
    errors_before = len(live.errors.records)

    @PROPERTY
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        custom_id = data.draw(custom_ids(live), label="custom_id")
        user = data.draw(st.sampled_from(["alice", "bob", "carol"]), label="user")
        as_select = data.draw(st.booleans(), label="sent as a select")
        live.run(live.fresh_race_if_over())
        TRIED["custom_ids"] = TRIED.get("custom_ids", 0) + 1

        async def go() -> None:
            ours = any(t.fullmatch(custom_id) for t in TEMPLATES)
            game_id = live.race.id
            before = await live.fingerprint(game_id)
            carnegie_before = await live.fingerprint(live.carnegie.id)
            values = [custom_id[-100:]] if as_select else None
            outcome = await live.fake.press(
                user, "games", custom_id, values=values, expect_ack=False, timeout=1.5 if ours else 0.02
            )
            if outcome.type is None:
                # Ignored (not one of ours, or a component type our item does not handle).
                assert await live.fingerprint(game_id) == before
            else:
                await check_refused_or_applied(live, game_id, outcome, before)
            assert await live.fingerprint(live.carnegie.id) == carnegie_before  # other channel's game

        live.run(go())

    run()
    assert live.errors.records[errors_before:] == [], [r.getMessage() for r in live.errors.records]


def test_random_select_values_and_stale_versions(live: LiveBot) -> None:
    errors_before = len(live.errors.records)

    @PROPERTY
    @given(
        value=st.one_of(
            st.text(min_size=1, max_size=100),
            st.sampled_from(["step 1", "step 2", "roll", "step 0", "step 3", "roll roll", " step 1"]),
        ),
        version_shift=st.sampled_from([0, 0, -1, 1, 10**6]),
        user=st.sampled_from(["alice", "bob", "carol"]),
    )
    def run(value: str, version_shift: int, user: str) -> None:
        live.run(live.fresh_race_if_over())
        TRIED["select values"] = TRIED.get("select values", 0) + 1

        async def go() -> None:
            status = await live.sessions.reading.status(live.race.id)
            seat = RACE.load_state(status.table.game.snapshot or "").turn
            version = max(0, status.table.version + version_shift)
            custom_id = f"br:m:{live.race.id}:{version}:{seat}:0"
            before = await live.fingerprint(live.race.id)
            outcome = await live.fake.press(user, "games", custom_id, values=[value])
            await check_refused_or_applied(live, live.race.id, outcome, before)

        live.run(go())

    run()
    assert live.errors.records[errors_before:] == [], [r.getMessage() for r in live.errors.records]


def test_random_and_oversized_typed_moves(live: LiveBot) -> None:
    """``/game play action:`` with anything up to Discord's 6000 characters."""
    errors_before = len(live.errors.records)

    @settings(PROPERTY, max_examples=80)
    @given(
        text=st.one_of(
            st.text(max_size=120).filter(lambda t: t.strip() != ""),
            st.text(alphabet="ab :-0123456789", min_size=5000, max_size=6000),
            st.sampled_from(["done", "DONE", "done done", "x" * 90]),
        ),
        pending_user=st.booleans(),
    )
    def run(text: str, pending_user: bool) -> None:
        TRIED["typed moves"] = TRIED.get("typed moves", 0) + 1

        async def go() -> None:
            game_id = live.carnegie.id
            status = await live.sessions.reading.status(game_id)
            assert status.progress is not None and not status.progress.decision.finished
            seat = status.progress.decision.seats[0]
            user = ("alice", "bob")[seat] if pending_user else "carol"
            before = await live.fingerprint(game_id)
            outcome = await live.fake.slash(user, "general", "game play", action=text)
            after = await live.fingerprint(game_id)
            if after != before:
                log = await live.sessions.reading.live_log(game_id)
                assert log[-1].interaction_id == outcome.id
                # A notation, or words that pick out exactly one choice (" Ø3}" can mean "3", one label's
                # only number): applied as that choice, nothing else.
                assert typed.resolve(text, status.progress.choices[seat]) == log[-1].notation
                return
            await outcome.wait_for(
                lambda o: bool(o.replies) or (o.message is not None and not o.message.loading)
            )
            shown = outcome.replies[-1] if outcome.replies else outcome.message
            assert shown is not None and shown.ephemeral and shown.content != APOLOGY, shown
            assert shown.content

        live.run(go())

    run()
    assert live.errors.records[errors_before:] == [], [r.getMessage() for r in live.errors.records]


@pytest.mark.parametrize("name", ["carnegie", "race"])
def test_the_engine_under_random_action_sequences_raises_only_its_own_errors(name: str) -> None:
    game = plugins.game(name)
    players = st.integers(game.min_players, game.max_players)

    @settings(max_examples=60 if name == "carnegie" else 150, deadline=None, derandomize=True, database=None)
    @given(players=players, seed=st.integers(0, 2**62), data=st.data())
    def run(players: int, seed: int, data: st.DataObject) -> None:
        state = game.new_game(players, seed, {})
        for _ in range(60):
            decision = game.pending(state)
            if decision.finished:
                return
            seat = data.draw(st.one_of(st.sampled_from(decision.seats), st.integers(-2, players + 1)))
            legal = game.legal_actions(state, seat) if 0 <= seat < players else []
            kind = data.draw(st.sampled_from(["legal", "text", "other seat's", "mutated"]))
            before = game.dump_state(state)
            TRIED[f"engine {name} actions"] = TRIED.get(f"engine {name} actions", 0) + 1
            try:
                if kind == "legal" and legal:
                    action = legal[data.draw(st.integers(0, len(legal) - 1))]
                elif kind == "other seat's":
                    other = [s for s in range(players) if s != seat]
                    pool = [a for s in other for a in game.legal_actions(state, s)]
                    action = data.draw(st.sampled_from(pool)) if pool else game.parse_action("done")
                elif kind == "mutated" and legal:
                    text = game.format_action(data.draw(st.sampled_from(legal)))
                    cut = data.draw(st.integers(0, len(text)))
                    action = game.parse_action(text[:cut] + data.draw(st.text(max_size=4)) + text[cut + 1 :])
                else:
                    action = game.parse_action(data.draw(st.text(max_size=40)))
                step = game.apply(state, seat, action)
            except EngineError:
                assert game.dump_state(state) == before, "a refused action changed the state"
                continue
            assert game.dump_state(state) == before, "apply mutated its input"
            state = step.state

    run()
