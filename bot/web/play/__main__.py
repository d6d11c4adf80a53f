"""``python -m bot.web.play`` (``make play``): the local table at http://127.0.0.1:8000/play."""

from __future__ import annotations

import sys

from pydantic import ValidationError

from bot.config import Settings
from bot.web.play.serve import run_local_table

EXIT_BAD_SETTINGS = 3


def main() -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"The settings are invalid (see .env.example):\n{exc}", file=sys.stderr)
        return EXIT_BAD_SETTINGS
    return run_local_table(settings)


if __name__ == "__main__":
    sys.exit(main())
