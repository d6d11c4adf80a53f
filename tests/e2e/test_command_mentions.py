"""Sentences name the bot's commands by mention (``render.common.command_names``): a reader's client shows
``</game new:ID>`` under the name it gives ``/game new`` in their language, clickable, where the typed
English ``/game new`` is a command a Ukrainian client does not list by that name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord

from render.common.command_names import linked
from tests.e2e.conftest import StartBot
from tests.fakediscord import FakeDiscord


async def test_replies_name_commands_by_mention_in_the_readers_language(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    handle = await start_bot(tmp_path / "boardroom.sqlite3")
    game = next(c for c in fake_discord.commands[fake_discord.guild.id] if c["name"] == "game")
    new = f"</game new:{game['id']}>"

    english = await fake_discord.slash("alice", fake_discord.general, "game status")
    await english.wait_for(lambda o: bool(o.text()))
    assert english.text() == f"There is no game in this channel. Start one with {new}."

    fake_discord.users["bob"].locale = "uk"
    ukrainian = await fake_discord.slash("bob", fake_discord.general, "game status")
    await ukrainian.wait_for(lambda o: bool(o.text()))
    assert new in ukrainian.text() and "/game new" not in ukrainian.text().replace(new, "")
    assert "гр" in ukrainian.text()  # said in Ukrainian around the mention

    # The registered descriptions keep the command as typed: Discord shows them as plain text (synced
    # again now that sentences name commands by mention, as ``/boardroom sync`` does).
    await handle.bot.tree.sync(guild=discord.Object(fake_discord.guild.id))
    game = next(c for c in fake_discord.commands[fake_discord.guild.id] if c["name"] == "game")
    described = list(_descriptions(game))
    assert any("/game help" in d for d in described), "the speed option's description names /game help"
    assert not any("</" in d for d in described), [d for d in described if "</" in d]
    await handle.stop()
    assert linked("/game new") == "/game new", "a stopped bot's ids name nothing any more"


def _descriptions(command: dict[str, Any]) -> Iterator[str]:
    """Every description of a registered command and its options, in every language."""
    yield command.get("description", "")
    yield from (command.get("description_localizations") or {}).values()
    for option in command.get("options") or []:
        yield from _descriptions(option)


async def test_help_longer_than_a_message_comes_whole_in_several(
    fake_discord: FakeDiscord, start_bot: StartBot, tmp_path: Path
) -> None:
    """``/game help`` names ~20 commands: with their mentions it outgrows one message (2,000 characters)
    in every language, so it is said in several, cut between lines, none clipped."""
    games = ["engine.carnegie", "engine.nipron"]
    handle = await start_bot(tmp_path / "boardroom.sqlite3", game_modules=games)
    for user, locale in (("alice", "en-US"), ("bob", "uk")):
        fake_discord.users[user].locale = locale
        help_ = await fake_discord.slash(user, fake_discord.general, "game help")
        await help_.wait_followups(1)
        said = [str(help_.record.callback_data["content"])] + [m.content for m in help_.replies]
        assert all(len(page) <= 2000 and not page.endswith("…") for page in said), [len(p) for p in said]
        whole = "\n".join(said)
        assert len(whole) > 2000 and whole.count("</game ") > 15
        assert "\nCarnegie: " in whole and "Nipron" in whole  # the games and Carnegie's own help, to the end
    await handle.stop()
