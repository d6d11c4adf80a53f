"""Board images drawn with Pillow from engine views; returns PNG bytes, never touches Discord.

``render.common`` holds what every game draws with (canvas, fonts, player colours and markers, an
icon table type, PNG encoding, the ``Pictures`` protocol) and names no game. Each game's package,
``render.<game>``, exposes ``PICTURES``; ``python -m bot.ops.draw`` writes review images.
"""
