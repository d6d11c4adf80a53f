-- Five languages (issue 21). Portable SQL (SQLite and PostgreSQL).

-- The language of the game's public posts (turn lines, summaries, the lobby, reminders in the
-- channel), chosen at /game new: 'en', 'uk', 'ru', 'pl' or 'ca'. Older games speak English.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- A player's own choice (/boardroom me language:); NULL: their Discord client's language.
ALTER TABLE player_settings ADD COLUMN language TEXT;
