-- Play that suits chat (issue 10).
-- Standing orders given during a match: JSON object, seat number -> list of
-- {"key": …, "turn": …} ('' when none).
ALTER TABLE matches ADD COLUMN orders TEXT NOT NULL DEFAULT '';
-- Public events since the live board was posted, shown on it while it is
-- edited in place and carried into the next post (JSON list; '' when none).
ALTER TABLE matches ADD COLUMN board_events TEXT NOT NULL DEFAULT '';
-- A player's standing orders for all their matches (comma-separated keys).
ALTER TABLE users ADD COLUMN standing_orders TEXT NOT NULL DEFAULT '';
