-- A game can be played in its own thread (issue 14): the host chooses it at /game new
-- (`thread_wanted`); at start the bot opens a thread on the lobby message, and the game moves
-- there (`channel_id` becomes the thread, `parent_channel_id` the channel of the lobby, where the
-- final result and a link are posted too). The parent channel is then free for another game.

ALTER TABLE games ADD COLUMN thread_wanted INTEGER NOT NULL DEFAULT 0 CHECK (thread_wanted IN (0, 1));

ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;

CREATE INDEX games_by_parent_channel ON games (parent_channel_id) WHERE parent_channel_id IS NOT NULL;
