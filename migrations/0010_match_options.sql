-- Match options (Athernum, issue 13): a challenge may ask for a best of 3
-- and a match time limit. NULL: a single game, no time limit.
ALTER TABLE challenges ADD COLUMN best_of INTEGER;
ALTER TABLE challenges ADD COLUMN time_limit INTEGER;

-- When the match's time limit is reached (unix seconds): the ticker, or
-- the next action, then logs the time call and clears it. NULL: no limit,
-- or time already called.
ALTER TABLE matches ADD COLUMN time_up_at INTEGER;
CREATE INDEX matches_time_up ON matches (time_up_at) WHERE time_up_at IS NOT NULL;
