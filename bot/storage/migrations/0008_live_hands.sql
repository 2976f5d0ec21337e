-- Live hands survive a restart: each player's one live ephemeral hand is kept with the
-- interaction token that edits it (valid 15 minutes from the interaction's creation), so the
-- next process keeps it current and closes it before the token expires.

CREATE TABLE live_hands (
    game_id        {int64}   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER   NOT NULL,
    language       TEXT      NOT NULL,   -- the hand's language (its player's locale)
    application_id {int64}   NOT NULL,   -- with the token: the webhook that edits it
    token          TEXT      NOT NULL,
    message_id     {int64}   NOT NULL,
    created_at     {float64} NOT NULL,   -- the interaction's creation (Unix seconds)
    confirm_notice TEXT,                 -- a pick shown back for confirmation, if any
    confirm_action TEXT,
    PRIMARY KEY (game_id, seat)
);
