-- Twin of ../0024_presence.sql.
ALTER TABLE match_seats ADD COLUMN replied_at BIGINT;
ALTER TABLE match_seats ADD COLUMN held_pass BIGINT;
