"""The local table's identities: a game played at one screen (``make play``) lives in the same
database as a Discord game, so it replays, exports and imports like one, under ids no Discord object
can have: the guild 0, a channel of its own below any snowflake, and its people numbered by seat.
The Discord process never catches such a game up (``Posts.games_to_catch_up``): nothing of it is
posted anywhere."""

from __future__ import annotations

from bot.service.tables import Table
from bot.storage.games import BOT_USER_IDS

# No Discord guild has the id 0 (snowflakes count milliseconds since 2015).
LOCAL_GUILD_ID = 0
# The people at the screen, by the order they sit in: user ids 1-4, below any snowflake and below the
# bot seats' ids (BOT_USER_IDS and up).
MAX_PEOPLE = 4
PERSON_IDS = tuple(range(1, MAX_PEOPLE + 1))
# A local game's channel: one per game (a channel holds one open game), below any snowflake.
LOCAL_CHANNELS = range(1, BOT_USER_IDS)


def is_local(table: Table) -> bool:
    return table.game.guild_id == LOCAL_GUILD_ID
