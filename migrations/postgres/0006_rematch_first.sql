-- Twin of ../0006_rematch_first.sql.
ALTER TABLE challenges ADD COLUMN starts TEXT;
