"""Nipron (the game printed as "Nippon", What's Your Game 2015): rules engine for 2–4 players.

The bot's table of games imports ``GAME``; nothing is registered here."""

from engine.nipron.game import GAME, NipronGame

__all__ = ["GAME", "NipronGame"]
