"""``/game play``, ``/game board``, ``/game player``, ``/game score``, ``/game log``, ``/game rules``:
answered by the channel's game through its plug-in (one channel holds one game).

Everything here answers privately (ephemeral): the channel keeps one public message per player
decision and one per checkpoint (``bot.on_discord.announce``). Pictures are drawn by the client's render pool
after the interaction was deferred.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import plugins
from bot.on_discord.translator import spoken
from bot.on_discord.views import after_game_text, clock_text, text
from bot.on_discord.views.common import send_followup
from bot.on_discord.views.look import send_board, send_seat
from bot.on_discord.views.turn import act_and_announce
from bot.service import said_events, typed
from bot.service.hints import hint_text
from bot.service.limits import MAX_MESSAGE, MENU_OPTIONS, OPTION_TEXT, clip
from bot.service.narrate import event_lines
from bot.service.refusals import NotAPlayer, NotInProgress
from bot.service.tables import GameStatus
from engine.core import Topic
from engine.core.words import msg
from render.common.language import say, t

if TYPE_CHECKING:
    from bot.on_discord.client import BoardroomBot

DEFAULT_LOG = 10
MAX_LOG = 40


class Play:
    """The handlers; ``add_play_commands`` puts them into the ``/game`` group."""

    def __init__(self, bot: BoardroomBot) -> None:
        self.bot = bot

    async def _game(self, interaction: discord.Interaction[Any], *, ended: bool = True) -> GameStatus:
        if interaction.channel_id is None:
            raise app_commands.NoPrivateMessage(t("Games are played in a server channel."))
        status = await self.bot.sessions.reading.status_in_channel(
            interaction.channel_id, include_ended=ended
        )
        if status.progress is None:
            raise NotInProgress(t("The game here has not started yet; the host presses Start in the lobby."))
        return status

    # ------------------------------------------------------------------------------------ play
    async def play(self, interaction: discord.Interaction[Any], action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction, ended=False)
        seat = status.table.seat_of(interaction.user.id)
        choices = status.progress.choices.get(seat, []) if status.progress and seat is not None else []
        # Someone with no choices now is refused by the game itself ("It is not your turn.").
        notation = typed.resolve(action, choices) if choices else action
        shown = await act_and_announce(interaction, status.table.id, None, None, notation)
        if shown is not None:
            content, view = shown
            await send_followup(interaction, content, view=view)

    async def suggest(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            status = await self._game(interaction, ended=False)
        except Exception:
            return []
        seat = status.table.seat_of(interaction.user.id)
        assert status.progress is not None
        choices = status.progress.choices.get(seat, []) if seat is not None else []
        if not choices:
            waiting = clip(text.waiting_line(status.table, status.progress), OPTION_TEXT)
            return [
                app_commands.Choice(
                    name=t("Not your turn. {waiting}", waiting=waiting)[:OPTION_TEXT], value="-"
                )
            ]
        words = current.lower().split()
        found = [c for c in choices if all(w in say(c.label).lower() for w in words)]
        return [
            app_commands.Choice(name=clip(say(c.label), OPTION_TEXT), value=c.notation)
            for c in found[:MENU_OPTIONS]
        ]

    # ------------------------------------------------------------------------------ looking
    async def board(self, interaction: discord.Interaction[Any], picture: str | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_board(interaction, await self._game(interaction), picture)

    async def pictures(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            status = await self._game(interaction)
        except Exception:
            return []
        found = plugins.plugin(status.table.game.game)
        specs = [s for s in found.pictures.specs if not s.per_seat] if found.pictures else []
        return [
            app_commands.Choice(name=say(s.title), value=s.key)
            for s in specs
            if current.lower() in say(s.title).lower()
        ][:MENU_OPTIONS]

    async def player(self, interaction: discord.Interaction[Any], player: discord.User | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        target = player or interaction.user
        seat = status.table.seat_of(target.id)
        if seat is None:
            # Not the member's Discord name: only seated names have been made safe to show (a name
            # can carry characters that reorder or hide the rest of the line).
            if player is None:
                raise NotAPlayer(msg("You are not playing in this game."))
            raise NotAPlayer(msg("That member is not playing in this game."))
        await send_seat(interaction, status, seat)

    async def score(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        state = await self.bot.sessions.reading.load(status.table.id)
        sheet = plugins.game(status.table.game.game).score(state)
        said = text.sheet_text(status.table, sheet)
        ended = await self.bot.sessions.after.result(status.table.id)
        if ended is not None:
            # Once over, the game's own page of results: places, ratings, time per move.
            said += "\n\n" + after_game_text.result_text(ended)
        await send_followup(interaction, said)

    async def log(self, interaction: discord.Interaction[Any], n: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction)
        rows = (await self.bot.sessions.reading.live_log(status.table.id))[-n:]
        names = status.table.said_names
        lines = []
        asked = await self.bot.sessions.reading.hints(status.table.id)
        clock_events = await self.bot.clocks.reading.events(status.table.id)
        skipped = clock_text.skipped_spans(clock_events)
        shown_from = rows[0].seq if rows else 1

        def hints_until(seq: float) -> list[str]:
            # A hint or a clock event is told where it happened: after the action before it, before
            # the next one.
            told = [
                "   " + t("{name} asked for a hint.", name=names[seat])
                for after, seat in asked
                if shown_from <= after + 1 <= seq
            ]
            return told + [
                f"   ⏰ {clock_text.event_text(status.table, event)}"
                for event in clock_events
                if shown_from <= event.after_seq + 1 <= seq
            ]

        for row in rows:
            lines += hints_until(row.seq)
            said = said_events.loads(row.events)
            # Never the notation: a step the game told nothing about is still someone's choice.
            who = names[row.seat] if 0 <= row.seat < len(names) else t("A player")
            told = "; ".join(event_lines(said, names)) or t("{who} made a choice.", who=who)
            if clock_text.played_for(skipped, row.seat, row.seq):
                told += " " + t("(the bot, for {who}, who was skipped)", who=who)
            lines.append(f"{row.seq}. {told}")
            shown_from = row.seq + 1
        lines += hints_until(float("inf"))
        body = "\n".join(lines) or t("Nothing has happened yet.")
        # Keep the newest lines when the text is too long for one message.
        while len(body) > MAX_MESSAGE - 80 and "\n" in body:
            body = body.split("\n", 1)[1]
        title = plugins.game(status.table.game.game).title
        head = t("**{title}** #{id} — latest actions:", title=title, id=status.table.id)
        await send_followup(interaction, f"{head}\n{body}")

    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        """The strong bot's choice for the asker's decision and what it does to their provisional
        score at once, privately (the table reads in /game log that they asked)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self._game(interaction, ended=False)
        turn = await self.bot.sessions.play.hint_turn(
            status.table.id, interaction.user.id, channel_id=interaction.channel_id
        )
        found = plugins.plugin(status.table.game.game)
        notation = await self.bot.ai_pool.choose(found, turn.snapshot, turn.seat, turn.seed, turn.level)
        await send_followup(interaction, hint_text(found.rules, turn, notation))

    async def rules(self, interaction: discord.Interaction[Any], topic: str | None) -> None:
        # Acknowledged before the channel's game is looked up in the database.
        await interaction.response.defer(ephemeral=True, thinking=True)
        topics = await self._topics(interaction)
        if not topics:
            await send_followup(interaction, t("There are no rule summaries here."))
            return
        key = (topic or "").strip().lower()
        if key not in topics:
            listing = ", ".join(f"`{name}`" for name in topics)
            said = t("Topics: {topics}", topics=listing)
            if key:
                said = t("There is no topic {topic}. {topics}", topic=repr(clip(key, 40)), topics=said)
            await send_followup(interaction, said)
            return
        found = topics[key]
        await send_followup(interaction, f"**{say(found.title)}** — {say(found.body)}")

    async def topic_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        topics = await self._topics(interaction)
        return [
            app_commands.Choice(name=clip(say(topic.title), OPTION_TEXT), value=key)
            for key, topic in topics.items()
            if current.lower() in f"{key} {say(topic.title)}".lower()
        ][:MENU_OPTIONS]

    async def _topics(self, interaction: discord.Interaction[Any]) -> dict[str, Topic]:
        """The channel's game's topics; outside a game, every game's (prefixed by the game)."""
        if interaction.channel_id is not None:
            try:
                status = await self.bot.sessions.reading.status_in_channel(
                    interaction.channel_id, include_ended=True
                )
                return dict(plugins.game(status.table.game.game).guide.topics)
            except Exception:
                pass
        return {
            f"{name}-{key}": topic
            for name in plugins.names()
            for key, topic in plugins.game(name).guide.topics.items()
        }


