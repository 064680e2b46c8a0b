-- Work claims (issue 32): with several bot processes on one database,
-- each piece of the ticker's work (a reminder, a time call, a thread to
-- reopen, a masked pass, the computer's turn) is done by the process that
-- claims it. A claim names its owner (one per running table) and expires
-- unless the owner renews it, so the work of a process that died is taken
-- up by another once its claims expire. A notice claim remembers how many
-- notices the match had sent (`notice_version`, `notice_sent`), so a notice
-- recorded as sent by a process that died before posting it counts as
-- unsent again and goes out from another process.
-- SQLite keeps one process per database (the instance lock) but runs the
-- same claims, so both databases take one code path.
CREATE TABLE work_claims (
    kind TEXT NOT NULL,
    item INTEGER NOT NULL,
    owner TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    notice_version INTEGER,
    notice_sent INTEGER,
    PRIMARY KEY (kind, item)
);
CREATE INDEX work_claims_expiry ON work_claims (expires_at);
CREATE INDEX work_claims_owner ON work_claims (owner);
