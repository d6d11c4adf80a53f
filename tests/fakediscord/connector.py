"""Route every host discord.py contacts (discord.com, gateway.discord.gg, the resume host) to the fake.

The bot needs the same few lines when ``Settings.discord_loopback`` is set; the product must not
import tests, so ``bot/`` carries its own copy (see the lead's note) and this one serves the tests.
"""

from __future__ import annotations

import socket

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult


class LoopbackResolver(AbstractResolver):
    """Resolves any host name to one fixed address and port (the fake Discord)."""

    def __init__(self, host: str, port: int) -> None:
        self._host = host
        self._port = port

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        # The port is replaced too: discord.py asks for 443, the fake listens on a random port.
        return [
            {
                "hostname": host,
                "host": self._host,
                "port": self._port,
                "family": socket.AF_INET,
                "proto": 0,
                "flags": socket.AI_NUMERICHOST,
            }
        ]

    async def close(self) -> None:
        return None


def parse_loopback(value: str) -> tuple[str, int]:
    """``"127.0.0.1:8443"`` -> ``("127.0.0.1", 8443)``."""
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"discord_loopback must be 'host:port', got {value!r}")
    return host, int(port)


def make_connector(host: str, port: int) -> aiohttp.TCPConnector:
    """A connector for ``discord.Client(connector=...)`` that talks TLS to the fake without verifying
    its throwaway self-signed certificate."""
    return aiohttp.TCPConnector(resolver=LoopbackResolver(host, port), ssl=False, limit=0)
