-- A move is stored by one statement, `INSERT INTO moves (...)`: the action row, the new
-- snapshot, version and deadline, and for a game's last move its result. The trigger below does
-- all of it as part of that single statement, so it is atomic without an explicit transaction,
-- and the bot hands SQLite one statement per move instead of a transaction of four.
--
-- `moves` is written, never read: its columns are what a move is stored with. A game that is not
-- at `version - 1` (or no longer playing) aborts the statement with the message 'stale version'
-- and nothing is written.

CREATE VIEW moves AS
SELECT
    game_id,
    version,
    seat,
    action,
    by_cpu,
    created_at,
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
        status = CASE WHEN NEW.result IS NULL THEN 'playing' ELSE 'finished' END,
        end_published = NEW.result IS NULL
    WHERE id = NEW.game_id;
    INSERT INTO actions (game_id, version, seat, action, by_cpu, created_at)
    VALUES (NEW.game_id, NEW.version, NEW.seat, NEW.action, NEW.by_cpu, NEW.created_at);
    INSERT INTO results (game_id, game, finished_at, scores, winners, result)
    SELECT id, game, NEW.created_at, NEW.scores, NEW.winners, NEW.result
    FROM games
    WHERE id = NEW.game_id AND NEW.result IS NOT NULL;
END;
