"""Carnegie (Xavier Georges, Quined Games 2022): rules engine for 1 (solo against Andrew) to 4 players."""

from engine.carnegie.game import CARNEGIE, CarnegieGame
from engine.core.registry import register

register(CARNEGIE)

__all__ = ["CARNEGIE", "CarnegieGame"]
