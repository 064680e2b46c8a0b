-- Limits against spam, and deck imports waiting for the owner's "Replace it".

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

-- A /deck import under a name the owner already uses waits here until the
-- owner presses "Replace it" (a button's custom_id cannot hold the list).
-- AUTOINCREMENT: an id is never reused, so the button of a superseded
-- import cannot apply a newer list.
CREATE TABLE deck_replacements (
    id         INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    owner      TEXT NOT NULL,
    game       TEXT NOT NULL,
    name       TEXT NOT NULL COLLATE NOCASE,
    cards      TEXT NOT NULL,                         -- the checked, normalised list
    created_at INTEGER NOT NULL
);

CREATE INDEX deck_replacements_owner ON deck_replacements (owner, game, name);
