-- A summary or final post is sent as text first and its picture is edited onto it afterwards, so that
-- the clicker's panel and the next turn line never wait for a picture to be drawn. `picture_owed`
-- marks a sent post whose picture has not reached it yet (a restart draws it). Portable SQL.
ALTER TABLE posts ADD COLUMN picture_owed INTEGER NOT NULL DEFAULT 0;
