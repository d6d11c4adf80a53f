"""Playing Carnegie end to end through the loopback fake Discord: scripted players open their panels
from the public turn line and click legal buttons (seeded: "Done" when a phase allows it, otherwise a
random legal choice); a finished game's messages, images and final score are checked against the
engine's own replay of the log. Shared by the Carnegie tests and the other games' end-to-end tests."""

from __future__ import annotations

import dataclasses
import json
import random
import struct
from dataclasses import dataclass, field
from typing import Any

from bot.service.limits import MAX_IMAGE_BYTES
from bot.service.sessions import Sessions
from bot.service.tables import GameStatus
from bot.storage import Status
from engine.carnegie import GAME
from engine.carnegie.state import CarnegieState
from tests.e2e.test_lobby import DEFERRED_MESSAGE, DEFERRED_UPDATE, acked
from tests.fakediscord import PATIENCE, FakeDiscord, Message

TAKE_MY_TURN = "Take my turn"
POST_MESSAGE = "POST /channels/{channel_id}/messages"
FOLLOWUP = "POST /webhooks/{app_id}/{token}"
# Routes Discord does not count against the bot's global limit: interaction callbacks and webhooks.
EXEMPT = ("/interactions/", "/webhooks/")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass
class Played:
    clicks: int = 0
    decisions: int = 0
    undos: int = 0
    panels: int = 0
    seen_kinds: set[str] = field(default_factory=set)


def sessions_of(handle: Any) -> Sessions:
    sessions = handle.bot.sessions
    assert isinstance(sessions, Sessions)
    return sessions


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC, "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def check_image(message: Message) -> None:
    (attachment,) = message.attachments
    assert attachment.filename.endswith(".png")
    assert 0 < attachment.size <= MAX_IMAGE_BYTES, attachment.size
    width, height = png_size(attachment.data)
    assert width > 200 and height > 200


def check_final_images(final: Message) -> None:
    """The final post shows the game's picture and the chart of points by checkpoint and category."""
    board, chart = final.attachments
    assert chart.filename == "final-chart.png" and png_size(chart.data)[0] == 800
    check_image(dataclasses.replace(final, attachments=[board]))


def seeded(handle: Any, seed: int) -> Any:
    """Fix the game's seed, so that each test plays the same game every run."""
    sessions_of(handle).store.new_seed = lambda: seed
    return handle


async def open_carnegie(fake: FakeDiscord, players: list[str], **options: Any) -> Message:
    host = players[0]
    outcome = acked(
        await fake.slash(
            host, "games", "game new", game="carnegie", thread=False, players=len(players), **options
        ),
        DEFERRED_MESSAGE,
    )
    lobby = await outcome.wait_response()
    for name in players[1:]:
        acked(await fake.click_button(name, lobby, "Join"), DEFERRED_UPDATE)
        mention = f"<@{fake.users[name].id}>"
        await fake.wait_until(lambda: mention in fake.message(lobby.id).content, PATIENCE, f"{name} seated")  # noqa: B023
    if len(players) > 1:  # a table for one starts at once, its lobby without buttons
        started = acked(await fake.click_button(host, fake.message(lobby.id), "Start"), DEFERRED_UPDATE)
        await started.wait_for(lambda o: bool(o.message and o.message.edits >= 1))
    await fake.wait_until(lambda: turn_line(fake) is not None, PATIENCE, "the first turn line")
    return lobby


def turn_line(fake: FakeDiscord) -> Message | None:
    for message in reversed(fake.channel_messages("games")):
        if any(b.get("label") == TAKE_MY_TURN for b in message.buttons()):
            return message
    return None


def line_agrees(status: GameStatus, line: Message | None) -> bool:
    """Whether the channel's newest turn line is the one the game records, asking everyone who decides
    (while the bot's seats decide, in the background, no person is asked yet)."""
    people = set(status.progress.decision.seats) - status.table.ai_seats if status.progress else set()
    asked = set(json.loads(status.table.game.prompt_seats or "[]"))
    return (
        bool(people)
        and people <= asked
        and line is not None
        and line.id == status.table.game.prompt_message_id
    )


