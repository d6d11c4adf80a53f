-- Async life (issue 20): turn clocks, reminders, quiet hours, vacations, skipping and hand-back.
-- Portable SQL (SQLite and PostgreSQL): INTEGER and TEXT columns, explicit primary keys, no
-- SQLite-only functions; BIGINT for Discord ids and times. Times in these tables are integer epoch
-- seconds (UTC).

-- The game's speed, chosen at /game new ('none', 'relaxed', 'normal', 'fast', 'live'); games made
-- before turn clocks existed have no limit.
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT 'none';

-- Which seat a schedule is about (a reminder, an out-of-time), so a move cancels that seat's jobs
-- and nobody else's; NULL for jobs about the whole game (post retries).
ALTER TABLE schedules ADD COLUMN seat INTEGER;

CREATE INDEX schedules_by_game_seat ON schedules (game_id, seat);

-- One row per seat of a started game with a clock. `bank` is the time left as counted at
-- `deciding_since` (the moment the seat's current decision came to it, or was last counted; NULL
-- while it waits for others): the time running now is worked out from it, the player's quiet hours and vacation.
CREATE TABLE seat_clocks (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    bank           BIGINT NOT NULL,
    deciding_since BIGINT,
    -- clock time this decision had already run before `deciding_since` (moved on by a change of
    -- quiet hours or a vacation, which count from then on)
    waited         BIGINT NOT NULL DEFAULT 0,
    -- 1 = the bank ran out on the current decision: the others may skip the seat
    out_of_time    INTEGER NOT NULL DEFAULT 0 CHECK (out_of_time IN (0, 1)),
    -- 1 = skipped: the bot plays the seat until its player is back
    skipped        INTEGER NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1)),
    -- 1 = expelled after a long absence by a vote of the others (or the host): the bot plays the
    -- seat to the end and the game's result is flagged
    expelled       INTEGER NOT NULL DEFAULT 0 CHECK (expelled IN (0, 1)),
    vacation_from  BIGINT,
    vacation_until BIGINT,
    -- days of vacation taken in this game (bounded per game)
    vacation_days  INTEGER NOT NULL DEFAULT 0,
    -- the last reminder sent to this seat's player in this game
    reminded_at    BIGINT,
    PRIMARY KEY (game_id, seat)
);

-- A player's own settings (/boardroom me): their time zone (IANA name), quiet hours in local
-- whole hours [quiet_from, quiet_until) (NULL: none), and reminders by direct message.
CREATE TABLE player_settings (
    user_id     BIGINT NOT NULL,
    timezone    TEXT    NOT NULL DEFAULT 'UTC',
    quiet_from  INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
    quiet_until INTEGER CHECK (quiet_until BETWEEN 0 AND 23),
    dm          INTEGER NOT NULL DEFAULT 0 CHECK (dm IN (0, 1)),
    PRIMARY KEY (user_id)
);

-- Every clock event (reminder, out of time, skip, back, vacation, a vote to expel, expelled), shown in /game log after the
-- action it followed (`after_seq`, 0 before any) and exported with the game.
CREATE TABLE clock_events (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ord       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    after_seq INTEGER NOT NULL,
    -- who caused it (the skipping player), 0 when the bot did
    by_user   BIGINT NOT NULL DEFAULT 0,
    detail    TEXT    NOT NULL DEFAULT '',
    at        BIGINT NOT NULL,
    PRIMARY KEY (game_id, ord)
);
