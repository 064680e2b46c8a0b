-- cardtable: initial schema.
-- Times are unix seconds (INTEGER). Game state, setup, actions and outcomes are
-- opaque JSON text owned by the game rules; the store never looks inside them.

CREATE TABLE users (
    id            TEXT PRIMARY KEY NOT NULL,          -- discord (or console) user id
    name          TEXT NOT NULL DEFAULT '',
    hold_priority INTEGER NOT NULL DEFAULT 0,
    dm_reminders  INTEGER NOT NULL DEFAULT 1,
    created_at    INTEGER NOT NULL DEFAULT (CAST(strftime('%s', 'now') AS INTEGER))
);

CREATE TABLE decks (
    id         INTEGER PRIMARY KEY NOT NULL,
    owner      TEXT NOT NULL,
    game       TEXT NOT NULL,
    -- Players type deck names by hand: "Aggro" and "aggro" are the same deck.
    name       TEXT NOT NULL COLLATE NOCASE,
    cards      TEXT NOT NULL,                         -- deck list text
    created_at INTEGER NOT NULL DEFAULT (CAST(strftime('%s', 'now') AS INTEGER)),
    UNIQUE (owner, game, name)
);

CREATE TABLE matches (
    id                 INTEGER PRIMARY KEY NOT NULL,
    game               TEXT NOT NULL,
    variant            TEXT,
    guild              TEXT,
    channel            TEXT NOT NULL,
    thread             TEXT,
    board_message      TEXT,
    status             TEXT NOT NULL DEFAULT 'active'
                       CHECK (status IN ('active', 'finished', 'corrupt')),
    version            INTEGER NOT NULL DEFAULT 0,
    setup              TEXT NOT NULL,                 -- JSON, needed for replay
    state              TEXT NOT NULL,                 -- JSON snapshot at `version`
    outcome            TEXT,                          -- JSON, once finished
    corrupt_reason     TEXT,                          -- why the match was set aside
    to_act             TEXT NOT NULL DEFAULT '',      -- comma list of waiting seats
    deadline_at        INTEGER,                       -- forfeit deadline of the pending decision
    reminders_sent     INTEGER NOT NULL DEFAULT 0,
    turn_started_at    INTEGER,
    limit_hours        INTEGER NOT NULL DEFAULT 72,
    last_board_version INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
);

CREATE INDEX matches_status_deadline ON matches (status, deadline_at);
CREATE INDEX matches_thread ON matches (thread) WHERE thread IS NOT NULL;

CREATE TABLE match_seats (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   TEXT NOT NULL,
    deck_name TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX match_seats_user ON match_seats (user_id);

-- Append-only: seq is the match version right after this action was applied.
CREATE TABLE match_actions (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,                           -- JSON
    at       INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY NOT NULL,
    guild           TEXT,
    channel         TEXT NOT NULL,
    challenger      TEXT NOT NULL,
    opponent        TEXT NOT NULL,
    game            TEXT NOT NULL,
    challenger_deck TEXT NOT NULL,
    variant         TEXT,
    deadline_hours  INTEGER NOT NULL DEFAULT 72,
    status          TEXT NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'cancelled')),
    match_id        INTEGER REFERENCES matches (id),
    message_id      TEXT,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL
);

CREATE INDEX challenges_status_expires ON challenges (status, expires_at);
