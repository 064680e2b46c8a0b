-- Spheres setup 1 (issue 11): in a series of games the first turn passes
-- clockwise. A rematch challenge names the user who takes the first turn
-- of the match it starts (NULL: the game's own rule decides).
ALTER TABLE challenges ADD COLUMN starts TEXT;
