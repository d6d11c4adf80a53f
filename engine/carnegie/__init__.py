"""Carnegie (Xavier Georges, Quined Games 2022): rules engine for 1 (solo against Andrew) to 4 players.

``GAME`` is the protocol object (``engine.core.Game``) the bot's table of games imports; importing this
package registers nothing.
"""

from engine.carnegie.game import GAME, CarnegieGame

__all__ = ["GAME", "CarnegieGame"]
