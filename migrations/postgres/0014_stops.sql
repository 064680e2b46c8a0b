-- Twin of ../0014_stops.sql.
ALTER TABLE users ADD COLUMN stops TEXT NOT NULL DEFAULT '';
