-- Seats come back: a human seat a CPU took over (`/game replace`) remembers its player, who
-- may take it back while the game runs (`/game return` or the table's button).

ALTER TABLE seats ADD COLUMN away_user_id {int64};   -- the player a CPU replaced, NULL otherwise
ALTER TABLE seats ADD COLUMN away_name TEXT;         -- their name, shown again once they return
