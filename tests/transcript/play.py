"""Playing one seeded game through the real discord.py client against the loopback fake, as players
would: ``/game new``, **Join**, **Start**, then at every decision its choice on the public line when the
line carries it (a button, or an option of the line's menu), else **Take my turn** there (unless the
panel they have open already shows the decision) and, on the private panel, the button or
menu option carrying the move the game's own AI chooses (``game.ai(seed, "easy")``, one per seat, on
the state the bot's sessions service holds), through the groups it is filed under when the panel
shows them.

The players find every button by what it carries, never by its words (issue 21): the lobby's by its
verb, **Take my turn** by its kind, a choice by its notation or position, a group by the positions of
the groups it opens (``bot.service.picker``). So one seed plays the same game in every language.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import plugins
from bot.on_discord.views import ids
from bot.service import picker
from bot.service.line_choices import line_choices, parse_group, parse_option, row_of
from bot.service.tables import Choice
from bot.storage import Status
from render.common.language import DEFAULT
from tests.fakediscord import InteractionOutcome, Message
from tests.fakediscord.harness import ClientHandle, start_client
from tests.transcript.journal import JournalFake
from tests.transcript.write import Tally, markdown

log = logging.getLogger(__name__)

PLAYERS = ("alice", "bob", "carol", "dave")
CHANNEL = "games"
WAIT = 30.0  # a reply slower than this is a failure of the run
ROUND = re.compile(r"round (\d+)")  # the engine's stage (its English key: the same in every language)
ID_PART = re.compile(r"^br:(?P<kind>[a-z]):(?P<game>\d+):(?P<version>\d+)(?::(?P<seat>\d+):(?P<ref>.*))?$")
GROUP = re.compile(ids.GROUP_TEMPLATE)
LINE_MENU = re.compile(ids.LINE_MENU_TEMPLATE)
GREY = 2  # Discord's secondary button style: Back, among a panel's group buttons (bot.views.turn)
# The bot's game seeds, as tests/e2e/test_carnegie.py's complete games use them.
DEFAULT_SEEDS = {1: 20261123, 2: 20261121, 3: 20261124, 4: 20261122}


@dataclass
class Result:
    path: Path
    seconds: float
    counts: list[str]
    text: str


def file_name(game: str, players: int, language: str = DEFAULT) -> str:
    """``carnegie-2p.md`` in English, ``carnegie-2p.uk.md`` in Ukrainian."""
    table = "solo" if players == 1 else f"{players}p"
    return f"{game}-{table}.md" if language == DEFAULT else f"{game}-{table}.{language}.md"


def carrying(message: Message, kind: str) -> dict[str, Any] | None:
    """The message's first button whose custom_id is of ``kind`` (``bot.on_discord.views.ids``: "j" join,
    "s" start,
    "t" take my turn…), whatever its label says."""
    for button in message.buttons():
        parts = ID_PART.match(str(button.get("custom_id", "")))
        if parts is not None and parts["kind"] == kind:
            return button
    return None


async def start_bot(fake: JournalFake, db_path: Path) -> ClientHandle:
    from bot.config import Settings
    from bot.on_discord.client import BoardroomBot

    settings = Settings(
        _env_file=None,
        discord_token=fake.token,
        database_path=db_path,
        dev_guild_id=fake.guild.id,
        discord_loopback=fake.loopback,
        game_modules=[],
        log_level="WARNING",
    )
    bot = BoardroomBot(settings, guild_ready_timeout=0.05)
    handle = await start_client(bot, fake)
    await fake.wait_until(lambda: fake.commands.get(fake.guild.id), WAIT, "the commands to be registered")
    return handle


class Table:
    """The scripted players at one game."""

    def __init__(
        self,
        fake: JournalFake,
        handle: ClientHandle,
        game: str,
        players: list[str],
        seed: int,
        max_rounds: int | None,
        *,
        language: str | None = None,
        chosen: dict[str, str] | None = None,
    ) -> None:
        """``language``: the game's, given to ``/game new`` (None: the server's); ``chosen``: the language
        each of these players sets with ``/boardroom me`` before the game (the others read their
        Discord locale's)."""
        from bot.on_discord.client import BoardroomBot

        assert isinstance(handle.client, BoardroomBot)
        self.fake = fake
        self.sessions = handle.client.sessions
        self.announcer = handle.client.announcer
        self.game = plugins.game(game)
        self.game_name = game
        self.players = players
        self.seed = seed
        self.max_rounds = max_rounds
        self.tally = Tally(players=list(players))
        self.game_id = 0
        self.ais: dict[int, Any] = {}
        self.panels: dict[str, int] = {}  # a player's live private panel (message id)
        self.names: dict[int, str] = {fake.users[n].id: n for n in players}
        self.stretch: list[str] | None = None  # the kinds of decision the clicks on a panel answered
        self.kind = ""  # the kind of decision the next click answers
        self.language = language
        self.chosen = dict(chosen or {})
        self.chosen_at: tuple[tuple[int, int], str] = ((-1, -1), "")  # the AI's move at (version, seat)

    # -- acting ----------------------------------------------------------------------------------
    async def type_command(self, user: str, command: str, **options: Any) -> InteractionOutcome:
        shown = " ".join(f"{k}:{v}" for k, v in options.items())
        self.fake.note(user, f"types `/{command}{' ' + shown if shown else ''}`")
        return await self.fake.slash(user, CHANNEL, command, timeout=WAIT, **options)

    async def click(self, user: str, message: Message, custom_id: str, label: str) -> InteractionOutcome:
        self.fake.note(user, f'clicks "{self.fake.plain(label)}"')
        self.tally.clicks[user] += 1
        if self.stretch is not None:
            self.stretch.append(self.kind)
        return await self.fake.click(user, message, custom_id, timeout=WAIT)

    async def pick(
        self, user: str, message: Message, menu: dict[str, Any], value: str, label: str
    ) -> InteractionOutcome:
        placeholder = menu.get("placeholder") or "the menu"
        self.fake.note(user, f'picks "{self.fake.plain(label)}" in the menu "{self.fake.plain(placeholder)}"')
        self.tally.clicks[user] += 1
        if self.stretch is not None:
            self.stretch.append(self.kind)
        return await self.fake.select(user, message, menu["custom_id"], [value], timeout=WAIT)

    # -- the lobby -------------------------------------------------------------------------------
    async def open(self) -> None:
        fake = self.fake
        host = self.players[0]
        for name, language in self.chosen.items():
            said = await self.type_command(name, "boardroom me", language=language)
            await said.wait_response(timeout=WAIT)
        options: dict[str, Any] = {"game": self.game_name, "players": len(self.players)}
        if self.language is not None:
            options["language"] = self.language
        opened = await self.type_command(host, "game new", **options)
        lobby = await opened.wait_response(timeout=WAIT)
        for name in self.players[1:]:
            mention = f"<@{fake.users[name].id}>"
            current = fake.message(lobby.id)
            join = carrying(current, ids.JOIN)
            assert join is not None, current.content
            await self.click(name, current, join["custom_id"], str(join.get("label", "")))
            await fake.wait_until(lambda: mention in fake.message(lobby.id).content, WAIT, f"{name} seated")  # noqa: B023
        current = fake.message(lobby.id)
        start = carrying(current, ids.START)
        if start is None and len(self.players) == 1:
            # A table for one starts at once, its lobby posted without buttons: its number is in the text.
            number = re.search(r"#(\d+)", current.content)
            assert number is not None, current.content
            self.game_id = int(number[1])
        else:
            assert start is not None, current.content
            parts = ID_PART.match(start["custom_id"])
            assert parts is not None, start
            self.game_id = int(parts["game"])  # the lobby's buttons carry the game id
            await self.click(host, current, start["custom_id"], str(start.get("label", "")))
        for seat in range(len(self.players)):
            self.ais[seat] = self.game.ai(self.seed + seat, "easy")
        await self.agreed()

    # -- the game --------------------------------------------------------------------------------
    def turn_line(self) -> Message | None:
        """The newest public message with a **Take my turn** button, in the channel or in a thread
        of it (where a game may run)."""
        games = self.fake.games.id
        for message in reversed(list(self.fake.messages.values())):
            if message.deleted or message.ephemeral or message.author.id != self.fake.bot.id:
                continue
            channel = self.fake.channels.get(message.channel_id)
            if channel is None or games not in (channel.id, channel.parent_id):
                continue
            if carrying(message, "t") is not None:
                return message
        return None

    async def agreed(self) -> Any:
        """The status, once the public turn line and the id the bot recorded for it agree (the bot
        posts the line first and records its id after), or the game is over."""
        found: list[Any] = []

        async def check() -> bool:
            if self.announcer.announcing(self.game_id):
                # The clicker's panel may go out beside the channel's posts: not done with them yet.
                return False
            status = await self.sessions.reading.status(self.game_id)
            found[:] = [status]
            if status.table.game.status is not Status.ACTIVE:
                return True
            assert status.progress is not None  # an active game has its decision
            line = self.turn_line()
            game = status.table.game
            humans = [s for s in status.progress.decision.seats if s not in status.table.ai_seats]
            asked = json.loads(game.prompt_seats) if game.prompt_seats else []
            return line is not None and line.id == game.prompt_message_id and set(humans) <= set(asked)

        await self.fake.wait_until_async(check, WAIT, "the turn line and its recorded id to agree")
        return found[0]

    def past_the_end(self, status: Any) -> bool:
        if self.max_rounds is None or status.progress is None:
            return False
        match = ROUND.search(status.progress.stage or "")
        if match is not None and int(match[1]) > self.max_rounds:
            self.tally.stopped = f"--max-rounds {self.max_rounds}, round {match[1]} begins"
            return True
        return False

    def live_panel(self, user: str, version: int) -> Message | None:
        """The player's panel, if it still offers choices drawn at the current version."""
        panel_id = self.panels.get(user)
        if panel_id is None:
            return None
        panel = self.fake.message(panel_id)
        if panel.deleted:
            return None
        for component in panel.iter_components():
            parts = ID_PART.match(str(component.get("custom_id", "")))
            if parts is not None and parts["kind"] in ("a", "i", "m") and int(parts["version"]) == version:
                return panel
        return None

    async def play(self) -> None:
        while True:
            status = await self.agreed()
            if status.table.game.status is not Status.ACTIVE or self.past_the_end(status):
                return
            progress = status.progress
            humans = [s for s in progress.decision.seats if s not in status.table.ai_seats]
            assert humans, f"no human decides: {progress.decision}"
            seat = humans[0]
            user = self.names[status.table.user_at(seat)]
            self.stretch, self.kind = [], progress.decision.kind
            panel = await self.on_the_line(user, seat, status)
            if panel is None and self.stretch:
                # answered on the turn line with one click, and nothing more of it was theirs
                self.tally.reused.append(False)
                self.tally.sessions.append(self.stretch)
                self.stretch = None
                continue
            if panel is None:
                panel = self.live_panel(user, status.table.version)
            reused = panel is not None and not self.stretch
            self.tally.reused.append(reused)
            if reused:
                self.tally.reused_by[user] += 1
            if panel is None:
                line = self.turn_line()
                assert line is not None
                assert f"<@{self.fake.users[user].id}>" in line.content, (user, line.content)
                take = carrying(line, "t")
                assert take is not None
                opened = await self.click(user, line, take["custom_id"], str(take.get("label", "")))
                panel = await opened.wait_response(timeout=WAIT)
                assert panel.ephemeral
                self.panels[user] = panel.id
            going_on = await self.decide(user, seat, panel, status.table.game.prompt_message_id)
            self.tally.sessions.append(self.stretch)
            self.stretch = None
            if not going_on:
                return
            if (await self.sessions.reading.status(self.game_id)).table.version == status.table.version:
                shown = self.fake.plain(self.fake.message(panel.id).content)
                raise AssertionError(f"{user} could not move; the panel says: {shown}")

    async def ai_move(self, seat: int, version: int) -> tuple[Any, list[Any], str]:
        """The state, the seat's legal actions and the move its AI takes there (asked once a version: the
        line and then the panel ask the same AI, whose choices may draw on its own random numbers)."""
        state = await self.sessions.reading.load(self.game_id)
        legal = self.game.legal_actions(state, seat)
        if self.chosen_at[0] != (version, seat):
            self.chosen_at = (
                (version, seat),
                self.game.format_action(self.ais[seat].choose(self.game, state, seat, legal)),
            )
        return state, legal, self.chosen_at[1]

    async def on_the_line(self, user: str, seat: int, status: Any, *, groups: bool = True) -> Message | None:
        """Answer the decision on the turn line itself when the line carries the AI's move (a small
        decision: ``bot.service.line_choices``), as a player coming back hours later would, with no
        panel open. The private panel the bot then sends when more of the turn is theirs, or None.
        ``groups``: also by a group of the line's menu (else only by the move itself)."""
        line = self.turn_line()
        if line is None:
            return None
        version = status.table.version
        _, _, notation = await self.ai_move(seat, version)
        found = self.on_line(line, version, seat, status, notation)
        if found is None or (not groups and found[2] is not None and parse_group(found[2]) is not None):
            return None
        clicked, label, value = found
        if value is None:
            outcome = await self.click(user, line, clicked, label)
        else:
            menu = next(m for m in line.selects() if m.get("custom_id") == clicked)
            outcome = await self.pick(user, line, menu, value, label)
        if value is not None and parse_group(value) is not None:
            # A group of the panel's first level: the panel opens there, nothing is played yet.
            await self.fake.wait_until(lambda: outcome.replies, WAIT, "the panel opened at the group")
            panel = outcome.replies[0]
            self.panels[user] = panel.id
            return panel

        async def moved() -> bool:
            # Applied, and announced: the line it was clicked on took the move (its buttons retired or
            # drawn again for the next step), so the next turn line is posted or the line still asks.
            shown = any(c.get("custom_id") == clicked for c in self.fake.message(line.id).iter_components())
            return bool(outcome.replies) or (
                not shown and (await self.sessions.reading.status(self.game_id)).table.version != version
            )

        await self.fake.wait_until_async(moved, WAIT, "the click on the turn line to be applied")
        after = await self.sessions.reading.status(self.game_id)
        if after.table.version == version:
            refusal = " / ".join(m.content for m in outcome.replies)
            raise AssertionError(f"{user}'s click on the turn line was refused: {refusal}")
        if after.table.game.status is not Status.ACTIVE:
            return None
        assert after.progress is not None  # an active game has its decision
        if seat not in after.progress.decision.seats:
            return None
        await self.fake.wait_until(lambda: outcome.replies, WAIT, "the rest of the turn on a panel")
        panel = outcome.replies[0]
        self.panels[user] = panel.id
        return panel

    @staticmethod
    def on_line(
        line: Message, version: int, seat: int, status: Any, notation: str
    ) -> tuple[str, str, str | None] | None:
        """Where the turn line carries the seat's move drawn at ``version``: (custom_id, label, None) for
        a button, (the menu's custom_id, the option's label, its value) for a line menu's option, which
        may be the group of the panel's first level the move is filed under (``line_choices``)."""
        choices = status.progress.choices.get(seat, [])
        for button in line.buttons():
            parts = ID_PART.match(str(button.get("custom_id", "")))
            if (
                parts is None
                or parts["kind"] != "c"
                or int(parts["version"]) != version
                or int(parts["seat"]) != seat
            ):
                continue
            index = int(parts["ref"])
            if index < len(choices) and choices[index].notation == notation:
                return button["custom_id"], str(button.get("label", "")), None
        row = row_of(line_choices(status.table, status.progress), seat)
        chosen = next((c for c in choices if c.notation == notation), None)
        if row is None or chosen is None:
            return None
        target = step_of(picker.listed(status.progress, seat), chosen.path)
        for menu in line.selects():
            match = LINE_MENU.fullmatch(str(menu.get("custom_id", "")))
            if match is None or int(match["version"]) != version or int(match["seat"]) != seat:
                continue
            groups: list[tuple[int, dict[str, Any]]] = []
            for option in menu.get("options") or []:
                value = str(option.get("value", ""))
                listed_at = parse_option(value)
                if (
                    listed_at is not None
                    and listed_at < len(row.choices)
                    and row.choices[listed_at][1].notation == notation
                ):
                    return menu["custom_id"], str(option.get("label", "")), value
                step = parse_group(value)
                if step is not None and target[: len(step)] == step:
                    groups.append((len(step), option))
            if groups:
                option = max(groups, key=lambda pair: pair[0])[1]
                return menu["custom_id"], str(option.get("label", "")), str(option["value"])
        return None

    async def decide(self, user: str, seat: int, panel: Message, line_id: int | None) -> bool:
        """Click the AI's moves on the panel until it offers nothing more, or a new turn line was
        posted (the decision passed on and came back, or a round began). False: stop playing."""
        fake = self.fake
        while True:
            panel = fake.message(panel.id)
            if not panel.iter_components():
                return True
            status = await self.sessions.reading.status(self.game_id)
            if status.table.game.status is not Status.ACTIVE:
                return True
            if self.past_the_end(status):
                return False
            assert status.progress is not None  # an active game has its decision
            if seat not in status.progress.decision.seats:
                return True
            if status.table.game.prompt_message_id != line_id:
                return True  # a new turn line: the next decision starts (on this same panel)
            self.kind = status.progress.decision.kind
            state, legal, notation = await self.ai_move(seat, status.table.version)
            choices = status.progress.choices.get(seat, [])
            offered = self.offered(panel, choices)
            chosen = next((c for c in choices if c.notation == notation), None)
            if notation not in offered and chosen is not None:
                # The panel files the move under a group; the turn line, drawn again for this step, may
                # show it as it is (a menu of up to 25): a player with both in view takes it there.
                before = len(self.tally.sessions), self.tally.clicks[user]
                answered = await self.on_the_line(user, seat, status, groups=False)
                if self.tally.clicks[user] != before[1]:
                    if answered is None:
                        return True
                    panel = answered
                    continue
                panel = await self.open_groups(user, panel, chosen, choices)
                offered = self.offered(panel, choices)
            if notation not in offered:
                # The panel cannot show every choice (the bot logs it): a player picks among those shown.
                self.tally.not_offered += 1
                log.warning("the AI's move %r is not on %s's panel; taking one shown", notation, user)
                shown = [a for a in legal if self.game.format_action(a) in offered]
                notation = self.game.format_action(self.ais[seat].choose(self.game, state, seat, shown))
            index = next((i for i, c in enumerate(choices) if c.notation == notation), None)
            assert index is not None, f"the AI's move {notation!r} is not among the choices"
            edits = panel.edits
            outcome = await self.press(user, panel, index, choices[index])
            await fake.wait_until(
                lambda: fake.message(panel.id).edits > edits or outcome.replies,  # noqa: B023
                WAIT,
                "the panel to be redrawn",
            )
            if fake.message(panel.id).edits == edits:
                refusal = " / ".join(m.content for m in outcome.replies)
                raise AssertionError(f"{user}'s click on {choices[index].label!r} was refused: {refusal}")

    async def open_groups(self, user: str, panel: Message, choice: Any, choices: list[Any]) -> Message:
        """Click down the choice's groups (``Choice.path``) as a player would, until the choice itself is
        on the panel (a group of one is shown as its action): each time the group button that leads
        deepest towards it (a group may be shown open in the level above, its groups under both labels),
        else **Back** (the panel stays in a step's group after it, ``picker.resume``). Buttons are known
        by the level they open (their custom_id's step), so the words on them do not matter."""
        target = step_of(list(enumerate(choices)), choice.path)
        opened: set[str] = set()
        while choice.notation not in self.offered(panel, choices):
            forward: list[tuple[int, dict[str, Any]]] = []
            back: dict[str, Any] | None = None
            for button in panel.buttons():
                match = GROUP.match(str(button.get("custom_id", "")))
                step = ids.parse_step(match["step"]) if match is not None else None
                if step is None:
                    continue
                if button.get("style") == GREY:
                    back = button
                elif target[: len(step)] == step and button["custom_id"] not in opened:
                    forward.append((len(step), button))
            level = max(forward, key=lambda pair: pair[0])[1] if forward else back
            if level is None:
                break
            opened.add(level["custom_id"])
            panel = await self.click_group(user, panel, level)
        return panel

    async def click_group(self, user: str, panel: Message, button: dict[str, Any]) -> Message:
        """Open a group level (or go Back) and wait for the panel to show it."""
        fake = self.fake
        edits = panel.edits
        await self.click(user, panel, button["custom_id"], str(button.get("label", "")))
        await fake.wait_until(lambda: fake.message(panel.id).edits > edits, WAIT, "the next group level")
        return fake.message(panel.id)

    @staticmethod
    def offered(panel: Message, choices: list[Any]) -> set[str]:
        """The notations of the choices the panel shows (by custom_id, menu value, or label)."""
        found: set[str] = set()
        by_label = {c.label: c.notation for c in choices}
        for button in panel.buttons():
            parts = ID_PART.match(str(button.get("custom_id", "")))
            if parts is not None and parts["kind"] == "a":
                found.add(parts["ref"])
            elif parts is not None and parts["kind"] == "i" and parts["ref"].isdigit():
                if int(parts["ref"]) < len(choices):
                    found.add(choices[int(parts["ref"])].notation)
            elif button.get("label") in by_label:
                found.add(by_label[str(button.get("label"))])
        for menu in panel.selects():
            for option in menu.get("options") or []:
                value = str(option.get("value", ""))
                if value.isdigit() and int(value) < len(choices):
                    found.add(choices[int(value)].notation)
                found.add(value)
        return found

    async def press(self, user: str, panel: Message, index: int, choice: Any) -> InteractionOutcome:
        """The button or menu option whose custom_id (or value) carries the choice."""
        for button in panel.buttons():
            parts = ID_PART.match(str(button.get("custom_id", "")))
            if parts is None or parts["kind"] not in ("a", "i"):
                continue
            if (parts["kind"] == "a" and parts["ref"] == choice.notation) or (
                parts["kind"] == "i" and parts["ref"] == str(index)
            ):
                return await self.click(user, panel, button["custom_id"], str(button.get("label", "")))
        for menu in panel.selects():
            for option in menu.get("options") or []:
                if option.get("value") in (choice.notation, str(index)):
                    return await self.pick(user, panel, menu, option["value"], str(option.get("label", "")))
        for button in panel.buttons():  # a format this tool does not know: by the label
            if button.get("label") == choice.label:
                return await self.click(user, panel, button["custom_id"], choice.label)
        raise AssertionError(f"no button or option on the panel carries {choice.notation!r}")


async def played(
    fake: JournalFake,
    game: str,
    names: list[str],
    seed: int,
    max_rounds: int | None = None,
    *,
    language: str | None = None,
    chosen: dict[str, str] | None = None,
) -> Table:
    """Play one game with a fresh bot at ``fake`` (started, its journal empty); see ``Table`` for
    ``language`` and ``chosen``. Raises if the bot crashed or the fake saw something Discord refuses."""
    with tempfile.TemporaryDirectory(prefix="transcript-") as tmp:
        from bot.on_discord.client import BoardroomBot

        handle = await start_bot(fake, Path(tmp) / "db.sqlite3")
        try:
            assert isinstance(handle.client, BoardroomBot)
            handle.client.sessions.store.new_seed = lambda: seed
            table = Table(fake, handle, game, names, seed, max_rounds, language=language, chosen=chosen)
            await table.open()
            await table.play()
            # Summaries' pictures are edited onto them after the text: every one reaches its post.
            await asyncio.wait_for(handle.client.announcer.pictures_after.drawn(), 120)
            await fake.wait_idle(WAIT)
        finally:
            await handle.stop()
        handle.raise_if_crashed()
    check_fake(fake)
    return table


def check_fake(fake: JournalFake) -> None:
    """Raise if the fake saw something Discord refuses during the run."""
    problems = fake.allow_problems()
    if problems:
        raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))


