-- The seats of a new turn line (JSON list), from just before it is posted until its message id is
-- recorded; NULL otherwise. Left set, the line may be in the channel without its id in the database
-- (the process died, or Discord's answer never arrived): the next look at the game finds it in the
-- channel's recent messages, keeps it as the game's line and retires any other.
ALTER TABLE games ADD COLUMN prompt_posting TEXT;
