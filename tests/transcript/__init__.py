"""The transcript tool (issue 14, item 8): ``make transcript`` plays seeded games through the real
discord.py client against the loopback fake Discord and writes what the players saw and did to
``docs/transcripts/<game>-<n>p.md`` (``<game>-solo.md`` for one player). Regenerate and commit the
transcripts whenever player-facing text changes: they are how the table is reviewed.

Parts: ``journal.py`` (the fake, noting every message a player sees), ``play.py`` (the scripted
players), ``write.py`` (Markdown and the counts), ``patterns.py`` (what a player must never read).
"""
