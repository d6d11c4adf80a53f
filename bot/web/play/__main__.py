"""``python -m bot.web.play`` (``make play``): the local table at http://127.0.0.1:8000/play."""

from __future__ import annotations

import asyncio
import sys

from pydantic import ValidationError

from bot.config import Settings
from bot.web.play.serve import serve


def announce(address: str) -> None:
    print(f"The local table is open at {address} (Ctrl-C stops it).", flush=True)


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"The settings are invalid (see .env.example):\n{exc}", file=sys.stderr)
        return 3
    try:
        asyncio.run(serve(settings, announce))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"Cannot open the local table: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
