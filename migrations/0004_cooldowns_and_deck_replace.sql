-- Limits against spam.

-- The last time each user re-posted a match's board with /board, so a user
-- re-posts a given match's board at most once a minute.
CREATE TABLE board_reposts (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   TEXT NOT NULL,
    posted_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- Challenges are capped per challenger and opponent per hour: counted from
-- `challenges` itself, whatever became of them.
CREATE INDEX challenges_pair_created ON challenges (challenger, opponent, created_at);
