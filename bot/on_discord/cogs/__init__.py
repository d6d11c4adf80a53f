"""Cogs: ``lobby`` (the ``/game`` group: lobby commands plus the play commands of ``play``), ``admin``."""
