-- Twin of ../0017_turn_dm.sql.
ALTER TABLE users ADD COLUMN turn_dm BOOLEAN NOT NULL DEFAULT TRUE;
