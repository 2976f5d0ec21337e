-- Initial schema: games, seats, the append-only action log, user settings, results.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game             TEXT    NOT NULL,                 -- registry id, e.g. 'kasane'
    status           TEXT    NOT NULL,                 -- lobby | playing | finished | abandoned
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,                 -- where the lobby was posted
    thread_id        INTEGER,                          -- the game's thread
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    table_posted_at  REAL,
    ping_message_id  INTEGER,
    host_id          INTEGER NOT NULL,
    language         TEXT    NOT NULL,                 -- ja | en: the table's language
    options          TEXT    NOT NULL DEFAULT '{}',    -- the engine's Options as JSON
    cpu_level        TEXT    NOT NULL DEFAULT 'strong',
    turn_seconds     INTEGER NOT NULL DEFAULT 0,       -- 0 = no turn timer
    deadline         REAL,                             -- unix time the current turn ends
    seed             INTEGER NOT NULL,
    players          INTEGER,
    version          INTEGER NOT NULL DEFAULT 0,       -- number of applied actions
    snapshot         TEXT,                             -- engine snapshot JSON after `version`
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                                 -- NULL for a CPU
    cpu_level TEXT,                                    -- set for a CPU
    name      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,                       -- the game version this action produced
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                       -- Action.encode()
    by_cpu     INTEGER NOT NULL DEFAULT 0,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE hand_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,                       -- the DM channel
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE user_settings (
    user_id       INTEGER PRIMARY KEY,
    hand_delivery TEXT NOT NULL DEFAULT 'ephemeral',   -- ephemeral | dm
    language      TEXT NOT NULL DEFAULT 'en'           -- for DMs: the locale of /settings
);

CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    finished_at REAL NOT NULL,
    scores      TEXT NOT NULL,                         -- JSON list per seat
    winners     TEXT NOT NULL,                         -- JSON list of seats
    result      TEXT NOT NULL                          -- full Result JSON
);
