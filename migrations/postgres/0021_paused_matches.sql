-- Twin of ../0021_paused_matches.sql.
ALTER TABLE matches ADD COLUMN paused TEXT;
ALTER TABLE matches ADD COLUMN paused_at BIGINT;
ALTER TABLE matches ADD COLUMN ended_by TEXT;
