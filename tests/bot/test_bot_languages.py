"""Issue 21: the bot's own sentences follow the current language. Under ``speaking("uk")`` a turn
line, a refusal and a round summary are Ukrainian in the bot's words (the engine's texts inside
them are said by their own catalogues); English stays exactly as before. Real SQLite, real Carnegie."""

from __future__ import annotations

from typing import Any

import pytest

from bot.on_discord.views import text
from bot.service import said_events
from bot.service.narrate import summary_parts
from bot.service.refusals import AlreadySeated
from bot.service.sessions import Sessions
from bot.service.tables import Progress, Table
from bot.service.words import duration, listing, times
from engine.core import Event, ScoreLine, ScoreSheet
from engine.core.words import Amount, Msg, msg
from render.common.language import say, speaking

GUILD, CHANNEL = 1, 10
HOST, BOB = 100, 200


async def _carnegie(sessions: Sessions) -> tuple[Table, Progress | None]:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="carnegie", host_id=HOST, host_name="Ana"
    )
    table = await sessions.lobby.join(table.id, BOB, "Bo")
    status = await sessions.lobby.start(table.id, HOST)
    return status.table, status.progress


async def test_a_turn_line_is_said_in_ukrainian_and_unchanged_in_english(sessions: Sessions) -> None:
    table, progress = await _carnegie(sessions)
    assert progress is not None
    seats = progress.decision.seats
    english = text.turn_line(table, progress, seats)
    with speaking("uk"):
        ukrainian = text.turn_line(table, progress, seats)
    assert (" — your turn: " in english) or (" — your turns (at the same time): " in english)
    assert (" — ваш хід: " in ukrainian) or (" — ваші ходи (одночасно): " in ukrainian)
    assert "your turn" not in ukrainian


async def test_a_refusal_is_said_in_the_readers_language(sessions: Sessions) -> None:
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL, game_name="carnegie", host_id=HOST
    )
    with pytest.raises(AlreadySeated) as refused:
        await sessions.lobby.join(table.id, HOST)
    # Raised as a sentence with its key; the error funnel says it in the reader's language.
    assert isinstance(refused.value.message, Msg)
    assert refused.value.message == "You are already at this table."
    with speaking("uk"):
        assert say(refused.value.message) == "Ви вже за цим столом."
    with speaking("pl"):
        assert say(refused.value.message) == "Już siedzisz przy tym stole."


def _summary(*args: Any) -> str:
    """A summary as one text (its parts, which each fit a message, joined)."""
    return "\n".join(summary_parts(*args))


def test_a_round_summary_is_said_in_ukrainian() -> None:
    before = ScoreSheet(
        final=False, lines=[ScoreLine(seat=0, name="", categories={"a": 1}, total=1)], winners=[0]
    )
    after = ScoreSheet(
        final=False, lines=[ScoreLine(seat=0, name="", categories={"a": 4}, total=4)], winners=[0]
    )
    with speaking("uk"):
        quiet = _summary("Carnegie", msg("Round {n} is over", n=1), [], ["Ana"], after, before)
    assert "**Проміжний рахунок**" in quiet
    assert "Нічого вартого уваги не сталося." in quiet
    assert "Ana 4 (+3" in quiet
    english = _summary("Carnegie", msg("Round {n} is over", n=1), [], ["Ana"], after, before)
    assert "**Provisional score**" in english and "Nothing of note happened." in english


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["once", "twice", "5 times", "1 day 2 hours", "21 minutes", "a, b and c"]),
        ("uk", ["один раз", "двічі", "5 разів", "1 день 2 години", "21 хвилина", "a, b і c"]),
    ],
)
def test_counts_lengths_and_lists_follow_the_language(lang: str, shown: list[str]) -> None:
    with speaking(lang):
        said = [
            times(1),
            times(2),
            times(5),
            duration(86400 + 7200),
            duration(21 * 60),
            listing(["a", "b", "c"]),
        ]
    assert said[:5] == shown[:5]
    if lang == "en":
        assert said[5] == shown[5]


def test_stored_events_keep_their_keys() -> None:
    """An event read back from the log is said again in the reader's language (its key, arguments
    and the sentences in its data survive the database); a row stored before keeps its English."""
    told = Event(
        kind="x",
        text=msg("{who} builds {what}", who="{p0}", what=msg("Sales")),
        data={"fold": {"item": msg("Sales"), "one": "plain"}, "n": 3},
    )
    (back,) = said_events.loads(said_events.dumps([told]))
    assert isinstance(back.text, Msg) and back.text.key == "{who} builds {what}"
    assert back.text == told.text and back.data["fold"]["item"].key == "Sales"
    assert back.data["n"] == 3 and back.data["fold"]["one"] == "plain"
    (old,) = said_events.loads('[{"kind": "x", "text": "{p0} built it.", "data": {}}]')
    assert old.text == "{p0} built it." and not isinstance(old.text, Msg)


def _fields(value: object) -> object:
    """All a sentence carries, nested sentences too (``Msg`` equality compares the English only)."""
    if isinstance(value, Msg):
        return (
            str(value),
            value.key,
            {k: _fields(v) for k, v in value.args.items()},
            value.many,
            value.n,
            value.sep,
            tuple(_fields(p) for p in value.parts),
            value.unit,
            value.limit,
        )
    if isinstance(value, dict):
        return {k: _fields(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_fields(v) for v in value]
    return value


def test_stored_sentences_leave_out_their_defaults_and_read_back_whole() -> None:
    """Every event of a whole Carnegie game, stored and read back: each sentence comes back with all its
    fields (key, arguments, plural, parts, catalogue unit, limit), though the row leaves out the fields at
    their defaults and a unit the enclosing sentence has; a row written with every field, as before, reads
    the same."""
    import json

    from engine.carnegie import GAME
    from engine.core import RandomPlayer, play

    _, played = play(GAME, GAME.new_game(2, 5, {}), [RandomPlayer(1), RandomPlayer(2)])
    events = [e for p in played for e in p.events]
    assert len(events) > 100
    said = [e for e in events if isinstance(e.text, Msg)]
    assert any(
        isinstance(v, Msg) and v.unit for e in said if isinstance(e.text, Msg) for v in e.text.args.values()
    )
    stored = said_events.dumps(events)
    assert '"many": null' not in stored and '"limit": null' not in stored
    assert _fields([e.text for e in said_events.loads(stored)]) == _fields([e.text for e in events])
    assert _fields([e.data for e in said_events.loads(stored)]) == _fields([e.data for e in events])

    def full(text: Msg) -> dict[str, object]:
        # the rows as the bot wrote them before: every field of every sentence, spelled out here on purpose
        def inner(v: object) -> object:
            return full(v) if isinstance(v, Msg) else v

        if isinstance(text, Amount):  # an amount of money has only ever been stored as its value and sign
            return {"amount": text.value, "sign": text.sign}
        return {
            "key": text.key,
            "args": {k: inner(v) for k, v in text.args.items()},
            "many": text.many,
            "n": text.n,
            "sep": text.sep,
            "parts": [inner(p) for p in text.parts],
            "unit": text.unit,
            "limit": text.limit,
        }

    older = json.dumps(
        [{**e.model_dump(mode="json"), "said": full(e.text)} for e in said if isinstance(e.text, Msg)]
    )
    assert _fields([e.text for e in said_events.loads(older)]) == _fields([e.text for e in said])
