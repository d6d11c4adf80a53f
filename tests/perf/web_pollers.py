"""``python -m tests.perf.web_pollers URL PAGES EVERY SECONDS``: that many open live pages polling URL
every EVERY seconds for SECONDS, in a process of their own (so their client work is not on the
measured server's loop); prints each poll's round trip in ms as one JSON list."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time

import aiohttp


async def _page(
    client: aiohttp.ClientSession, url: str, every: float, stop: asyncio.Event, out: list[float]
) -> None:
    await asyncio.sleep(random.random() * every)  # pages opened at different moments
    while not stop.is_set():
        start = time.perf_counter()
        async with client.get(url) as response:
            await response.read()
        out.append((time.perf_counter() - start) * 1000)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def main(url: str, pages: int, every: float, seconds: float) -> list[float]:
    out: list[float] = []
    stop = asyncio.Event()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=pages + 10)) as client:
        tasks = [asyncio.create_task(_page(client, url, every, stop, out)) for _ in range(pages)]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*tasks)
    return out


if __name__ == "__main__":
    url, pages, every, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    print(json.dumps(asyncio.run(main(url, pages, every, seconds))))
