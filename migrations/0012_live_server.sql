-- Surviving a live server (issue 15).

-- Reminders by direct message are opt-in: everyone starts with them off
-- (a player turns them on with /settings reminders:true). New users get 0
-- from the store's INSERT, since SQLite cannot change a column default.
UPDATE users SET dm_reminders = 0;

-- A challenge typed inside a thread is posted (and answered) in that
-- thread; its match opens in a new thread of `channel`, the parent.
ALTER TABLE challenges ADD COLUMN thread TEXT;

-- Deliveries that Discord refused are retried with backoff: `retry_at` is
-- when the ticker may try this match again (a notice, or opening its
-- thread), `delivery_failures` how many tries failed in a row.
ALTER TABLE matches ADD COLUMN retry_at INTEGER;
ALTER TABLE matches ADD COLUMN delivery_failures INTEGER NOT NULL DEFAULT 0;
-- The thread a match left because it was deleted or locked: the match is
-- moved to a new thread, which says where it came from.
ALTER TABLE matches ADD COLUMN moved_from TEXT;
