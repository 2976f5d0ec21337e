-- A move is stored by one statement, `INSERT INTO moves (...)`: the action row, the game's
-- status, snapshot, version and deadline, and for a game's last move its result. The trigger
-- below does all of it as part of that single statement, so it is atomic without an explicit
-- transaction, and the bot hands the database one statement per move instead of a transaction
-- of four. (Migration 0004 first made it so, with a trigger that derived the status from the
-- presence of a result; the status is now the application's decision, written as given.)
--
-- `moves` is written, never read: its columns are what a move is stored with. A game that is not
-- at `version - 1` (or no longer playing) aborts the statement with the message 'stale version'
-- (on PostgreSQL, SQLSTATE P0001) and nothing is written.
--
-- Across processes (PostgreSQL): the trigger's UPDATE of the game's row takes that row's lock,
-- so two processes storing a move of the same game are serialised by the database; the second
-- one finds the version already moved on and aborts. The trigger notifies channel 'game_moves'
-- with "<game id>:<version>", delivered to every listening process when (and only if) the move
-- commits.
--
-- `table_version` is the version the game's table message shows on Discord (NULL: unknown, as
-- for every game stored before this migration). After a restart only the tables behind their
-- game's version are published again.

ALTER TABLE games ADD COLUMN table_version INTEGER;

DROP VIEW IF EXISTS moves;  -- the view of 0004, with its trigger

CREATE VIEW moves AS
SELECT
    game_id,
    version,
    seat,
    action,
    by_cpu,
    created_at,
    {null_text} AS status,        -- the game's status after this move: 'playing' or 'finished'
    {null_text} AS snapshot,      -- the engine snapshot JSON after this move
    {null_float64} AS deadline,   -- unix time the next turn ends, or NULL
    {null_text} AS scores,        -- a game's last move: its scores (JSON list per seat), else NULL
    {null_text} AS winners,       -- a game's last move: its winning seats (JSON list), else NULL
    {null_text} AS result         -- a game's last move: its full Result JSON, else NULL
FROM actions;

-- [sqlite]
CREATE TRIGGER moves_insert INSTEAD OF INSERT ON moves
BEGIN
    SELECT RAISE(ABORT, 'stale version')
    WHERE NOT EXISTS (
        SELECT 1 FROM games
        WHERE id = NEW.game_id AND version = NEW.version - 1 AND status = 'playing'
    );
    UPDATE games SET
        version = NEW.version,
        snapshot = NEW.snapshot,
        deadline = NEW.deadline,
        updated_at = NEW.created_at,
        status = NEW.status,
        end_published = NEW.status <> 'finished'
    WHERE id = NEW.game_id;
    INSERT INTO actions (game_id, version, seat, action, by_cpu, created_at)
    VALUES (NEW.game_id, NEW.version, NEW.seat, NEW.action, NEW.by_cpu, NEW.created_at);
    INSERT INTO results (game_id, game, finished_at, scores, winners, result)
    SELECT id, game, NEW.created_at, NEW.scores, NEW.winners, NEW.result
    FROM games
    WHERE id = NEW.game_id AND NEW.result IS NOT NULL;
END;

-- [postgres]
DROP FUNCTION IF EXISTS moves_insert();  -- the function of 0004's trigger

CREATE FUNCTION moves_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET
        version = NEW.version,
        snapshot = NEW.snapshot,
        deadline = NEW.deadline,
        updated_at = NEW.created_at,
        status = NEW.status,
        end_published = NEW.status <> 'finished'
    WHERE id = NEW.game_id AND version = NEW.version - 1 AND status = 'playing';
    IF NOT FOUND THEN
        RAISE EXCEPTION 'stale version';
    END IF;
    INSERT INTO actions (game_id, version, seat, action, by_cpu, created_at)
    VALUES (NEW.game_id, NEW.version, NEW.seat, NEW.action, NEW.by_cpu, NEW.created_at);
    IF NEW.result IS NOT NULL THEN
        INSERT INTO results (game_id, game, finished_at, scores, winners, result)
        SELECT id, game, NEW.created_at, NEW.scores, NEW.winners, NEW.result
        FROM games WHERE id = NEW.game_id;
    END IF;
    PERFORM pg_notify('game_moves', NEW.game_id || ':' || NEW.version);
    RETURN NEW;
END;
$$;

CREATE TRIGGER moves_insert INSTEAD OF INSERT ON moves
FOR EACH ROW EXECUTE FUNCTION moves_insert();
