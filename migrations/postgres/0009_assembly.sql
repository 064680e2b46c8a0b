-- Twin of ../0009_assembly.sql.
ALTER TABLE challenges ADD COLUMN assembly TEXT;
