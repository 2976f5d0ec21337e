-- One owner for a game's status: the application decides it (a move that ends the game stores
-- 'finished'), and the move statement only writes what it is given. Migration 0004's trigger
-- derived the status from the presence of a result, repeating that decision in SQL.
--
-- `table_version` is the version the game's table message shows on Discord (NULL: unknown, as
-- for every game stored before this migration). After a restart only the tables behind their
-- game's version are published again.

ALTER TABLE games ADD COLUMN table_version INTEGER;

DROP TRIGGER moves_insert;
DROP VIEW moves;

CREATE VIEW moves AS
SELECT
    game_id,
    version,
    seat,
    action,
    by_cpu,
    created_at,
    NULL AS status,     -- the game's status after this move: 'playing' or 'finished'
    NULL AS snapshot,   -- the engine snapshot JSON after this move
    NULL AS deadline,   -- unix time the next turn ends, or NULL
    NULL AS scores,     -- a game's last move: its scores (JSON list per seat), else NULL
    NULL AS winners,    -- a game's last move: its winning seats (JSON list), else NULL
    NULL AS result      -- a game's last move: its full Result JSON, else NULL
FROM actions;

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
