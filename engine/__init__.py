"""Pure, synchronous, deterministic game rules (stdlib + pydantic only).

``engine.core`` holds what every game shares; each game is a package of its own that exposes its
protocol object as ``GAME``. Nothing here imports a game: the bot's table of games does.
"""
