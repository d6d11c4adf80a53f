"""The transcript tool (issue 14, item 8): ``make transcript`` plays seeded games through the real
discord.py client against the loopback fake Discord and writes what the players saw and did to
``docs/transcripts/<game>-<n>p.md`` (``<game>-solo.md`` for one player). Regenerate and commit the
transcripts whenever player-facing text changes: they are how the table is reviewed.

Any of the five languages (issue 21): ``make transcript-uk`` (``-ru``, ``-pl``, ``-ca``) plays the same
seeded games, created with ``/game new language:uk`` and every player having chosen
``/boardroom me language:uk``, into ``docs/transcripts/<game>-<n>p.uk.md``; one table with
``python -m tests.transcript --game carnegie --players 2 --language uk``. The players click by what a
button carries (its custom_id, an option's value), never by its words, so every language plays the same
moves and the files differ only in the words.

Parts: ``journal.py`` (the fake, noting every message a player sees), ``play.py`` (the scripted
players), ``write.py`` (Markdown and the counts), ``patterns.py`` (what a player must never read).
"""
