-- PostgreSQL's twin of ../0005 (BIGINT integers).

ALTER TABLE games ADD COLUMN thread_wanted BIGINT NOT NULL DEFAULT 0 CHECK (thread_wanted IN (0, 1));

ALTER TABLE games ADD COLUMN parent_channel_id BIGINT;

CREATE INDEX games_by_parent_channel ON games (parent_channel_id) WHERE parent_channel_id IS NOT NULL;
