"""The web companion: a page per game (the board, players, scores, the log, live), its replay and a
player's own view through a signed link, served by the bot's process over aiohttp.

It reads games through the table service and draws through the render pool as the Discord room does,
never imports discord and never changes a game: every route is a GET (``app.make_app``)."""
