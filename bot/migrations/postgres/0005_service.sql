-- The game's status is the application's decision, written by the move statement as given;
-- `table_version` is the version the game's table message shows (see ../0005_service.sql).
-- The move is announced by NOTIFY as in 0004.

ALTER TABLE games ADD COLUMN table_version INTEGER;

DROP TRIGGER moves_insert ON moves;
DROP FUNCTION moves_insert();
DROP VIEW moves;

CREATE VIEW moves AS
SELECT
    game_id,
    version,
    seat,
    action,
    by_cpu,
    created_at,
    NULL::TEXT AS status,                -- the game's status after this move: playing, finished
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
