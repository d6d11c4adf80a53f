"""Cogs: ``lobby`` (game-agnostic) and ``admin``; one GroupCog per game comes later."""
