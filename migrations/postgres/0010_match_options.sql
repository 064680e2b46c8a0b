-- Twin of ../0010_match_options.sql.
ALTER TABLE challenges ADD COLUMN best_of BIGINT;
ALTER TABLE challenges ADD COLUMN time_limit BIGINT;

ALTER TABLE matches ADD COLUMN time_up_at BIGINT;
CREATE INDEX matches_time_up ON matches (time_up_at) WHERE time_up_at IS NOT NULL;
