-- Initial schema: games, seats, the append-only action log, user settings, results.
-- Discord ids are 64-bit integers, unix times floating point, JSON kept as the text the bot
-- wrote; the words in braces are each dialect's type words (see `bot/migrations/__init__.py`).

CREATE TABLE games (
    id               {id_key},
    game             TEXT    NOT NULL,                 -- registry id, e.g. 'kasane'
    status           TEXT    NOT NULL,                 -- lobby | playing | finished | abandoned
    guild_id         {int64} NOT NULL,
    channel_id       {int64} NOT NULL,                 -- where the lobby was posted
    thread_id        {int64},                          -- the game's thread
    lobby_message_id {int64},
    table_message_id {int64},
    table_posted_at  {float64},
    ping_message_id  {int64},
    host_id          {int64} NOT NULL,
    language         TEXT    NOT NULL,                 -- ja | en: the table's language
    options          TEXT    NOT NULL DEFAULT '{}',    -- the engine's Options as JSON
    cpu_level        TEXT    NOT NULL DEFAULT 'strong',
    turn_seconds     INTEGER NOT NULL DEFAULT 0,       -- 0 = no turn timer
    deadline         {float64},                        -- unix time the current turn ends
    seed             {int64} NOT NULL,
    players          INTEGER,
    version          INTEGER NOT NULL DEFAULT 0,       -- number of applied actions
    snapshot         TEXT,                             -- engine snapshot JSON after `version`
    created_at       {float64} NOT NULL,
    updated_at       {float64} NOT NULL
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id   {int64} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   {int64},                                 -- NULL for a CPU
    cpu_level TEXT,                                    -- set for a CPU
    name      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id    {int64} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,                       -- the game version this action produced
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                       -- Action.encode()
    by_cpu     INTEGER NOT NULL DEFAULT 0,
    created_at {float64} NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE hand_messages (
    game_id    {int64} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    channel_id {int64} NOT NULL,                       -- the DM channel
    message_id {int64} NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE user_settings (
    user_id       {int64} PRIMARY KEY,
    hand_delivery TEXT NOT NULL DEFAULT 'ephemeral',   -- ephemeral | dm
    language      TEXT NOT NULL DEFAULT 'en'           -- for DMs: the locale of /settings
);

CREATE TABLE results (
    game_id     {int64} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    finished_at {float64} NOT NULL,
    scores      TEXT NOT NULL,                         -- JSON list per seat
    winners     TEXT NOT NULL,                         -- JSON list of seats
    result      TEXT NOT NULL                          -- full Result JSON
);
