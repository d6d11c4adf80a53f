"""Boardroom's bot: the games of ``engine/`` at tables people play, on Discord or another front door.
Of the three layers, only this one touches Discord, SQL and the clock.

Rooms, from the ground up (``tests/test_architecture.py`` keeps every import pointing down):

- ``storage/``: all SQL, SQLite or PostgreSQL, behind one ``Connection`` protocol.
- ``config.py`` (the settings) and ``plugins.py`` (the table of games): read by every room.
- ``service/``: the table service, no Discord: open a table and seat players (``lobby``), play a
  move or an undo (``play``, the engine's part in ``moves``), read a table (``reading``), what a
  game owes its channel (``posts``), the words of summaries (``narrate``), the bot's seats and the
  render pool. ``Sessions`` composes them over one ``Store``.
- ``clocks/``: turn clocks, no Discord: time banks, quiet hours, the seats' acts, reminders' jobs.
- ``ops/``: operators' command-line tools: backup, export and import, PostgreSQL move, picture review.
- ``on_discord/``: the only room that imports discord.py: the client, slash commands (``cogs/``),
  buttons and panels (``views/``), the announcer that posts to channels, the request pacer.

After a click: ``on_discord/views`` acknowledges it → ``service/play`` changes the game in one
transaction → ``on_discord/announce`` posts what the channel is owed (``service/posts``) → the
clicker's panel is redrawn (beside those posts when the click owes the channel no summary).
"""
