-- Records and ratings (`/stats`, `/leaderboard`, `python -m bot recompute-ratings`).
--
-- `seat_records`: every game that ended, one row a seat, written in the same transaction as
-- the move that finished the game (or the abandoning of a game in play), so nothing the bot
-- acknowledged is lost and a restart never counts a game twice (the key is the game's seat).
-- `outcome` is 'won' (a winning seat, ties included), 'lost', 'left' (a person's seat that a
-- CPU was playing at the end: it counts as neither for them, and is rated for nobody) or
-- 'abandoned' (no place, no score: neither). A CPU seat has no user id and its level; a left
-- seat has its person's id and the level of the CPU that finished it.
--
-- `ratings`: Weng-Lin (openskill's Plackett-Luce) ratings per server and title; `player` is
-- 'user:<id>' for a person and 'cpu:<level>' for a CPU level, rated like a person. A record
-- keeps its rated player's rating before and after the game, so the end can show the change
-- and a recompute rewrites both from the records in order.

CREATE TABLE seat_records (
    game_id      {int64}   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER   NOT NULL,
    guild_id     {int64}   NOT NULL,
    game         TEXT      NOT NULL,                -- the title's registry id
    ended_at     {float64} NOT NULL,
    players      INTEGER   NOT NULL,                -- seats at the table
    user_id      {int64},                           -- the person, NULL for a CPU seat
    cpu_level    TEXT,                              -- a CPU seat's level (or the CPU's that
                                                    -- finished a left seat)
    name         TEXT      NOT NULL,                -- the name the table showed
    outcome      TEXT      NOT NULL,                -- won | lost | left | abandoned
    place        INTEGER,                           -- 1 = first, ties share; NULL if abandoned
    score        INTEGER,
    margin       INTEGER,                           -- score minus the best other seat's
    breakdown    TEXT,                              -- JSON: the seat's named points
    rated        TEXT,                              -- the `ratings.player` rated, if any
    mu_before    {float64},
    sigma_before {float64},
    mu_after     {float64},
    sigma_after  {float64},
    games        INTEGER,                           -- the rated player's rated games by then
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_records_player ON seat_records (guild_id, user_id, game);
CREATE INDEX seat_records_order ON seat_records (ended_at, game_id);

CREATE TABLE ratings (
    guild_id   {int64}   NOT NULL,
    game       TEXT      NOT NULL,
    player     TEXT      NOT NULL,                  -- user:<id> | cpu:<level>
    user_id    {int64},
    cpu_level  TEXT,
    name       TEXT      NOT NULL,                  -- the name last shown (a person's)
    mu         {float64} NOT NULL,
    sigma      {float64} NOT NULL,
    ordinal    {float64} NOT NULL,                  -- mu - 3 sigma: what is shown and ranked
    games      INTEGER   NOT NULL,                  -- rated games
    updated_at {float64} NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal);
