-- A DM hand's pending pick survives a restart: the pick shown back on the seat's DM hand
-- message for confirmation is kept with that message, so the next process keeps showing it
-- (with its Confirm button) while it stays legal.

ALTER TABLE hand_messages ADD COLUMN confirm_notice TEXT;   -- the pick's notice, NULL: no pick
ALTER TABLE hand_messages ADD COLUMN confirm_action TEXT;   -- the encoded action it confirms
