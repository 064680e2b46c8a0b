-- Twin of ../0003_auto_pass.sql.
ALTER TABLE users ADD COLUMN auto_pass BOOLEAN NOT NULL DEFAULT FALSE;
