-- A game whose stored data cannot be loaded keeps a note of why (shown by /game list);
-- the rows themselves are never overwritten with anything but a verified repair.

ALTER TABLE games ADD COLUMN problem TEXT;
