-- Abuse limits that outlive /privacy erase (issue 54). Each counted action
-- (a challenge, a match against the computer, a hint) leaves a mark: its
-- kind, who acted and, for a challenge, whom it invited, each as a keyed
-- hash of the Discord id (HMAC-SHA256 under `limit_key`), never the id
-- itself; a mark is deleted once its limit's window (`expires_at`) is
-- over. Erasing re-keys every row naming the person to a pseudonym, but
-- not these: the hash of their id is the same before and after.
CREATE TABLE limit_marks (
    kind       TEXT NOT NULL,
    who        TEXT NOT NULL,
    whom       TEXT NOT NULL DEFAULT '',
    at         INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX limit_marks_who ON limit_marks (kind, who, at);
CREATE INDEX limit_marks_expiry ON limit_marks (expires_at);

-- The key of those hashes: random, made once by the first process that
-- needs it (one row, id 1).
CREATE TABLE limit_key (
    id     INTEGER PRIMARY KEY NOT NULL,
    secret TEXT NOT NULL
);

-- Erasures, as a count per server for its managers: when, never who.
-- They go with the server's other records (purge).
CREATE TABLE erasures (
    guild     TEXT NOT NULL,
    erased_at INTEGER NOT NULL
);
CREATE INDEX erasures_guild ON erasures (guild);

-- Caps a server's managers set with /settings (NULL: the bot's default):
-- active matches a member may sit in, and active matches in the server.
ALTER TABLE guild_settings ADD COLUMN member_matches INTEGER;
ALTER TABLE guild_settings ADD COLUMN server_matches INTEGER;

-- A hint's answer, kept: the decision it answers is searched once.
ALTER TABLE match_hints ADD COLUMN answer TEXT;
