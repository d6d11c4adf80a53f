-- A summary or final post is owed from the moment the move that reached it is saved (a `posts` row
-- written in the same transaction, `posted_at` NULL) until it was sent (`posted_at` set). Before,
-- the row was written just before drawing and sending, so a crash in between lost the post for
-- good; now a restart posts whatever is still owed. Every existing row was posted already.

ALTER TABLE posts ADD COLUMN posted_at TEXT;

UPDATE posts SET posted_at = created_at;

CREATE INDEX posts_owed ON posts (game_id, ord) WHERE posted_at IS NULL;
