-- After the game: each ended game's result, the players' ratings and who hides their profile.
-- Portable SQL (SQLite and PostgreSQL): DOUBLE PRECISION keeps a rating's float exactly on both, so
-- `python -m bot.ops.ratings --recompute` finds the stored values to the last bit.

-- 1 = the bot chose this action (a seat it plays from the start, a replaced, skipped or expelled
-- player's seat): how much of a person's seat the bot played decides whether that person is rated.
ALTER TABLE actions ADD COLUMN by_bot INTEGER NOT NULL DEFAULT 0 CHECK (by_bot IN (0, 1));

-- One row per started game that ended (finished, or abandoned once started), written in the
-- transaction that ended it. `unrated` says why a finished game moved no rating ('' when rated):
-- 'people' (fewer than two rated people), 'imported', 'abandoned'.
CREATE TABLE results (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    outcome  TEXT    NOT NULL CHECK (outcome IN ('finished', 'abandoned')),
    ended_at TEXT    NOT NULL,
    unrated  TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (game_id)
);

-- Recompute replays rated games in this order; a server's history reads it newest first.
CREATE INDEX results_in_order ON results (ended_at, game_id);
CREATE INDEX results_by_guild ON results (guild_id, game, ended_at);

-- Each seat of an ended game. `player` is the rating's key: 'u<user id>' for a person, 'bot:<level>'
-- for a seat the bot played from the start. `place` counts from 1 (ties share it; an expelled seat
-- is last). `mu`/`sigma` are the everywhere rating after this game (NULL: the seat was not rated).
CREATE TABLE result_seats (
    game_id    BIGINT  NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    BIGINT  NOT NULL,
    player     TEXT    NOT NULL,
    name       TEXT,
    place      INTEGER NOT NULL,
    score      INTEGER,
    won        INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1)),
    expelled   INTEGER NOT NULL DEFAULT 0 CHECK (expelled IN (0, 1)),
    moves      INTEGER NOT NULL DEFAULT 0,
    bot_moves  INTEGER NOT NULL DEFAULT 0,
    skipped    INTEGER NOT NULL DEFAULT 0,
    -- the median wait before this seat's own moves, in seconds (NULL: it made none)
    median_move INTEGER,
    mu         DOUBLE PRECISION,
    sigma      DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat)
);

-- A profile and a history read one person's seats, newest first.
CREATE INDEX result_seats_by_user ON result_seats (user_id, game_id);

-- The current rating of every rated player (people and the bot's levels), per game, in one
-- server (`scope` = its guild id) and everywhere (`scope` = 0). `ordinal` is mu - 3 sigma, what the
-- leaderboards sort by.
CREATE TABLE ratings (
    scope     BIGINT  NOT NULL,
    game      TEXT    NOT NULL,
    player    TEXT    NOT NULL,
    user_id   BIGINT  NOT NULL,
    -- the name the player last played under (a leaderboard shows it without another lookup)
    name      TEXT,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    ordinal   DOUBLE PRECISION NOT NULL,
    games     INTEGER NOT NULL,
    PRIMARY KEY (scope, game, player)
);

-- A leaderboard page and its count read this index alone (the rows' own columns after it).
CREATE INDEX ratings_board ON ratings (game, scope, ordinal, games, user_id);

-- Running sums per person and game, moved by each ended game in its own transaction, so a profile
-- reads one row per game however many games the player has (the ratings command rebuilds them).
CREATE TABLE player_tallies (
    user_id   BIGINT  NOT NULL,
    game      TEXT    NOT NULL,
    played    INTEGER NOT NULL,
    finished  INTEGER NOT NULL,
    won       INTEGER NOT NULL,
    abandoned INTEGER NOT NULL,
    expelled  INTEGER NOT NULL,
    best      INTEGER,
    score_sum BIGINT  NOT NULL,
    scored    INTEGER NOT NULL,
    skipped   INTEGER NOT NULL,
    PRIMARY KEY (user_id, game)
);

-- Head-to-head per ordered pair of people and game: finished games both sat in, where `user_id`
-- placed ahead of, behind or level with `other_id`.
CREATE TABLE head_to_head (
    user_id  BIGINT  NOT NULL,
    other_id BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    ahead    INTEGER NOT NULL,
    behind   INTEGER NOT NULL,
    level    INTEGER NOT NULL,
    PRIMARY KEY (user_id, other_id, game)
);

-- A player who hid their profile (/boardroom me): others see no profile or history of theirs and the
-- leaderboards leave them out; their ratings are still kept, so coming back restores them.
CREATE TABLE hidden_profiles (
    user_id BIGINT NOT NULL,
    at      TEXT   NOT NULL,
    PRIMARY KEY (user_id)
);
