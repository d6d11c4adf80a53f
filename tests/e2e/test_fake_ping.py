"""The fake's bare round trip (``Gateway.ping``): it asks the connected client's gateway for a heartbeat
and times the answer, the floor the load benchmark holds acknowledgements against."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import PATIENCE, FakeDiscord
from tests.fakediscord.harness import start_client


async def test_the_client_answers_a_heartbeat_request_and_the_fake_times_it(
    fake_discord: FakeDiscord,
) -> None:
    with pytest.raises(ConnectionError):
        await fake_discord.gateway.ping(PATIENCE)  # nobody connected yet: no figure, not a zero
    client = discord.Client(intents=discord.Intents.default(), connector=fake_discord.connector())
    client._connection.guild_ready_timeout = 0.05
    handle = await start_client(client, fake_discord)
    try:
        before = fake_discord.gateway.log.heartbeats
        trips = [await fake_discord.gateway.ping(PATIENCE) for _ in range(3)]
        assert all(0 < trip < PATIENCE for trip in trips)
        assert fake_discord.gateway.log.heartbeats >= before + 3, "each ping was the client's heartbeat"
        sent = [f for f in fake_discord.gateway.log.received if f.get("op") == 1]
        assert len(sent) >= 3
    finally:
        await handle.stop()
    handle.raise_if_crashed()
