-- Your turn by direct message (issue 28): when a player's turn begins, the
-- table sends them their hand, with its buttons, by direct message instead
-- of pinging them in the match thread, so they act from the message that
-- told them (a closed inbox falls back to the ping). On unless the player
-- turns it off with `/settings turn_dm:off`.
ALTER TABLE users ADD COLUMN turn_dm INTEGER NOT NULL DEFAULT 1;
