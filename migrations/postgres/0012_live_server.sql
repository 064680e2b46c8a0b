-- Twin of ../0012_live_server.sql. PostgreSQL can change a column
-- default, so new users also get reminders off by default here.
UPDATE users SET dm_reminders = FALSE;
ALTER TABLE users ALTER COLUMN dm_reminders SET DEFAULT FALSE;

ALTER TABLE challenges ADD COLUMN thread TEXT;

ALTER TABLE matches ADD COLUMN retry_at BIGINT;
ALTER TABLE matches ADD COLUMN delivery_failures BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN moved_from TEXT;
