-- Twin of ../0005_chat.sql.
ALTER TABLE matches ADD COLUMN orders TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN board_events TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN standing_orders TEXT NOT NULL DEFAULT '';
