-- Matches Discord set aside (issue 31): a moderator locked or deleted the
-- match thread, or its channel is gone for good (deleted, or the bot's
-- access lost). `paused` says why ('locked', 'deleted', 'channel'; NULL:
-- playing), `paused_at` since when: the ticker leaves a paused match alone
-- and `/resume` moves its clocks on by the pause.
ALTER TABLE matches ADD COLUMN paused TEXT;
ALTER TABLE matches ADD COLUMN paused_at INTEGER;
-- The moderator who ended the match with /end-match (it finishes without a
-- result: no rating changes).
ALTER TABLE matches ADD COLUMN ended_by TEXT;
