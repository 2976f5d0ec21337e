-- Pictures of the table, the hands and the end: on unless a server (Manage Server, `/game
-- pictures`) or a player (`/settings pictures`, for their own hand) switches them off.

CREATE TABLE guild_settings (
    guild_id {int64} PRIMARY KEY,
    pictures {int16} NOT NULL DEFAULT 1   -- 0: no pictures on this server's tables and hands
);

ALTER TABLE user_settings ADD COLUMN pictures {int16} NOT NULL DEFAULT 1;   -- 0: no hand pictures