def add_play_commands(group: app_commands.Group, bot: BoardroomBot) -> None:
    handlers = Play(bot)

    async def hint(interaction: discord.Interaction[Any]) -> None:
        await handlers.hint(interaction)

    group.add_command(
        app_commands.Command(
            name="hint",
            description="What the strong bot would choose for you now (only you see it)",
            callback=hint,
        )
    )

    async def play(interaction: discord.Interaction[Any], action: str) -> None:
        await handlers.play(interaction, action)

    play = app_commands.describe(action="One of your legal actions; start typing to see them")(play)
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name="play", description="Type your move (the same choices as your panel)", callback=play
    )
    command.autocomplete("action")(handlers.suggest)
    group.add_command(command)

    async def board(interaction: discord.Interaction[Any], picture: str | None = None) -> None:
        await handlers.board(interaction, picture)

    board = app_commands.describe(picture="Which picture (default: the board)")(board)
    command = app_commands.Command(
        name="board", description="The board with the provisional score", callback=board
    )
    command.autocomplete("picture")(handlers.pictures)
    group.add_command(command)

    async def player(interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        await handlers.player(interaction, player)

    player = app_commands.describe(player="Whose (default: yours)")(player)
    group.add_command(
        app_commands.Command(
            name="player", description="A player's own board (yours by default)", callback=player
        )
    )

    async def score(interaction: discord.Interaction[Any]) -> None:
        await handlers.score(interaction)

    group.add_command(
        app_commands.Command(
            name="score", description="The provisional score, category by category", callback=score
        )
    )

    async def log(
        interaction: discord.Interaction[Any], n: app_commands.Range[int, 1, MAX_LOG] = DEFAULT_LOG
    ) -> None:
        await handlers.log(interaction, n)

    log = app_commands.describe(
        n=spoken(
            f"How many of the latest actions (default {DEFAULT_LOG}, at most {MAX_LOG})",
            lambda: t(
                "How many of the latest actions (default {n}, at most {most})", n=DEFAULT_LOG, most=MAX_LOG
            ),
        )
    )(log)
    group.add_command(app_commands.Command(name="log", description="What happened lately", callback=log))

    async def rules(interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await handlers.rules(interaction, topic)

    rules = app_commands.describe(topic="Which rule (start typing to see the topics)")(rules)
    command = app_commands.Command(name="rules", description="A short rule summary", callback=rules)
    command.autocomplete("topic")(handlers.topic_choices)
    group.add_command(command)
