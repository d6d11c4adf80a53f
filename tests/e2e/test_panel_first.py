"""The clicker's panel beside the channel's posts, and the thread's order kept: a click that owes no
summary has its panel redrawn without waiting for its turn line (the two go out side by side, in
the game's order of announcements); a click that closes a round (or the game) posts the summary
first, so that nobody, however fast, plays the next round before its summary and turn line are
in the thread."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from pathlib import Path
from typing import Any

from tests.e2e.carnegie_play import (
    TAKE_MY_TURN,
    Played,
    check_finished_game,
    open_carnegie,
    pick,
    seeded,
    turn_line,
)
from tests.fakediscord import PATIENCE, FakeDiscord
from tests.fakediscord.outcome import InteractionOutcome
from tests.fakediscord.wire import RecordedRequest


def _over(fake: FakeDiscord) -> bool:
    return any("game over" in m.content for m in fake.channel_messages("games") if m.author.id == fake.bot.id)


async def _fast_player(
    fake: FakeDiscord, name: str, rng: random.Random, played: Played, clicks: list[InteractionOutcome]
) -> None:
    """A player who never waits: they open a panel from the newest turn line that names them as soon
    as it is there, and click the next choice the moment their panel is redrawn."""
    mention = f"<@{fake.users[name].id}>"
    while not _over(fake):
        line = turn_line(fake)
        if line is None or mention not in line.content:
            # Not their turn (yet): wait for a new turn line or an edit of this one.
            seen = (line.id, line.edits) if line is not None else None

            def moved(seen: tuple[int, int] | None = seen) -> bool:
                new = turn_line(fake)
                return _over(fake) or (new is not None and (new.id, new.edits) != seen)

            with contextlib.suppress(TimeoutError):
                await fake.wait_until(moved, PATIENCE, "a new turn line")
            continue
        opened = await fake.click_button(name, line, TAKE_MY_TURN, timeout=PATIENCE)
        panel = await opened.wait_response()
        while panel.iter_components():
            custom_id, value = pick(panel, rng, prefer_done=0.75)
            edits = panel.edits
            if value is None:
                outcome = await fake.click(name, panel, custom_id, timeout=PATIENCE)
            else:
                outcome = await fake.select(name, panel, custom_id, [value], timeout=PATIENCE)
            await fake.wait_until(
                lambda: fake.message(panel.id).edits > edits or bool(outcome.replies),  # noqa: B023
                PATIENCE,
                "the panel to be redrawn",
            )
            clicks.append(outcome)
            if outcome.replies:
                break  # refused (a choice made stale by the other player): back to the turn line
            played.clicks += 1
            panel = fake.message(panel.id)
        played.decisions += 1
        if not panel.iter_components():
            # Done for now: the line they opened it from is retired or edited once the game moved on.
            with contextlib.suppress(TimeoutError):
                await fake.wait_until(
                    lambda: _over(fake) or turn_line(fake) is not line or not fake.message(line.id).buttons(),  # noqa: B023
                    PATIENCE,
                    "the game to move on",
                )


async def test_fast_clickers_see_every_summary_before_the_next_rounds_turn_line_and_panels_go_first(
    fake_discord: FakeDiscord, start_bot: Any, tmp_path: Path
) -> None:
    fake = fake_discord
    handle = seeded(await start_bot(tmp_path / "db.sqlite3"), 20261121)
    players = ["alice", "bob"]
    await open_carnegie(fake, players)
    played = Played()
    rng = random.Random(7)
    clicks: list[InteractionOutcome] = []
    await asyncio.wait_for(
        asyncio.gather(*(_fast_player(fake, name, rng, played, clicks) for name in players)), 20 * PATIENCE
    )
    # Every round's summary, in order, each followed directly by the next round's turn line (not by
    # the next summary), and the final result last.
    await check_finished_game(fake, handle, players, played)
    # The clicks that handed the game over, by whether the channel owed a summary first.
    public = [m for m in fake.channel_messages("games") if m.author.id == fake.bot.id]
    after_summary = {b.id for a, b in itertools.pairwise(public) if "is over.**" in a.content}
    beside = behind = 0
    for outcome in clicks:
        lines = [m for m in outcome.record.followups if not m.ephemeral]
        if not lines:
            continue
        (line,) = lines
        token = f"/{outcome.record.token}"
        redrawn = _sent(fake, "PATCH", token + "/messages/@original")
        posted = _sent(fake, "POST", token)
        if line.id in after_summary and (redrawn.json or {}).get("components"):
            # The round's summary, then its turn line, then the panel with the next round's step.
            assert posted.finished <= redrawn.started, (posted, redrawn)
            behind += 1
        else:
            # Nothing owed, or nothing left to choose on the panel: it went out before the turn line.
            assert redrawn.started <= posted.started, (redrawn, posted)
            beside += 1
    assert beside and behind, (beside, behind)


def _sent(fake: FakeDiscord, method: str, ending: str) -> RecordedRequest:
    """The first request ``method`` to a path ending in ``ending`` that Discord took (a panel is
    edited again later through the same token, when the decision comes back to its player)."""
    return next(r for r in fake.requests if r.method == method and r.path.endswith(ending) and r.status < 300)
