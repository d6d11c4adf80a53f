"""The game protocol's contract (``engine/core/game.py``), checked on every game by seeded self-play.

Every game module in ``GAME_MODULES`` is checked, each at the tables in ``TABLES`` (player counts and
options). A game is offered by the bot only once it passes here: add a new game to both lists by hand;
nothing is discovered or skipped silently.

Per table and seed, computer players (``engine.core.RandomPlayer``) play a whole game, the seat that
acts drawn at random among the deciding seats, and at every step:

- the decision: unfinished means somebody decides; each deciding seat has at least one legal action and,
  unless the game groups them (``group_action``), at most ``MAX_CHOICES``; grouped, every level of the
  panel (groups and ungrouped actions, Done aside) holds at most ``MAX_GROUP_ENTRIES`` entries, a path
  at most ``MAX_GROUP_DEPTH`` labels of 1 to ``MAX_LABEL`` characters; ``Decision.done``, when set, is
  the notation of a legal action of a deciding seat;
- every legal action of the acting seat: its notation fits ``MAX_NOTATION`` and parses back to an equal
  action; its label (``describe_action``) is non-empty and fits ``MAX_LABEL``;
- ``apply`` never mutates its input (the dump before and after are equal); ``Step.barrier`` is set
  whenever the acting seat is no longer deciding afterwards (the game owns the barrier);
- headline events have a text; checkpoints carry a key unique within the game and a title;
- ``glance`` answers for every seat and for None; ``load_state(dump_state(s))`` round-trips (sampled);

and at the end: the game ended within ``max_actions``; ``replay`` of the played notations gives exactly
the final dump; the score sheet is final with winners that are positions in its lines.
Statically, per game: its guide's options have at most 25 choices and descriptions of at most 100
characters, and every AI level gives a player that picks a legal action.

Budget (the whole file ≲ 60 s on the 2-core machine; about 3 s when written): a random Carnegie game is
60–300 actions with up to ~60 choices each, so two games per player count; the small games a few seeds.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import (
    CHECKPOINT,
    MAX_CHOICES,
    MAX_GROUP_DEPTH,
    MAX_GROUP_ENTRIES,
    MAX_LABEL,
    MAX_NOTATION,
    Game,
    Glance,
    RandomPlayer,
    Rng,
    ScoreSheet,
    action_path,
    replay,
)

# (module, attribute): every game the bot may offer, and the test games that run through the bot.
GAME_MODULES: tuple[tuple[str, str], ...] = (
    ("engine.carnegie", "GAME"),
    ("tests.race_game", "GAME"),
    ("tests.bot.countdown_game", "GAME"),
    ("tests.bot.countdown_game", "WIDE_COUNTDOWN"),
    ("engine.nipron", "GAME"),
)

MAX_OPTION_CHOICES = 25  # a Discord slash-command option offers at most 25 choices
MAX_OPTION_DESCRIPTION = 100  # and describes an option in at most 100 characters
DUMP_EVERY = 10  # load_state(dump_state(s)) is checked every this many steps (and at the end)


@dataclass(frozen=True)
class Table:
    module: str
    players: int
    seeds: tuple[int, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    attr: str = "GAME"
    max_actions: int = 5_000  # a random game longer than this does not end: a bug

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.module.rsplit('.', 1)[-1]}.{self.attr}-{self.players}p" + (f"-{opts}" if opts else "")


TABLES: tuple[Table, ...] = (
    # tab sides chosen (the default): the simultaneous setup decision is played too
    # A Construction turn may list more than 100 "use CON <type> <city>" actions (seen in random play):
    # they are grouped by project type and region (engine/carnegie/groups.py), so no cap applies.
    Table("engine.carnegie", 2, seeds=(1, 4)),
    Table("engine.carnegie", 4, seeds=(2, 5), options={"tab_sides": "random", "beginner": "yes"}),
    # solo against Andrew
    Table("engine.carnegie", 1, seeds=(3, 6), options={"difficulty": "expert"}),
    Table("engine.nipron", 2, seeds=(1, 2)),
    Table("engine.nipron", 3, seeds=(3,)),
    Table("engine.nipron", 4, seeds=(4, 5)),
    Table("tests.race_game", 2, seeds=(1, 2, 3, 4, 5), max_actions=100),
    Table("tests.bot.countdown_game", 2, seeds=(1, 2, 3), max_actions=100),
    Table("tests.bot.countdown_game", 4, seeds=(4, 5, 6), max_actions=100),
    Table("tests.bot.countdown_game", 3, seeds=(7,), attr="WIDE_COUNTDOWN", max_actions=200),
)


def load(module: str, attr: str = "GAME") -> Game[Any, Any]:
    game: Game[Any, Any] = getattr(importlib.import_module(module), attr)
    return game


def test_every_game_module_is_played_at_some_table() -> None:
    played = {(t.module, t.attr) for t in TABLES}
    assert played == set(GAME_MODULES), "add a Table for every game module (and a module for every Table)"


# --- per game, without a state ---------------------------------------------------------------------------


@pytest.mark.parametrize(("module", "attr"), GAME_MODULES, ids=[f"{m}.{a}" for m, a in GAME_MODULES])
def test_guide_fits_the_slash_command_limits(module: str, attr: str) -> None:
    game = load(module, attr)
    assert game.name and game.title and 1 <= game.min_players <= game.max_players
    guide = game.guide
    assert guide.blurb
    keys = [o.key for o in guide.options]
    assert len(keys) == len(set(keys)), "option keys repeat"
    for option in guide.options:
        assert 0 < len(option.description) <= MAX_OPTION_DESCRIPTION, option.key
        assert len(option.choices) <= MAX_OPTION_CHOICES, option.key
        assert all(c.value and c.label for c in option.choices), option.key
    for key, topic in guide.topics.items():
        assert key and topic.title and topic.body, key


@pytest.mark.parametrize(("module", "attr"), GAME_MODULES, ids=[f"{m}.{a}" for m, a in GAME_MODULES])
def test_every_ai_level_picks_a_legal_action(module: str, attr: str) -> None:
    game = load(module, attr)
    assert game.ai_levels, "at least one AI level (the first is the default)"
    table = next(t for t in TABLES if (t.module, t.attr) == (module, attr))
    state = game.new_game(table.players, table.seeds[0], table.options)
    seat = game.pending(state).seats[0]
    legal = game.legal_actions(state, seat)
    for level in (None, *game.ai_levels):
        assert game.ai(7, level).choose(game, state, seat, legal) in legal, level


# --- per table, by seeded self-play ----------------------------------------------------------------------


def check_glance(game: Game[Any, Any], state: Any, players: int) -> None:
    for seat in (None, *range(players)):
        assert isinstance(game.glance(state, seat), Glance), seat


def check_choices(game: Game[Any, Any], state: Any, seat: int, legal: list[Any]) -> None:
    """Every legal action of ``seat``: notation round-trip and length, label length."""
    for action in legal:
        text = game.format_action(action)
        assert 0 < len(text) <= MAX_NOTATION, text
        assert game.parse_action(text) == action, text
        label = game.describe_action(state, seat, action)
        assert 0 < len(label) <= MAX_LABEL, (text, label)


def check_groups(game: Game[Any, Any], state: Any, seat: int, legal: list[Any], done: str | None) -> None:
    """The panel's levels for ``seat`` (Done aside, it has its own button) fit its buttons."""
    paths = [action_path(game, state, seat, a) for a in legal if game.format_action(a) != done]
    for path in paths:
        assert len(path) <= MAX_GROUP_DEPTH, path
        assert all(0 < len(label) <= MAX_LABEL for label in path), path
    if not any(paths):
        assert len(legal) <= MAX_CHOICES, (seat, len(legal))
        return
    levels: dict[tuple[str, ...], set[Any]] = {}
    for n, path in enumerate(paths):
        for depth in range(len(path) + 1):
            levels.setdefault(path[:depth], set()).add(path[depth] if depth < len(path) else n)
    widest = max(len(entries) for entries in levels.values())
    assert widest <= MAX_GROUP_ENTRIES, {k: len(v) for k, v in levels.items()}


