"""The sessions suite's fixtures (a migrated database of each backend, a sessions service over it)."""

from tests.bot.conftest import Clock, db, sessions

__all__ = ["Clock", "db", "sessions"]
