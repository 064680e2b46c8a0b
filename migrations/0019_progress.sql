-- Players' progress, the rest of issue 33.
--
-- `player_records`: each player's wins, losses and draws per server and
-- game under one heading (a deck, an opponent, a computer level), so
-- `/stats` reads a few rows instead of grouping ~1,000 result lines.
-- Derived data, like `player_results` and `ratings`: written in the same
-- transaction as the seat's result line, and rebuilt with them by
-- `cardtable ratings rebuild`. `kind` is `deck` (rated lines),
-- `opponent` (two-player rated lines; `heading` is the opponent's id) or
-- `computer` (matches against it; `heading` is its seat id, with its level).
CREATE TABLE player_records (
    guild   TEXT NOT NULL,
    user_id TEXT NOT NULL,
    game    TEXT NOT NULL,
    kind    TEXT NOT NULL,
    heading TEXT NOT NULL,
    played  INTEGER NOT NULL,
    wins    INTEGER NOT NULL,
    losses  INTEGER NOT NULL,
    draws   INTEGER NOT NULL,
    PRIMARY KEY (guild, user_id, game, kind, heading)
);

-- The lines rated before this migration, summed once.
INSERT INTO player_records (guild, user_id, game, kind, heading, played, wins, losses, draws)
    SELECT guild, user_id, game, 'deck', deck_name, COUNT(*),
           COUNT(CASE WHEN result = 'win' THEN 1 END), COUNT(CASE WHEN result = 'loss' THEN 1 END),
           COUNT(CASE WHEN result = 'draw' THEN 1 END)
    FROM player_results WHERE line IS NOT NULL GROUP BY guild, user_id, game, deck_name;
INSERT INTO player_records (guild, user_id, game, kind, heading, played, wins, losses, draws)
    SELECT guild, user_id, game, 'opponent', opponents, COUNT(*),
           COUNT(CASE WHEN result = 'win' THEN 1 END), COUNT(CASE WHEN result = 'loss' THEN 1 END),
           COUNT(CASE WHEN result = 'draw' THEN 1 END)
    FROM player_results WHERE line = 'duel' GROUP BY guild, user_id, game, opponents;
INSERT INTO player_records (guild, user_id, game, kind, heading, played, wins, losses, draws)
    SELECT guild, user_id, game, 'computer', opponents, COUNT(*),
           COUNT(CASE WHEN result = 'win' THEN 1 END), COUNT(CASE WHEN result = 'loss' THEN 1 END),
           COUNT(CASE WHEN result = 'draw' THEN 1 END)
    FROM player_results WHERE unrated = 'computer' GROUP BY guild, user_id, game, opponents;

-- Hints (the Hint button of the hand, in matches against the computer):
-- one row per seat and decision it asked at (asking again at the same
-- version is the same hint). The board counts them; a match's record
-- lists them. They go with their match.
CREATE TABLE match_hints (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    version  INTEGER NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat, version)
);
