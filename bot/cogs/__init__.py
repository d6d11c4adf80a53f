"""Cogs: ``lobby`` (game-agnostic), ``admin``, and one GroupCog per game (``carnegie``)."""
