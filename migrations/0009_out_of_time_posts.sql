-- The "has run out of time" post with its Skip button (issue 20), kept while the seat is out of time on
-- that decision, so that the button goes once the player moves, the bot takes the seat or the game
-- ends (a Skip left under a decision already taken only invites a refusal). Portable SQL.
ALTER TABLE seat_clocks ADD COLUMN out_of_time_post BIGINT;