def pick(panel: Message, rng: random.Random, *, prefer_done: float) -> tuple[str, str | None]:
    """A legal choice on the panel: (custom_id, select value or None)."""
    buttons = [b for b in panel.buttons() if b["custom_id"].startswith(("br:a:", "br:i:", "br:g:"))]
    done = [b for b in buttons if b["custom_id"].endswith(":done")]
    if done and rng.random() < prefer_done:
        return done[0]["custom_id"], None
    options: list[tuple[str, str | None]] = [(b["custom_id"], None) for b in buttons]
    for menu in panel.selects():
        options += [(menu["custom_id"], o["value"]) for o in menu["options"]]
    return options[rng.randrange(len(options))]


async def take_turn(
    fake: FakeDiscord,
    sessions: Sessions,
    game_id: int,
    users: dict[int, str],
    rng: random.Random,
    played: Played,
) -> bool:
    """One player's decision through Discord: open the panel from the turn line, click until the
    panel says the part is done. Returns False once the game is over."""
    # The bot posts the turn line first and records its id after: read both until they agree.
    status = await sessions.reading.status(game_id)
    line = turn_line(fake)

    async def agreed_or_over() -> bool:
        nonlocal status, line
        status, line = await sessions.reading.status(game_id), turn_line(fake)
        return status.table.game.status is not Status.ACTIVE or line_agrees(status, line)

    # The bot's seats may think first: on a busy host a strong decision takes several seconds each.
    await fake.wait_until_async(agreed_or_over, 4 * PATIENCE, "the turn line and its recorded id to agree")
    if status.table.game.status is not Status.ACTIVE:
        return False
    assert line is not None and line.id == status.table.game.prompt_message_id
    assert status.progress is not None
    seat = next(s for s in status.progress.decision.seats if s not in status.table.ai_seats)
    user = users[status.table.user_at(seat) or 0]
    assert f"<@{fake.users[user].id}>" in line.content, (user, line.content)
    opened = acked(await fake.click_button(user, line, TAKE_MY_TURN), DEFERRED_MESSAGE)
    panel = await opened.wait_response()
    assert panel.ephemeral
    played.panels += 1
    played.decisions += 1
    while panel.iter_components():
        if panel.button_labels().count("Undo") and rng.random() < 0.05:
            custom_id, value = next(b["custom_id"] for b in panel.buttons() if b["label"] == "Undo"), None
            played.undos += 1
        else:
            custom_id, value = pick(panel, rng, prefer_done=0.75)
        panel_id, edits = panel.id, panel.edits
        if value is None:
            outcome = acked(await fake.click(user, panel, custom_id), DEFERRED_UPDATE)
        else:
            outcome = acked(await fake.select(user, panel, custom_id, [value]), DEFERRED_UPDATE)
        played.clicks += 1
        await fake.wait_until(
            lambda: fake.message(panel_id).edits > edits,  # noqa: B023 (awaited at once)
            10,
            "the panel to be redrawn",
        )
        panel = fake.message(panel_id)
        assert not outcome.replies, [m.content for m in outcome.replies]  # no refusal
    return True


async def play_to_the_end(
    fake: FakeDiscord, handle: Any, players: list[str], seed: int, *, stop_after: int | None = None
) -> Played:
    sessions = sessions_of(handle)
    status = await sessions.reading.status_in_channel(fake.games.id, include_ended=True)
    users = {fake.users[name].id: name for name in players}
    rng = random.Random(seed)
    played = Played()
    for _ in range(2000):
        if stop_after is not None and played.decisions >= stop_after:
            return played
        if not await take_turn(fake, sessions, status.table.id, users, rng, played):
            return played
    raise AssertionError("the game did not end")


