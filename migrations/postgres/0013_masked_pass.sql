-- Twin of ../0013_masked_pass.sql.
ALTER TABLE matches ADD COLUMN pass_at BIGINT;
