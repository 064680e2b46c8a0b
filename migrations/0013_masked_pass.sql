-- Quiet priority windows (issue 28): when a player is at a window they are
-- asked at by default, the table neither pings them in the thread nor
-- tells anyone whether they can respond. `pass_at` is when the window's
-- masking delay ends: the table passes for a player with nothing to
-- answer then, and a board that changes hands by then is edited in place.
-- NULL: no quiet window is open.
ALTER TABLE matches ADD COLUMN pass_at INTEGER;
