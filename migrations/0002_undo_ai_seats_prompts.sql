-- Undo, AI seats, display names and the public turn line (issue 6).
--
-- The action log stays append-only: an undo never deletes or edits a row. Instead it adds a row to
-- `undos` naming the action it reverts; replaying new_game(seed) plus the actions that have no
-- `undos` row gives the snapshot. `barrier` records the engine's Step.barrier for each action, so
-- undo never crosses a random draw, a reveal or a hand-over to another player.

ALTER TABLE actions ADD COLUMN barrier INTEGER NOT NULL DEFAULT 0 CHECK (barrier IN (0, 1));

CREATE TABLE undos (
    game_id        INTEGER NOT NULL,
    seq            INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    -- a Discord interaction delivered twice undoes once
    interaction_id INTEGER UNIQUE,
    version_after  INTEGER NOT NULL,
    created_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES actions (game_id, seq)
);

CREATE TRIGGER undos_are_append_only_update BEFORE UPDATE ON undos
BEGIN
    SELECT RAISE(ABORT, 'the undo log is append-only');
END;

CREATE TRIGGER undos_are_append_only_delete BEFORE DELETE ON undos
BEGIN
    SELECT RAISE(ABORT, 'the undo log is append-only');
END;

-- The name a player had when they joined, for event texts ({p0}..{p3}) and images; mentions are
-- used only where a ping is meant.
ALTER TABLE seats ADD COLUMN display_name TEXT;

-- 1 = the seat is played by the bot (a player replaced by the host or a moderator).
ALTER TABLE seats ADD COLUMN is_ai INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1));

-- The public "your turn" line of the current decision and since when it waits.
ALTER TABLE games ADD COLUMN prompt_message_id INTEGER;
ALTER TABLE games ADD COLUMN prompt_seats TEXT;
ALTER TABLE games ADD COLUMN waiting_since TEXT;

-- One summary message per finished round (posted once, even after a restart or a redelivery).
CREATE TABLE round_posts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    round      INTEGER NOT NULL,
    totals     TEXT    NOT NULL DEFAULT '[]',
    message_id INTEGER,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, round)
);
