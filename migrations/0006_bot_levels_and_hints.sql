-- Seats the bot plays have a level (issue 22): the one chosen when the bot was seated in the lobby
-- ("Add a bot"), or the game's level for replacements when a player's seat was handed over. NULL on
-- older rows and on people's seats: the game's first (default) level.

ALTER TABLE seats ADD COLUMN ai_level TEXT;

-- /game hint (issue 22): the strong bot's suggestion, shown privately; that a player asked is no
-- secret, and /game log tells it after the action it followed (`after_seq`, 0 before any action).
CREATE TABLE hints (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    after_seq  INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    created_at TEXT    NOT NULL
);

CREATE INDEX hints_by_game ON hints (game_id, after_seq);
