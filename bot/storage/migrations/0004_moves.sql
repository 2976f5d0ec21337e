-- This migration first made a move one statement, `INSERT INTO moves (...)`, into a view whose
-- trigger wrote the action row, the game's new state and a last move's result. Migration 0005
-- replaced that view and trigger, and now creates them, in their current form, for every
-- database (replacing them where this migration made them). The number stays, as databases
-- record the numbers they applied, with a statement that changes nothing (PostgreSQL's driver
-- refuses a migration of comments alone).

SELECT 1;
