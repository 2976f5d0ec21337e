-- A player's own language (`/settings language`): their hands, refusals, log and pings speak it
-- whatever their Discord client's language; NULL: the client's.

ALTER TABLE user_settings ADD COLUMN chosen_language TEXT;
