-- PostgreSQL's twin of ../0006. `rowid` is explicit here: SQLite gives every table one, and
-- games.hints orders by it (the order the hints were asked in).

ALTER TABLE seats ADD COLUMN ai_level TEXT;

CREATE TABLE hints (
    rowid      BIGINT  GENERATED ALWAYS AS IDENTITY,
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    after_seq  BIGINT  NOT NULL,
    seat       BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    created_at TEXT    NOT NULL
);

CREATE INDEX hints_by_game ON hints (game_id, after_seq);
