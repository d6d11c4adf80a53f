"""The private panel's layout by the number of choices: up to 20 (four rows of five) are buttons,
more are select menus (issue 17, finding 11: exactly 20 once became a menu with no test failing)."""

from __future__ import annotations

import dataclasses

import discord

from bot.on_discord.views.turn import turn_view
from bot.service.limits import MAX_BUTTONS
from bot.service.sessions import Sessions
from bot.service.tables import Choice
from engine.core.words import Msg, fit, msg
from render.common.language import say, speaking
from tests.bot.test_sessions import BOB, CHANNEL, GUILD, HOST


async def _panel_with(sessions: Sessions, counter: int) -> tuple[int, discord.ui.View]:
    """Bob's panel in the wide countdown once the counter is ``counter`` (choices: take 1 to the
    counter, and draw)."""
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL + counter, game_name="wide", host_id=HOST, seats=2
    )
    await sessions.lobby.join(table.id, BOB)
    await sessions.lobby.start(table.id, HOST)
    for user, take in ((HOST, 30), (BOB, 30), (HOST, 40 - counter)):
        await sessions.play.act(table.id, user, f"take {take}", expected_version=None, interaction_id=None)
    status = await sessions.reading.status(table.id)
    assert status.progress is not None
    seat = status.progress.decision.seats[0]
    view = turn_view(status.table, status.progress, seat)
    assert view is not None
    return len(status.progress.choices[seat]), view


def _items(view: discord.ui.View) -> list[discord.ui.Item[discord.ui.View]]:
    # The panel's buttons and menus are dynamic items (parsed back from their custom_id).
    return [getattr(child, "item", child) for child in view.children]


async def test_twenty_choices_are_buttons_and_twenty_one_are_menus(sessions: Sessions) -> None:
    count, view = await _panel_with(sessions, 19)
    assert count == MAX_BUTTONS == 20
    buttons = [b for b in _items(view) if isinstance(b, discord.ui.Button) and b.label not in LOOKS]
    assert len(buttons) == 20 and not [s for s in _items(view) if isinstance(s, discord.ui.Select)]
    count, view = await _panel_with(sessions, 20)
    assert count == 21
    menus = [s for s in _items(view) if isinstance(s, discord.ui.Select)]
    assert [len(m.options) for m in menus] == [21]


LOOKS = {"Board", "My board", "Since your last turn"}


async def test_labels_of_one_kind_in_a_group_are_shortened_the_same_way(sessions: Sessions) -> None:
    """A level of grouped choices shortens its labels of one kind to one form, as a panel without
    groups does: never "From R&D (free the $2 workplace) → X" beside "R&D, free $2 → Y" (sentences of
    the test's own, which no catalogue translates)."""
    table = await sessions.lobby.create_game(
        guild_id=GUILD, channel_id=CHANNEL + 99, game_name="wide", host_id=HOST, seats=2
    )
    await sessions.lobby.join(table.id, BOB)
    await sessions.lobby.start(table.id, HOST)
    status = await sessions.reading.status(table.id)
    assert status.progress is not None
    seat = status.progress.decision.seats[0]

    def journey(to: str) -> Msg:
        where = {"department": "Research", "price": "$2", "to": to}
        return fit(
            50,
            msg("Walk from {department} (leave the {price} desk) → {to}", **where),
            msg("{department}, leave {price} → {to}", **where),
        )

    places = ["Lobby", "Construction", "Trade and Finance", "Recruiting and Human Resources"] * 3
    grouped = [Choice(f"take {n + 1}", journey(to), ("Move an employee",)) for n, to in enumerate(places)]
    progress = dataclasses.replace(status.progress, choices={seat: [*grouped, Choice("draw", msg("Draw"))]})
    alone = {say(c.label, "en") for c in grouped}
    assert {x.split(" ")[0] for x in alone} == {"Walk", "Research,"}, alone
    with speaking("en"):
        view = turn_view(status.table, progress, seat, (0,))
    assert view is not None
    labels = [b.label or "" for b in _items(view) if isinstance(b, discord.ui.Button)]
    journeys = [label for label in labels if "→" in label]
    assert len(journeys) == len(grouped)
    assert all(label.startswith("Research, leave $2 → ") for label in journeys), journeys
