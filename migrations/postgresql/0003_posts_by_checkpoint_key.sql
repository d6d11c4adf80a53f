-- PostgreSQL's twin of ../0003 (BIGINT integers).

CREATE TABLE posts (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT    NOT NULL,
    ord        BIGINT  NOT NULL,
    totals     TEXT    NOT NULL DEFAULT '[]',
    message_id BIGINT,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, key)
);

INSERT INTO posts (game_id, key, ord, totals, message_id, created_at)
SELECT game_id,
       CASE WHEN round = 10000 THEN 'final' ELSE 'round-' || round END,
       round,
       totals,
       message_id,
       created_at
FROM round_posts;

DROP TABLE round_posts;
