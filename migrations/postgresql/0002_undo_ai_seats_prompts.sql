-- PostgreSQL's twin of ../0002 (BIGINT integers, triggers through refuse_change()).

ALTER TABLE actions ADD COLUMN barrier BIGINT NOT NULL DEFAULT 0 CHECK (barrier IN (0, 1));

CREATE TABLE undos (
    game_id        BIGINT  NOT NULL,
    seq            BIGINT  NOT NULL,
    user_id        BIGINT  NOT NULL,
    interaction_id BIGINT  UNIQUE,
    version_after  BIGINT  NOT NULL,
    created_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, seq) REFERENCES actions (game_id, seq)
);

CREATE TRIGGER undos_are_append_only_update BEFORE UPDATE ON undos
    FOR EACH ROW EXECUTE FUNCTION refuse_change('the undo log is append-only');

CREATE TRIGGER undos_are_append_only_delete BEFORE DELETE ON undos
    FOR EACH ROW EXECUTE FUNCTION refuse_change('the undo log is append-only');

ALTER TABLE seats ADD COLUMN display_name TEXT;

ALTER TABLE seats ADD COLUMN is_ai BIGINT NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1));

ALTER TABLE games ADD COLUMN prompt_message_id BIGINT;
ALTER TABLE games ADD COLUMN prompt_seats TEXT;
ALTER TABLE games ADD COLUMN waiting_since TEXT;

CREATE TABLE round_posts (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    round      BIGINT  NOT NULL,
    totals     TEXT    NOT NULL DEFAULT '[]',
    message_id BIGINT,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, round)
);