async def check_finished_game(fake: FakeDiscord, handle: Any, players: list[str], played: Played) -> None:
    sessions = sessions_of(handle)
    status = await sessions.reading.status_in_channel(fake.games.id, include_ended=True)
    assert status.table.game.status is Status.FINISHED
    game = GAME
    # The engine's own replay of the log gives the stored state, and its score is what was posted.
    replayed = await sessions.reading.replay(status.table.id)
    stored = await sessions.reading.load(status.table.id)
    assert isinstance(replayed, CarnegieState) and isinstance(stored, CarnegieState)
    assert game.dump_state(replayed) == game.dump_state(stored)
    sheet = game.score(replayed)
    assert sheet.final
    public = [m for m in fake.channel_messages("games") if m.author.id == fake.bot.id]
    final = public[-1]
    assert "game over" in final.content
    for line in sheet.lines:
        who = f"<@{status.table.user_at(line.seat)}>" if line.seat is not None else line.name
        row = next(r for r in final.content.splitlines() if f"{who}: **{line.total}**" in r)
        for category, value in line.categories.items():
            # The ranked table leaves out the categories that scored nothing.
            assert (f"{category} {value}" in row) == (value != 0), (category, value, row)
    summaries = [m for m in public if "is over.**" in m.content]
    await fake.wait_for_pictures([*summaries, final])
    check_final_images(final)
    assert [int(m.content.split("Round ")[1].split(" ")[0]) for m in summaries] == list(range(1, 21))
    for message in summaries:
        check_image(message)
        assert "**Provisional score**" in message.content and len(message.content) <= 2000
    # Every round but the last goes on below its summary with a new turn line, also when the same
    # player goes on (solo): the line above the summary would be out of sight.
    for index, message in enumerate(public[:-1]):
        if message in summaries[:-1]:
            assert "your turn" in public[index + 1].content, public[index + 1].content
    # At most one public message per player decision: a turn line only when the decision passed
    # to someone else or a round began (both are undo barriers in the log), one summary per round,
    # the lobby and the final result.
    hand_overs = sum(1 for row in await sessions.reading.live_log(status.table.id) if row.barrier)
    turn_lines = [m for m in public if "your turn" in m.content]
    assert 0 < len(turn_lines) <= hand_overs + 1
    assert len(public) == 1 + len(turn_lines) + len(summaries) + 1
    # Only the latest turn line ever keeps a button, and after the end none does but the final post's
    # Rematch and Replay.
    with_buttons = [m for m in public if m.buttons()]
    assert len(with_buttons) == 1 and [b["label"] for b in with_buttons[0].buttons()] == ["Rematch", "Replay"]


def transcript(fake: FakeDiscord, round_no: int) -> str:
    """The public channel from the end of round ``round_no - 1`` to the end of round ``round_no``
    (shown with ``pytest -s``; the issue note quotes it)."""
    names = {u.id: n for n, u in fake.users.items()}
    public = fake.channel_messages("games")
    start = next(i for i, m in enumerate(public) if f"Round {round_no - 1} is over" in m.content)
    end = next(i for i, m in enumerate(public) if f"Round {round_no} is over" in m.content)
    out = []
    for message in public[start : end + 1]:
        content = message.content
        for user_id, name in names.items():
            content = content.replace(f"<@{user_id}>", f"@{name}")
        files = " ".join(f"[{a.filename} {a.size // 1024} KB]" for a in message.attachments)
        buttons = " ".join(f"[{label}]" for label in message.button_labels())
        out.append(" ".join(p for p in (content, files, buttons) if p))
    return "\n".join(out)


def choice_ids(panel: Message) -> list[tuple[str, str, str | None]]:
    """(label, custom_id, select value) of every choice on a panel."""
    out: list[tuple[str, str, str | None]] = [
        (str(b.get("label")), b["custom_id"], None) for b in panel.buttons()
    ]
    for menu in panel.selects():
        out += [(o["label"], menu["custom_id"], o["value"]) for o in menu["options"]]
    return out


async def press(fake: FakeDiscord, user: str, panel: Message, custom_id: str, value: str | None) -> Message:
    edits = fake.message(panel.id).edits
    if value is None:
        acked(await fake.click(user, panel, custom_id), DEFERRED_UPDATE)
    else:
        acked(await fake.select(user, panel, custom_id, [value]), DEFERRED_UPDATE)
    await fake.wait_until(lambda: fake.message(panel.id).edits > edits, PATIENCE, "the panel to be redrawn")
    return fake.message(panel.id)
