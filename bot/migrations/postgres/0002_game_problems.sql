-- A game whose stored data cannot be loaded keeps a note of why (see ../0002_game_problems.sql).

ALTER TABLE games ADD COLUMN problem TEXT;
