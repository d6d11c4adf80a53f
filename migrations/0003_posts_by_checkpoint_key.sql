-- Summaries follow the game's checkpoints (a Carnegie round, a Nipron scoring), named by a key the
-- engine chooses ("round-9", "scoring-1"); the final result is the key "final". Replaces
-- round_posts, whose integer round could not name a Nipron scoring and stored the final post as
-- "round 10000". `ord` keeps the order the posts were made in, so a summary compares its totals
-- with the checkpoint before it.

CREATE TABLE posts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT    NOT NULL,
    ord        INTEGER NOT NULL,
    totals     TEXT    NOT NULL DEFAULT '[]',
    message_id INTEGER,
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
