"""Testing only: point discord.py at a loopback fake Discord through the documented ``connector=``.

Every host name (discord.com, gateway.discord.gg, the resume host) resolves to the fake's address
and port; TLS is not verified because the fake serves a throwaway self-signed certificate. No
library attribute is touched. Used only when ``DISCORD_LOOPBACK`` is set.
"""

from __future__ import annotations

import socket

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult


class LoopbackResolver(AbstractResolver):
    def __init__(self, host: str, port: int) -> None:
        self._host = host
        self._port = port

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        # The port is replaced too: discord.py asks for 443, the fake listens elsewhere.
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
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"DISCORD_LOOPBACK must be 'host:port', got {value!r}")
    return host, int(port)


def loopback_connector(value: str) -> aiohttp.TCPConnector:
    host, port = parse_loopback(value)
    return aiohttp.TCPConnector(resolver=LoopbackResolver(host, port), ssl=False, limit=0)
