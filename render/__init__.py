"""Board images drawn with Pillow from engine views; returns PNG bytes, never touches Discord.

Each game's package (``render.carnegie``) exposes ``PICTURES``; ``python -m bot.draw`` writes review images.
"""
