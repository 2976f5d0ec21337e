-- Whether the end of a finished game reached Discord (see ../0003_end_published.sql).

ALTER TABLE games ADD COLUMN end_published BOOLEAN NOT NULL DEFAULT TRUE;