def check_sheet(sheet: ScoreSheet, final: bool) -> None:
    assert sheet.final is final
    assert all(0 <= w < len(sheet.lines) for w in sheet.winners), "winners are positions in lines"
    assert len(set(sheet.winners)) == len(sheet.winners)


CASES = [(t, seed) for t in TABLES for seed in t.seeds]


@pytest.mark.parametrize(("table", "seed"), CASES, ids=[f"{t.id}-seed{s}" for t, s in CASES])
def test_seeded_self_play_keeps_the_contract(table: Table, seed: int) -> None:
    game = load(table.module, table.attr)
    options = dict(table.options)
    state = game.new_game(table.players, seed, options)
    players = [RandomPlayer(seed * 100 + seat) for seat in range(table.players)]
    seat_rng = Rng(seed=seed)
    moves: list[tuple[int, str]] = []
    checkpoints: list[str] = []
    check_glance(game, state, table.players)
    for step_no in range(table.max_actions):
        decision = game.pending(state)
        if decision.finished:
            break
        assert decision.seats, "an unfinished game asks somebody to decide"
        assert all(0 <= s < table.players for s in decision.seats)
        legal_by_seat = {s: game.legal_actions(state, s) for s in decision.seats}
        for s, legal in legal_by_seat.items():
            assert legal, (s, decision.kind)
            check_groups(game, state, s, legal, decision.done)
        if decision.done is not None:
            notations = {game.format_action(a) for legal in legal_by_seat.values() for a in legal}
            assert decision.done in notations, (decision.done, decision.kind)
        seat = decision.seats[seat_rng.below(len(decision.seats))]
        legal = legal_by_seat[seat]
        check_choices(game, state, seat, legal)
        action = players[seat].choose(game, state, seat, legal)
        before = game.dump_state(state)
        step = game.apply(state, seat, action)
        assert game.dump_state(state) == before, f"apply mutated its input ({game.format_action(action)})"
        if seat not in game.pending(step.state).seats:
            assert step.barrier, "the decision left the acting seat, so undo must stop here"
        for event in step.events:
            if event.headline:
                assert event.text, event.kind
            if event.kind == CHECKPOINT:
                assert event.data.get("key") and event.data.get("title"), event.data
                checkpoints.append(event.data["key"])
        moves.append((seat, game.format_action(action)))
        state = step.state
        check_glance(game, state, table.players)
        if step_no % DUMP_EVERY == 0:
            text = game.dump_state(state)
            assert game.dump_state(game.load_state(text)) == text
    else:
        pytest.fail(f"no end within {table.max_actions} actions")
    assert len(checkpoints) == len(set(checkpoints)), "checkpoint keys repeat within a game"
    final = game.dump_state(state)
    assert game.dump_state(game.load_state(final)) == final
    assert game.dump_state(replay(game, table.players, seed, options, moves)) == final
    assert game.legal_actions(state, 0) == []
    check_sheet(game.score(state), final=True)
