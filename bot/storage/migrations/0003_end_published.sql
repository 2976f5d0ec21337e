-- Whether the end of a finished game (its final table and breakdown) reached Discord. The last
-- move sets it to false in its own transaction and the publication to true, so an end that a
-- stop (a crash, a kill) kept from Discord is published after the restart. Older games count as
-- published.

ALTER TABLE games ADD COLUMN end_published {boolean} NOT NULL DEFAULT {true};
