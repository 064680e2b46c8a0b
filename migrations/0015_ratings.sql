-- Players' progress (issue 33): every finished match gets a place in the
-- order results are rated in; each seat gets a line (history, rating
-- change); each player a rating per server, game and line.
--
-- Only `match_results.seq` is a fact of its own (the order matches ended
-- in); `player_results` and `ratings` are derived from the matches and
-- their logs and are rebuilt by `cardtable ratings rebuild`.

CREATE TABLE match_results (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    match_id    INTEGER NOT NULL UNIQUE REFERENCES matches (id) ON DELETE CASCADE,
    finished_at INTEGER NOT NULL,
    rated       INTEGER NOT NULL DEFAULT 0           -- 1 once its lines are written
);

CREATE INDEX match_results_unrated ON match_results (seq) WHERE rated = 0;

-- Within the statement that finishes the match: no end goes unrecorded.
CREATE TRIGGER matches_record_result
AFTER UPDATE OF status ON matches
WHEN NEW.status = 'finished' AND OLD.status <> 'finished'
BEGIN
    INSERT OR IGNORE INTO match_results (match_id, finished_at) VALUES (NEW.id, NEW.updated_at);
END;

-- Matches that ended before this migration: rated by the next pass.
INSERT INTO match_results (match_id, finished_at)
    SELECT id, updated_at FROM matches WHERE status = 'finished' ORDER BY updated_at, id;

CREATE TABLE player_results (
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    seq           INTEGER NOT NULL,                  -- match_results.seq
    guild         TEXT NOT NULL,                     -- '' outside a server
    game          TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    deck_name     TEXT NOT NULL,
    opponents     TEXT NOT NULL,                     -- comma list of user ids
    result        TEXT,                              -- win | loss | draw
    line          TEXT,                              -- duel | multi; NULL: unrated
    unrated       TEXT,                              -- computer | abandoned | unreadable
    rating_before REAL,
    rating_after  REAL,
    finished_at   INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX player_results_user ON player_results (guild, user_id, game, seq);
CREATE INDEX player_results_user_guild ON player_results (user_id, guild);

CREATE TABLE ratings (
    guild      TEXT NOT NULL,
    game       TEXT NOT NULL,
    line       TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    matches    INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    streak     INTEGER NOT NULL,
    PRIMARY KEY (guild, game, line, user_id)
);

CREATE INDEX ratings_board ON ratings (guild, game, line, rating DESC);

-- A player may keep their stats to themselves.
ALTER TABLE users ADD COLUMN stats_private INTEGER NOT NULL DEFAULT 0;

-- Server settings: a server manager may switch the leaderboard off.
CREATE TABLE guild_settings (
    guild       TEXT PRIMARY KEY NOT NULL,
    leaderboard INTEGER NOT NULL DEFAULT 1
);