async def run(
    game: str, players: int, seed: int, out: Path, max_rounds: int | None = None, language: str = DEFAULT
) -> Result:
    """Play one game and write its transcript to ``out``; in a language other than English, the game
    is created in it and every player chooses it with ``/boardroom me language:``."""
    started = time.monotonic()
    names = list(PLAYERS[:players])
    foreign = language != DEFAULT
    fake = JournalFake()
    await fake.start()
    try:
        table = await played(
            fake,
            game,
            names,
            seed,
            max_rounds,
            language=language if foreign else None,
            chosen=dict.fromkeys(names, language) if foreign else None,
        )
    finally:
        await fake.stop()
    title = plugins.game(game).title
    who = "solo (alice against Andrew)" if players == 1 else f"{players} players ({', '.join(names)})"
    cut = f" --max-rounds {max_rounds}" if max_rounds is not None else ""
    cut += f" --language {language}" if foreign else ""
    make = f"make transcript-{language}" if foreign else "make transcript"
    intro = [
        f"{title}, {who}, seed {seed}. Written by `python -m tests.transcript --game {game} "
        f"--players {players} --seed {seed}{cut}` (`{make}` writes every game's).",
        "",
        "Every scripted player takes the move the game's own AI (easy) would choose, by clicking "
        "what a player would click. What follows is only what the players saw and did, in time "
        "order: public posts and their edits in the channel, private messages (shown only to the "
        "player named), every click by the label the player saw, every image by its file name.",
        "",
        "The counts at the end: a post is a new public message; a ping is a mention in a new post "
        "that notifies the player (edits never do); a stretch on a panel runs from **Take my turn** "
        "(or from a panel still open when a new turn line appears) until the panel offers nothing "
        "more, and its clicks include **Take my turn**; a decision is one kind of question the game "
        "asks in a stretch (in Carnegie the tab sides, the Housing city, a turn), a question asked in "
        "the middle of another (where to send an employee on a mission) counting with it; a player's clicks "
        "include the lobby's buttons. *Played hours apart* adds one **Take my turn** to each stretch "
        "that began on a panel still open: Discord keeps a panel editable for 15 minutes only.",
    ]
    entries = fake.entries
    text = markdown(f"{title}: {who}", intro, entries, table.tally, fake.plain)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    counts = text.split("## Counts\n\n", 1)[1].splitlines()
    return Result(out, time.monotonic() - started, counts, text)


def step_of(choices: list[tuple[int, Choice]], path: tuple[str, ...]) -> picker.Step:
    """The step of the group ``path`` names (as far as it names groups of ``choices``): the inverse of
    ``labels_of``, for whoever must find a group's button without reading its words."""
    step: picker.Step = ()
    for depth, label in enumerate(path):
        groups = picker.groups_at(choices, path[:depth])
        if label not in groups:
            break
        step += (groups.index(label),)
    return step
