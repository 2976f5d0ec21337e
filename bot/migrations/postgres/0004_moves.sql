-- A move is stored by one statement, `INSERT INTO moves (...)`, as in ../0004_moves.sql: the
-- trigger writes the action row, the new snapshot, version and deadline, and for a game's last
-- move its result, all inside that one statement.
--
-- Across processes: the trigger's UPDATE of the game's row takes that row's lock, so two
-- processes storing a move of the same game are serialised by the database; the second one
-- finds the version already moved on and aborts with 'stale version' (SQLSTATE P0001), writing
-- nothing. The same UPDATE notifies channel 'game_moves' with "<game id>:<version>", delivered
-- to every listening process when (and only if) the move commits.

CREATE VIEW moves AS
SELECT
    game_id,
    version,
    seat,
    action,
    by_cpu,
    created_at,
    NULL::TEXT AS snapshot,              -- the engine snapshot JSON after this move
    NULL::DOUBLE PRECISION AS deadline,  -- unix time the next turn ends, or NULL
    NULL::TEXT AS scores,                -- a game's last move: its scores (JSON list per seat)
    NULL::TEXT AS winners,               -- a game's last move: its winning seats (JSON list)
    NULL::TEXT AS result                 -- a game's last move: its full Result JSON
FROM actions;

CREATE FUNCTION moves_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET
        version = NEW.version,
        snapshot = NEW.snapshot,
        deadline = NEW.deadline,
        updated_at = NEW.created_at,
        status = CASE WHEN NEW.result IS NULL THEN 'playing' ELSE 'finished' END,
        end_published = NEW.result IS NULL
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
