-- The first schema: games, their seats, the append-only action log and the schedules table.
-- Times are ISO-8601 UTC text written by the bot (SQLite has no time type); ids from Discord
-- are 64-bit snowflakes, which fit SQLite's INTEGER.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options          TEXT    NOT NULL DEFAULT '{}',
    -- the table size chosen with /game new [players]; NULL = anything the game allows
    seats_wanted     INTEGER,
    seed             INTEGER,
    version          INTEGER NOT NULL DEFAULT 0,
    snapshot         TEXT,
    lobby_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    ended_at         TEXT
);

-- One active game per channel: a lobby or a game in progress.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    -- join order in the lobby; the seat number is given at start (NULL before)
    joined_seq INTEGER NOT NULL,
    seat       INTEGER,
    is_host    INTEGER NOT NULL DEFAULT 0 CHECK (is_host IN (0, 1)),
    joined_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, joined_seq),
    UNIQUE (game_id, seat)
);

-- The action log: new_game(seed) plus these rows in seq order replays to the snapshot.
CREATE TABLE actions (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    seat           INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    notation       TEXT    NOT NULL,
    -- a replayed Discord interaction carries the same id, so it is applied once
    interaction_id INTEGER UNIQUE,
    version_after  INTEGER NOT NULL,
    events         TEXT    NOT NULL DEFAULT '[]',
    created_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TRIGGER actions_are_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_are_append_only_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- Reminders and deadlines live here, never only in memory, so a restart loses none.
CREATE TABLE schedules (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    due_at     TEXT    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',
    done_at    TEXT,
    created_at TEXT    NOT NULL
);

CREATE INDEX schedules_due ON schedules (due_at) WHERE done_at IS NULL;
