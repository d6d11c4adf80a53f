"""Pickers shaped like the decision (issue 18), through the real discord.py client against the loopback
fake: on the seeded 4-player Carnegie game (the transcript's), an HR turn of 6 moves (R6.1.2) and a build
in each region (R6.3.1) by clicks on the grouped panel, within the click targets (an employee's journey
in at most 2 clicks: the department or Lobby it leaves, then where it goes, and 1 for the next from the
same place; a build in at most 3: project type, region, city); a group step drawn at an older version
answers "out of date" and changes nothing; Back leads one level up.

The game is brought to each decision through the sessions service (the easy AI's moves, as the
transcript's players make them), then played by clicks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service import picker
from bot.service.sessions import Sessions
from bot.service.tables import Choice, GameStatus
from engine.carnegie import GAME, data
from engine.carnegie.state import CarnegieState, active_in
from tests.e2e.carnegie_play import TAKE_MY_TURN, open_carnegie, seeded, sessions_of, turn_line
from tests.e2e.test_lobby import DEFERRED_MESSAGE, DEFERRED_UPDATE, acked, private_reply
from tests.fakediscord import PATIENCE, FakeDiscord, Message

SEED = 20261122  # the 4-player transcript's game (tests/transcript/play.py)
PLAYERS = ["alice", "bob", "carol", "dave"]
REGION_GROUPS = {f"In the {r}" for r in data.REGIONS}


def listed(status: GameStatus, seat: int) -> list[tuple[int, Choice]]:
    assert status.progress is not None
    done = status.progress.decision.done
    return [(i, c) for i, c in enumerate(status.progress.choices[seat]) if c.notation != done]


async def seeded_game(fake: FakeDiscord, start_bot: Any, tmp_path: Path) -> tuple[Sessions, int]:
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), SEED)
    await open_carnegie(fake, PLAYERS)
    sessions = sessions_of(handle)
    return sessions, (await sessions.reading.status_in_channel(fake.games.id)).table.id


def player_at(fake: FakeDiscord, status: GameStatus, seat: int) -> str:
    return next(n for n in PLAYERS if fake.users[n].id == status.table.user_at(seat))


async def moves_left(sessions: Sessions, game_id: int) -> int:
    state = await sessions.reading.load(game_id)
    assert isinstance(state, CarnegieState)
    return state.moves


async def forward_to(sessions: Sessions, game_id: int, wanted: Any) -> tuple[GameStatus, int]:
    """The easy AI plays every seat until ``wanted(status, seat, state)`` holds for the deciding seat."""
    ais: dict[int, Any] = {}
    for _ in range(3000):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None and not status.progress.decision.finished
        seat = status.progress.decision.seats[0]
        state = await sessions.reading.load(game_id)
        assert isinstance(state, CarnegieState)
        if wanted(status, seat, state):
            return status, seat
        ai = ais.setdefault(seat, GAME.ai(SEED + seat, "easy"))
        action = ai.choose(GAME, state, seat, GAME.legal_actions(state, seat))
        user = status.table.user_at(seat)
        assert user is not None
        await sessions.play.act(
            game_id,
            user,
            GAME.format_action(action),
            expected_version=status.table.version,
            interaction_id=None,
            seat=seat,
        )
    raise AssertionError("the decision never came")


async def open_panel(fake: FakeDiscord, user: str) -> Message:
    line = turn_line(fake)
    assert line is not None
    opened = acked(await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE)
    panel = await opened.wait_response()
    assert panel.ephemeral
    return panel


async def press(fake: FakeDiscord, user: str, panel: Message, button: dict[str, Any]) -> Message:
    """Click a button of the panel and wait for it to be redrawn (no refusal)."""
    edits = panel.edits
    outcome = acked(await fake.click(user, panel, button["custom_id"]), DEFERRED_UPDATE)
    await fake.wait_until(
        lambda: fake.message(panel.id).edits > edits or outcome.replies, PATIENCE, "the panel to be redrawn"
    )
    assert not outcome.replies, [m.content for m in outcome.replies]
    return fake.message(panel.id)


def groups(panel: Message) -> list[dict[str, Any]]:
    return [b for b in panel.buttons() if b["custom_id"].startswith("br:g:") and b["label"] != "Back"]


def leaves(panel: Message) -> list[dict[str, Any]]:
    return [
        b for b in panel.buttons() if b["custom_id"].startswith(("br:a:", "br:i:")) and b["style"] != 3
    ]  # style 3 (green) is Done


def labelled(panel: Message, label: str) -> dict[str, Any] | None:
    return next((b for b in panel.buttons() if b["label"] in (label, f"{label} …")), None)


def hr_turn(status: GameStatus, seat: int, state: CarnegieState) -> bool:
    shown = listed(status, seat)
    moves = any(c.notation.startswith("move") for _, c in shown)
    return state.moves >= 6 and moves and picker.is_grouped(shown)


def built_everywhere(shown: list[tuple[int, Choice]]) -> list[str]:
    """The project-type groups that hold a city in every region."""
    kinds = dict.fromkeys(c.path[0] for _, c in shown if len(c.path) > 1)
    return [k for k in kinds if {c.path[1] for _, c in shown if c.path[:1] == (k,)} == REGION_GROUPS]


def builds_everywhere(status: GameStatus, seat: int, state: CarnegieState) -> bool:
    """A Construction turn with a city in every region, and builders and goods for two builds: the
    first build leaves the turn open, so that Undo can take it back (a turn with nothing left to do
    ends with its last step)."""
    shown = listed(status, seat)
    company = state.companies[seat]
    builders = active_in(company, company.cells.index(data.D_CON))
    return picker.is_grouped(shown) and bool(built_everywhere(shown)) and builders >= 2 and company.goods >= 2


async def test_an_hr_turn_of_six_moves_in_three_journeys_r6_1_2(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions, game_id = await seeded_game(fake, start_bot, tmp_path)
    status, seat = await forward_to(sessions, game_id, hr_turn)
    user = player_at(fake, status, seat)
    panel = await open_panel(fake, user)
    clicks = 1  # Take my turn
    first = [b["label"] for b in groups(panel)]
    assert first and all(label.startswith("From ") for label in first), first
    # Named by department or the Lobby (shown on the company picture), never by a grid cell.
    assert not any("," in label.split("From ", 1)[1].replace(", ", "") for label in first), first
    # Back: a level, then the first level again, nothing applied.
    version = (await sessions.reading.status(game_id)).table.version
    panel = await press(fake, user, panel, groups(panel)[0])
    assert "Choosing: From " in panel.content
    panel = await press(fake, user, panel, labelled(panel, "Back") or {})
    assert [b["label"] for b in groups(panel)] == first
    assert (await sessions.reading.status(game_id)).table.version == version
    # Six moves as three journeys of two (R6.1.2: one employee moved twice is one choice), each from the
    # Lobby: its group once, then where each employee goes; the panel stays in the Lobby's group.
    lobby = labelled(panel, "From the Lobby")
    assert lobby is not None
    panel = await press(fake, user, panel, lobby)
    clicks += 1
    for _ in range(3):
        moves = await moves_left(sessions, game_id)
        assert "Choosing: From the Lobby" in panel.content
        journey = next(b for b in leaves(panel) if b["label"].endswith("(2 moves)"))
        panel = await press(fake, user, panel, journey)
        clicks += 1
        assert panel.content.startswith(f"✓ {journey['label']}")
        progress = (await sessions.reading.status(game_id)).progress
        assert progress is not None
        if seat in progress.decision.seats:
            assert await moves_left(sessions, game_id) == moves - 2
        else:  # the pool ran out with nothing else to do: the turn ended with the journey (no Done)
            last = (await sessions.reading.live_log(game_id))[-1]
            assert moves == 2 and (last.seat, last.notation) == (seat, "done")
    assert clicks <= 6, clicks
    # The log tells every move: where each employee passed through and where it ended.
    told = [
        row
        for row in await sessions.reading.live_log(game_id)
        if row.version_after > version and row.seat == seat and row.notation.startswith("move ")
    ]
    assert len(told) == 3
    assert all(row.notation.count(">") == 2 for row in told), [row.notation for row in told]
    assert all(" through " in row.events and "(2 moves, " in row.events for row in told)
    print(f"HR turn of 6 moves: {clicks} clicks")


async def test_a_build_in_each_region_in_three_clicks_and_a_stale_step_r6_3_1(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    sessions, game_id = await seeded_game(fake, start_bot, tmp_path)
    status, seat = await forward_to(sessions, game_id, builds_everywhere)
    kind = built_everywhere(listed(status, seat))[0]
    user = player_at(fake, status, seat)
    stale = await open_panel(fake, user)
    stale_group = groups(stale)[0]  # a group button drawn at this version
    panel = await open_panel(fake, user)
    for region in data.REGIONS:
        clicks = 0
        path: tuple[str, ...] = (kind, f"In the {region}")
        while path:
            # A group shown open in the level above is labelled with both ("Build Housing › In the West").
            button = next(
                (b for k in (2, 1) if len(path) >= k and (b := labelled(panel, " › ".join(path[:k])))),
                None,
            )
            if button is None:  # a group of one is shown as its build
                break
            panel = await press(fake, user, panel, button)
            clicks += 1
            path = path[button["label"].count(" › ") + 1 :]
        builders = ("Build", "Engineering", "Outsourcing")
        city = next(b for b in leaves(panel) if b["label"].startswith(builders))
        name = city["label"].split(" in ", 1)[1].split(" (")[0]
        assert data.CITIES[[c.name for c in data.CITIES].index(name)].region == data.REGIONS.index(region)
        panel = await press(fake, user, panel, city)
        clicks += 1
        assert clicks <= 3, (region, clicks)
        # the move in full (the level's buttons are shortened alike): what was built, and where
        assert panel.content.startswith(f"✓ {city['label'].split(' (')[0]} ("), panel.content
        if region == data.REGIONS[0]:
            # The step drawn before the build is out of date: refused, nothing changes.
            before = await sessions.reading.status(game_id)
            log = len(await sessions.reading.live_log(game_id))
            edits = fake.message(stale.id).edits
            outcome = acked(await fake.click(user, stale, stale_group["custom_id"]), DEFERRED_UPDATE)
            reply = await private_reply(outcome)
            assert "out of date" in reply.content
            assert fake.message(stale.id).edits == edits
            after = await sessions.reading.status(game_id)
            assert after.table.version == before.table.version
            assert len(await sessions.reading.live_log(game_id)) == log
        panel = await press(fake, user, panel, labelled(panel, "Undo") or {})
        assert "Choosing:" not in panel.content  # back at the first level, the build undone


def nested(shown: list[tuple[int, Choice]]) -> tuple[picker.Entry, picker.Entry] | None:
    """A group on the first level and a group on its level (a project type, then a region), if any."""
    if not picker.is_grouped(shown):
        return None
    for outer in picker.level(shown, ()):
        if outer.step is None or len(outer.step) != 1:
            continue
        for inner in picker.level(shown, outer.step):
            if inner.step is not None and len(inner.step) == 2:
                return outer, inner
    return None


async def test_back_from_a_nested_level_goes_one_level_up(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Two levels down (a project type, then a region), Back shows the project type's level again,
    where the player came from, not the first level; nothing is applied."""
    fake = fake_discord
    sessions, game_id = await seeded_game(fake, start_bot, tmp_path)
    status, seat = await forward_to(sessions, game_id, lambda s, seat, _: nested(listed(s, seat)) is not None)
    found = nested(listed(status, seat))
    assert found is not None
    outer, inner = found
    user = player_at(fake, status, seat)
    panel = await open_panel(fake, user)
    panel = await press(fake, user, panel, labelled(panel, outer.label) or {})
    above = [b["label"] for b in groups(panel)]
    panel = await press(fake, user, panel, labelled(panel, inner.label) or {})
    assert f"Choosing: {outer.label} › {inner.label}" in panel.content
    panel = await press(fake, user, panel, labelled(panel, "Back") or {})
    where = [line for line in panel.content.splitlines() if line.startswith("Choosing:")]
    assert where == [f"Choosing: {outer.label}"], panel.content
    assert [b["label"] for b in groups(panel)] == above
    assert (await sessions.reading.status(game_id)).table.version == status.table.version


async def test_an_open_panel_shows_the_decision_when_it_comes_back(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    """Each player opens a panel once (the tab sides are chosen at the same time, setup 6B); the Housing
    and reservation steps (setup 10) then come to them one by one on that same panel, marked "Your
    turn.", with no **Take my turn** again."""
    fake = fake_discord
    sessions, game_id = await seeded_game(fake, start_bot, tmp_path)
    panels = {name: await open_panel(fake, name) for name in PLAYERS}
    redrawn: set[str] = set()
    for _ in range(200):
        status = await sessions.reading.status(game_id)
        assert status.progress is not None
        if status.progress.decision.kind not in ("sides", "house", "reserve"):
            break
        seat = status.progress.decision.seats[0]
        user = player_at(fake, status, seat)
        panel = fake.message(panels[user].id)
        if panel.content.startswith("Your turn."):
            redrawn.add(user)
        # Choices on the panel the player already has (drawn at an older version while the others chose
        # their sides at the same time: still good, only other seats acted meanwhile).
        assert leaves(panel), (user, panel.content)
        await press(fake, user, panel, leaves(panel)[0])
    else:
        raise AssertionError("setup did not end")
    assert len(redrawn) >= 3, redrawn
