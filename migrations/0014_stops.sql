-- Stops a player sets (issue 28): the priority windows they want to be
-- asked at beyond each game's defaults, and those they want passed for
-- them, as `/settings stops` takes them ("end,no-blockers"). Empty: the
-- games' defaults.
ALTER TABLE users ADD COLUMN stops TEXT NOT NULL DEFAULT '';
