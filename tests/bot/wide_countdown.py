"""The wide countdown test game (many "take N" choices, so the turn view shows select menus), as a
game module of its own: a GAME_MODULES entry names one game."""

from tests.bot.countdown_game import WIDE_COUNTDOWN

GAME = WIDE_COUNTDOWN
