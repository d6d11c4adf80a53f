"""Board images drawn with Pillow from engine views; returns PNG bytes, never touches Discord.

Entry points live per game (``render.carnegie``); ``python -m render`` writes review images.
"""
